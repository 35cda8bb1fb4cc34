import type { ThumbnailCue } from './thumbnail-types.ts';

/**
 * The cue showing at `time`: the last cue starting at or before it, if `time` is before its end
 * (cues cover [startTime, endTime)). `cues` must be sorted by startTime, as the parsers return
 * them; a binary search keeps scrubbing over long films cheap.
 */
export function findThumbnail(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | undefined {
  if (Number.isNaN(time)) return undefined;
  let low = 0;
  let high = cues.length; // the answer is cues[low - 1] once low === high
  while (low < high) {
    const middle = (low + high) >>> 1;
    const cue = cues[middle];
    if (cue !== undefined && cue.startTime <= time) low = middle + 1;
    else high = middle;
  }
  const cue = cues[low - 1];
  return cue !== undefined && time < cue.endTime ? cue : undefined;
}
