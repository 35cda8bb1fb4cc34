/**
 * Download throughput estimate for ABR: two exponentially weighted moving averages over samples
 * weighted by their transfer time (the approach of hls.js and Shaka), reported as the lower of the
 * two so that the estimate follows a drop quickly (fast average) and a rise slowly (slow average).
 */

/** Tuning of {@link ThroughputEstimator}; every field has a default in THROUGHPUT_DEFAULTS. */
export interface ThroughputOptions {
  /** Half-life of the fast average, in seconds of transfer time. Default 3 (hls.js VOD). */
  readonly fastHalfLifeSeconds: number;
  /** Half-life of the slow average, in seconds of transfer time. Default 9 (hls.js VOD). */
  readonly slowHalfLifeSeconds: number;
  /**
   * Samples smaller than this many bytes are ignored: a playlist or a key measures round-trip
   * latency and TCP slow start, not bandwidth. Default 16 000 (Shaka's minimum).
   */
  readonly minSampleBytes: number;
  /**
   * A transfer faster than this counts as taking this long. Below it the clock cannot tell
   * durations apart, so the sample gives a lower bound of the speed, never a made-up higher one.
   * It is not dropped: on a fast link (loopback, a LAN, fibre: a 1.35 MB segment in 11 ms at
   * 1 Gbit/s) every segment is that fast, and dropping them would leave ABR blind. Default 20 ms.
   */
  readonly minTransferMs: number;
  /**
   * No estimate until this many bytes were sampled (or an estimate was restored). Default 32 000:
   * 4 s of a 64 kbit/s lowest rendition, so the first segment of a session already counts (the
   * demo series' 240p segments are 42 kB).
   */
  readonly minTotalBytes: number;
  /**
   * Weight, in seconds of transfer time, given to a restored estimate: it counts like one
   * transfer this long, so the first real samples soon outweigh a stale memory. Default 3.
   */
  readonly restoredWeightSeconds: number;
}

export const THROUGHPUT_DEFAULTS: ThroughputOptions = {
  fastHalfLifeSeconds: 3,
  slowHalfLifeSeconds: 9,
  minSampleBytes: 16_000,
  minTransferMs: 20,
  minTotalBytes: 32_000,
  restoredWeightSeconds: 3,
};

/** One moving average whose samples carry a weight (seconds), with zero-factor correction. */
class WeightedAverage {
  readonly #alpha: number;
  #raw = 0;
  #totalWeight = 0;

  constructor(halfLifeSeconds: number) {
    // alpha^halfLife = 1/2: a sample's influence halves after halfLife seconds of newer samples.
    this.#alpha = Math.exp(Math.log(0.5) / halfLifeSeconds);
  }

  sample(weight: number, value: number): void {
    const keep = this.#alpha ** weight;
    this.#raw = value * (1 - keep) + keep * this.#raw;
    this.#totalWeight += weight;
  }

  /**
   * The average starts from 0, which would bias early estimates towards 0; dividing by the
   * weight the samples have accumulated so far (1 − alpha^total) removes that warm-up bias.
   */
  estimate(): number {
    const zeroFactor = 1 - this.#alpha ** this.#totalWeight;
    return zeroFactor > 0 ? this.#raw / zeroFactor : 0;
  }

  reset(): void {
    this.#raw = 0;
    this.#totalWeight = 0;
  }
}

export class ThroughputEstimator {
  readonly #options: ThroughputOptions;
  readonly #fast: WeightedAverage;
  readonly #slow: WeightedAverage;
  #bytesSampled = 0;
  #restored = false;

  constructor(options: Partial<ThroughputOptions> = {}) {
    this.#options = { ...THROUGHPUT_DEFAULTS, ...options };
    this.#fast = new WeightedAverage(this.#options.fastHalfLifeSeconds);
    this.#slow = new WeightedAverage(this.#options.slowHalfLifeSeconds);
  }

  /**
   * Records one transfer. `transferMs` runs from the first byte to the last byte: the caller
   * leaves time to first byte out, because it is latency (radio wake-up, round trips, server
   * think time) that does not scale with size, and counting it would make every short segment
   * look slow. Returns whether the sample was used.
   */
  sample(bytes: number, transferMs: number): boolean {
    const { minSampleBytes, minTransferMs } = this.#options;
    if (!Number.isFinite(bytes) || !Number.isFinite(transferMs) || transferMs < 0) return false;
    if (bytes < minSampleBytes) return false;
    const seconds = Math.max(transferMs, minTransferMs) / 1000;
    const bitsPerSecond = (bytes * 8) / seconds;
    this.#fast.sample(seconds, bitsPerSecond);
    this.#slow.sample(seconds, bitsPerSecond);
    this.#bytesSampled += bytes;
    return true;
  }

  /**
   * Bits per second, or undefined until enough was sampled (see minTotalBytes) and nothing was
   * restored. The lower of the fast and slow averages: conservative by design.
   */
  estimateBps(): number | undefined {
    if (!this.#restored && this.#bytesSampled < this.#options.minTotalBytes) return undefined;
    return Math.min(this.#fast.estimate(), this.#slow.estimate());
  }

  /**
   * Starts over from a remembered estimate (e.g. the last session's, kept by the caller). It
   * replaces everything sampled so far and counts as one transfer of restoredWeightSeconds.
   * Ignored unless a positive finite number.
   */
  restore(bitsPerSecond: number): void {
    if (!Number.isFinite(bitsPerSecond) || bitsPerSecond <= 0) return;
    this.#fast.reset();
    this.#slow.reset();
    this.#fast.sample(this.#options.restoredWeightSeconds, bitsPerSecond);
    this.#slow.sample(this.#options.restoredWeightSeconds, bitsPerSecond);
    this.#bytesSampled = 0;
    this.#restored = true;
  }
}
