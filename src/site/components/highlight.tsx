import type { HighlightSegment } from '../../contract/schemas/search-schema.ts';

/** The search's plain-text segments, matches as <mark>: text only, never markup from the server. */
export function Highlight({ segments }: { segments: readonly HighlightSegment[] }) {
  return (
    <>
      {segments.map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>))}
    </>
  );
}
