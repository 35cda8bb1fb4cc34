/**
 * One preview image for a span of the timeline (SPEC.md section 3, "thumbnail cue").
 * `coords`, `width` and `height` select a tile inside a sprite; without them the whole image is
 * the thumbnail.
 */
export interface ThumbnailCue {
  /** Absolute image URL, without any media fragment. */
  url: string;
  /** Seconds. */
  startTime: number;
  /** Seconds; the cue covers [startTime, endTime). May be Infinity for the last JSON cue. */
  endTime: number;
  width?: number;
  height?: number;
  coords?: { x: number; y: number };
}
