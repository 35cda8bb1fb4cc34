import type { ThumbnailCue } from './thumbnail-types.ts';
import { makeCue, resolveImage } from './thumbnail-url.ts';

/** `WEBVTT` alone or followed by a space or tab (https://www.w3.org/TR/webvtt1/#file-structure). */
const SIGNATURE = /^WEBVTT(?:[ \t\r\n]|$)/;
const TIMESTAMP = /^(\d+):(\d{2})(?::(\d{2}))?\.(\d{3})$/;
const ARROW = '-->';

/** True when `text` (after a BOM and leading whitespace) starts with the WebVTT signature. */
export function hasVttSignature(text: string): boolean {
  return SIGNATURE.test(text.replace(/^\uFEFF/, '').trimStart());
}

/**
 * Parses a WebVTT timestamp, `hh:mm:ss.ttt` (hours any number of digits) or `mm:ss.ttt`, as the
 * WebVTT parser does (https://www.w3.org/TR/webvtt1/#collect-a-webvtt-timestamp); NaN when invalid.
 */
export function parseVttTimestamp(text: string): number {
  const match = TIMESTAMP.exec(text);
  if (!match) return NaN;
  const [, first = '', second = '', third, millis = ''] = match;
  const hours = third === undefined ? 0 : Number(first);
  const minutes = third === undefined ? first : second;
  const seconds = third === undefined ? second : third;
  if (minutes.length !== 2 || Number(minutes) > 59 || Number(seconds) > 59) return NaN;
  return hours * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

/** Start and end of a timing line; settings after the end time are ignored. */
function parseTiming(line: string): { start: number; end: number } | undefined {
  const arrow = line.indexOf(ARROW);
  const start = parseVttTimestamp(line.slice(0, arrow).trim());
  const end = parseVttTimestamp(line.slice(arrow + ARROW.length).trim().split(/[ \t]/, 1)[0] ?? '');
  // NaN fails both comparisons; an end before the start is malformed for a thumbnail.
  return end >= start ? { start, end } : undefined;
}

type State = 'header' | 'idle' | 'identified' | 'payload' | 'skip';

/**
 * Reads a thumbnails WebVTT file: each cue's payload is an image URL, optionally with a
 * `#xywh=[pixel:]x,y,w,h` sprite tile. Tolerates a BOM, CRLF, cue identifiers, NOTE/STYLE/REGION
 * blocks and cue settings. Malformed cues and payloads that are not a URL are skipped; never throws.
 * A file without the WEBVTT signature yields no cues.
 */
export function parseThumbnailVtt(text: string, baseUrl: string): ThumbnailCue[] {
  if (!hasVttSignature(text)) return [];
  const lines = text.replace(/^\uFEFF/, '').trimStart().split(/\r\n|\r|\n/);
  const cues: ThumbnailCue[] = [];
  let state: State = 'header';
  let timing: { start: number; end: number } | undefined;
  let payload: string | undefined;
  const finish = (): void => {
    const cue = timing && payload !== undefined ? toCue(timing, payload, baseUrl) : undefined;
    if (cue) cues.push(cue);
    timing = undefined;
    payload = undefined;
  };
  for (const line of lines.slice(1)) {
    if (line.trim() === '') {
      finish();
      state = 'idle';
    } else if (state === 'header') {
      // Header lines run to the first blank line; an arrow there is not a cue (WebVTT "in header").
    } else if (line.includes(ARROW)) {
      // An arrow line on a block's first or second line opens a cue, and later in a block it
      // ends the block and opens a new one, as in the WebVTT "collect a block" steps.
      finish();
      timing = parseTiming(line);
      state = timing ? 'payload' : 'skip';
    } else if (state === 'idle') {
      state = 'identified'; // a cue identifier, or the first line of a NOTE/STYLE/REGION block
    } else if (state === 'identified') {
      state = 'skip';
    } else if (state === 'payload' && payload === undefined) {
      payload = line;
    }
  }
  finish();
  return cues.sort((a, b) => a.startTime - b.startTime);
}

function toCue(timing: { start: number; end: number }, payload: string, baseUrl: string): ThumbnailCue | undefined {
  const ref = payload.trim();
  if (/\s/.test(ref)) return undefined; // caption text, not an image URL
  const image = resolveImage(ref, baseUrl);
  if ('invalid' in image) return undefined;
  const { box } = image;
  return box
    ? makeCue(image.url, timing.start, timing.end, { width: box.w, height: box.h }, { x: box.x, y: box.y })
    : makeCue(image.url, timing.start, timing.end);
}
