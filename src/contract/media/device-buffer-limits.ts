/**
 * How much media the player keeps in memory, by the device's memory (navigator.deviceMemory, in
 * GB; Chromium rounds it down to 0.25, 0.5, 1, 2, 4 or 8). A phone with 1–2 GB shares it with the
 * system and the page: a 1080p buffer of 30 s ahead and 20 s behind (about 30 MB) makes the
 * browser's own SourceBuffer eviction fail there, and hls.js players on such phones end up in
 * QuotaExceededError loops. The engines keep both a time goal (seconds) and these byte bounds.
 */
export interface BufferByteLimits {
  /** Bytes held ahead of the playhead, every SourceBuffer together. */
  aheadBytes: number;
  /** Bytes held behind the playhead (already played), every SourceBuffer together. */
  behindBytes: number;
  /** True when the device said how much memory it has and the bounds follow from it. */
  fromDevice: boolean;
}

const MB = 1024 * 1024;

/** Smallest first: the first row whose memory is at least the device's applies. */
const LIMITS_BY_MEMORY: ReadonlyArray<{ upToGb: number; aheadMb: number; behindMb: number }> = [
  { upToGb: 1, aheadMb: 15, behindMb: 5 },
  { upToGb: 2, aheadMb: 30, behindMb: 10 },
  { upToGb: 4, aheadMb: 60, behindMb: 20 },
];

/**
 * More than 4 GB, or a browser that does not say (Firefox, Safari): the seconds decide, as they
 * always did; these caps only catch a stream far above the demo ladder (30 s of a 40 Mbit/s 4K
 * rendition is 150 MB, Chromium's own limit for a video SourceBuffer).
 */
export const GENEROUS_BUFFER_LIMITS: BufferByteLimits = { aheadBytes: 150 * MB, behindBytes: 50 * MB, fromDevice: false };

export function bufferLimitsForDevice(deviceMemoryGb: number | undefined): BufferByteLimits {
  if (deviceMemoryGb === undefined || !(deviceMemoryGb > 0)) return GENEROUS_BUFFER_LIMITS;
  const row = LIMITS_BY_MEMORY.find((candidate) => deviceMemoryGb <= candidate.upToGb);
  if (!row) return GENEROUS_BUFFER_LIMITS;
  return { aheadBytes: row.aheadMb * MB, behindBytes: row.behindMb * MB, fromDevice: true };
}

/**
 * What the engine holds in its SourceBuffers, in bytes, and its bounds: the engine's statistics
 * (the debug line). `ahead` and `behind` split the held bytes at the playhead.
 */
export interface BufferBytes {
  video: number;
  audio: number;
  limitAhead: number;
  limitBehind: number;
  ahead: number;
  behind: number;
}
