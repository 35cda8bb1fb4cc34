/**
 * Every threshold of the rendition choice (abr-controller.ts), as data: callers may pass a merged
 * copy to the choose* functions. Bitrates are bits per second, times are seconds.
 */
export const ABR_DEFAULTS = {
  /** A start level may use this share of the estimate (or of the network class's guess). */
  startBandwidthFactor: 0.7,
  /** An up-switch target may use this share of the estimate: stricter than staying (hysteresis). */
  upBandwidthFactor: 0.7,
  /** A down-switch target (and a seek level) may use this share of the estimate. */
  downBandwidthFactor: 0.8,
  /**
   * Seconds kept in reserve when checking that the next segment arrives before the buffer runs
   * dry: the estimate excludes time to first byte, which on cellular radios is often 0.2–1 s,
   * and the segment still has to be transmuxed and appended.
   */
  safetyMarginSeconds: 1,
  /**
   * The download-time budget never drops below this, even with an empty buffer: there the
   * situation is a start or a seek, and a segment arriving within this time is acceptable.
   */
  minDownloadBudgetSeconds: 1,
  /** No up-switch with less buffer ahead than this many seconds… */
  upSwitchMinBufferSeconds: 8,
  /** …nor with less than this many segments: a failed up-switch must leave one to play. */
  upSwitchMinBufferSegments: 2,
  /**
   * …unless the higher level's next segment downloads within this share of the buffer ahead: on
   * a fast link (a LAN, fibre, loopback) the first segment already proves the link, and even a
   * throughput four times lower would bring the segment in before the buffer runs out. Without
   * this, a fresh profile on a fast link would play its first two segments at the start level.
   */
  quickUpSwitchShare: 0.25,
  /** Start and seek: the first segment should take at most this long to download. */
  firstSegmentTargetSeconds: 1,
  /** Levels shorter than this (144p, 180p) are 'tiny': never the blind start choice. */
  tinyHeightBelow: 200,
  /** Levels below this bitrate are 'tiny' too (audio-only or thumbnail-like variants). */
  tinyBitrateBelow: 100_000,
} as const;

/** The shape of ABR_DEFAULTS with plain numbers, for configs merged from it. */
export type AbrConfig = { readonly [K in keyof typeof ABR_DEFAULTS]: number };
