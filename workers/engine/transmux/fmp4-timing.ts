import { compositionStartTime, timescale } from 'mux.js/lib/mp4/probe.js';

/** Presentation time (seconds) of a fragment's first frame, read with its init segment's timescales. */
export function fmp4StartPts(init: Uint8Array, fragment: Uint8Array): number | undefined {
  const scales = timescale(init);
  const start = compositionStartTime(scales, fragment);
  return Number.isFinite(start) ? start : undefined;
}
