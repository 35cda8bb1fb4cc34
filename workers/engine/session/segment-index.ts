import type { MediaSegment } from '../hls/playlist-types.ts';

/** The index of the segment that holds `time` (playlist seconds), clamped to the playlist. */
export function segmentIndexAt(segments: readonly MediaSegment[], time: number): number {
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    const segment = segments[middle];
    if (segment && segment.start <= time + 1e-3) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}
