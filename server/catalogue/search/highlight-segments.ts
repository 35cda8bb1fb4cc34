import type { HighlightSegment } from '../../../src/contract/schemas/search-schema.ts';

/**
 * ts_headline marks matches with these instead of HTML: control characters no title or
 * description keeps (they are removed from the text first), so the answer is plain text
 * segments and no markup from the database ever reaches a page.
 */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';

/**
 * ts_headline drops what its parser reads as HTML tags ('<b>', '<script>'): '<', '>' and '&'
 * go in as control characters the parser takes for spaces, and come back out in the segments.
 * translate(text, MASK_FROM, MASK_TO) also deletes the control characters used as markers.
 */
const MASKED: Record<string, string> = { '<': '\u0003', '>': '\u0004', '&': '\u0005' };
export const MASK_FROM = `${Object.keys(MASKED).join('')}\u0001\u0002\u0003\u0004\u0005`;
export const MASK_TO = Object.values(MASKED).join('');
const unmask = (text: string) => Object.entries(MASKED).reduce((unmasked, [char, mask]) => unmasked.replaceAll(mask, char), text);

const DELIMITERS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
/** The whole title, every match marked. */
export const TITLE_HEADLINE_OPTIONS = `HighlightAll=true, ${DELIMITERS}`;
/** A few dozen words of the description around the matches (its beginning when none). */
export const SNIPPET_HEADLINE_OPTIONS = `MaxWords=35, MinWords=20, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", ${DELIMITERS}`;

/** Splits ts_headline's text into segments; neighbours of one kind are merged, empty ones dropped. */
export function highlightSegments(marked: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (masked: string, match: boolean) => {
    const text = unmask(masked);
    if (text === '') return;
    const previous = segments.at(-1);
    if (previous && previous.match === match) previous.text += text;
    else segments.push({ text, match });
  };
  for (const [index, part] of marked.split(MATCH_START).entries()) {
    if (index === 0) {
      push(part.replaceAll(MATCH_END, ''), false);
      continue;
    }
    const end = part.indexOf(MATCH_END);
    if (end === -1) {
      push(part, true);
      continue;
    }
    push(part.slice(0, end), true);
    push(part.slice(end + 1).replaceAll(MATCH_END, ''), false);
  }
  return segments;
}
