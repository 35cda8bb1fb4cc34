import findBox from 'mux.js/lib/mp4/find-box.js';

/**
 * Writes a film's duration into a transmuxed init segment's movie header. mux.js writes mvhd with
 * the "unknown" duration 0xffffffff and no mehd; Chromium's MP4 parser reads that as a live stream
 * and decodes it in low-delay mode, which turns off FFmpeg's frame threading: every frame is then
 * decoded on the one media thread, and a seek's decode from the keyframe takes about twice as long
 * on two cores (measured with bench:waterfall --trace: the media thread's CPU time per seek).
 * A known duration makes it a recorded stream, decoded as hls.js's init segments are.
 */

/** A copy of `init` with mvhd's duration set to `seconds` (in its own timescale); `init` itself if it has no version 0 mvhd. */
export function withMovieDuration(init: Uint8Array, seconds: number): Uint8Array {
  if (!(seconds > 0) || !Number.isFinite(seconds)) return init;
  const copy = init.slice();
  // The box's payload, a view on the copy: version and flags, creation, modification, timescale, duration.
  const mvhd = findBox(copy, ['moov', 'mvhd'])[0];
  if (!mvhd || mvhd[0] !== 0 || mvhd.byteLength < 20) return init;
  const view = new DataView(mvhd.buffer, mvhd.byteOffset, mvhd.byteLength);
  // 0xffffffff is the "unknown" the duration replaces: a film too long for 32 bits stays just below it.
  view.setUint32(16, Math.min(Math.round(seconds * view.getUint32(12)), 0xfffffffe));
  return copy;
}
