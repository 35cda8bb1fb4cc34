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
  const mvhd = findBox(init, ['moov', 'mvhd']);
  if (mvhd === undefined) return init;
  const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
  if (init[mvhd + 8] !== 0 || mvhd + 28 > init.byteLength) return init;
  const timescale = view.getUint32(mvhd + 20);
  // 0xffffffff is the "unknown" the duration replaces: a film too long for 32 bits stays just below it.
  const duration = Math.min(Math.round(seconds * timescale), 0xfffffffe);
  const copy = init.slice();
  new DataView(copy.buffer).setUint32(mvhd + 24, duration);
  return copy;
}

/** The offset of the box at `path` (each name a child of the one before), or undefined. */
function findBox(bytes: Uint8Array, path: readonly string[]): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start = 0;
  let end = bytes.byteLength;
  let found: number | undefined;
  for (const name of path) {
    found = undefined;
    for (let offset = start; offset + 8 <= end; ) {
      const size = view.getUint32(offset);
      if (size < 8 || offset + size > end) return undefined;
      if (String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!) === name) {
        found = offset;
        start = offset + 8;
        end = offset + size;
        break;
      }
      offset += size;
    }
    if (found === undefined) return undefined;
  }
  return found;
}
