import { bufferLimitsForDevice, type BufferByteLimits } from '../contract/media/device-buffer-limits.ts';

/**
 * The byte bounds of the custom engine (src/contract/media/device-buffer-limits.ts) as the
 * fallback engines' own settings. hls.js bounds bytes ahead itself (maxBufferSize) but keeps
 * behind by seconds; dash.js counts only seconds. Bytes become seconds at a 1080p rendition's
 * rate: the top of a ladder, so the seconds hold for every level below it.
 */
const TOP_RENDITION_BYTES_PER_SECOND = 5_000_000 / 8;
/** The seconds the custom engine keeps (session-tuning.ts, track-loader.ts): no fallback keeps more. */
const AHEAD_SECONDS = 30;
const BEHIND_SECONDS = 20;

/** The device's memory as the page sees it (Chromium); undefined elsewhere. */
export function pageDeviceMemory(): number | undefined {
  const memory = (globalThis.navigator as (Navigator & { deviceMemory?: number }) | undefined)?.deviceMemory;
  return typeof memory === 'number' && memory > 0 ? memory : undefined;
}

const secondsOf = (bytes: number, most: number) => Math.max(2, Math.min(most, Math.floor(bytes / TOP_RENDITION_BYTES_PER_SECOND)));

/** hls.js: bytes ahead as they are, seconds ahead as ours, the back buffer in seconds. */
export function hlsBufferSettings(limits: BufferByteLimits = bufferLimitsForDevice(pageDeviceMemory())) {
  return {
    maxBufferSize: limits.aheadBytes,
    maxBufferLength: AHEAD_SECONDS,
    // hls.js may go past maxBufferLength up to this when its bytes allow: not past the bound.
    maxMaxBufferLength: secondsOf(limits.aheadBytes, 600),
    backBufferLength: secondsOf(limits.behindBytes, BEHIND_SECONDS),
  };
}

/** dash.js (streaming.buffer): the seconds ahead it aims for at each stage, and the seconds it keeps behind. */
export function dashBufferSettings(limits: BufferByteLimits = bufferLimitsForDevice(pageDeviceMemory())) {
  const ahead = (most: number) => secondsOf(limits.aheadBytes, most);
  return {
    bufferTimeDefault: ahead(12),
    bufferTimeAtTopQuality: ahead(AHEAD_SECONDS),
    bufferTimeAtTopQualityLongForm: ahead(60),
    bufferToKeep: secondsOf(limits.behindBytes, BEHIND_SECONDS),
  };
}
