/** SPEC.md section 5: unmuting at volume 0 sets this volume. */
export const UNMUTE_VOLUME = 0.25;

/** The playback rates on offer (SPEC.md section 9), slowest first. */
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** SPEC.md section 5: the live-edge seek target is the seekable end minus this many seconds. */
export const LIVE_EDGE_OFFSET_SECONDS = 2;

/**
 * How far before the end a seek to the end lands: inside the last frame for any rate up to
 * 100 fps. At the duration itself the browser presents no frame (the picture stays where it
 * was) though the element says ended; just before it, the last frame shows and the film ends.
 */
export const END_SEEK_MARGIN_SECONDS = 0.01;

/** Where a seek to `time` goes: a seek at or past the end of an on-demand stream lands in its last frame. */
export function seekTarget(time: number, duration: number): number {
  if (!Number.isFinite(duration) || time < duration - END_SEEK_MARGIN_SECONDS) return time;
  return Math.max(0, duration - END_SEEK_MARGIN_SECONDS);
}

/** Volume clamped to 0..1; undefined for a value that is not a number. */
export function clampVolume(volume: number): number | undefined {
  if (!Number.isFinite(volume)) return undefined;
  return Math.min(1, Math.max(0, volume));
}

/** Where "go live" seeks: the end of the last seekable range minus 2 s; undefined if none. */
export function liveEdgeTarget(seekable: TimeRanges): number | undefined {
  if (seekable.length === 0) return undefined;
  const start = seekable.start(0);
  const end = seekable.end(seekable.length - 1);
  return Math.max(start, end - LIVE_EDGE_OFFSET_SECONDS);
}
