/**
 * Network classes of SPEC.md section 9: "Network classes by speed in kB/s: gprs under 50, 2g under
 * 300, 3g under 1000, 4g under 4000, otherwise wifi". A kB is 1000 bytes (SI), so 50 kB/s is
 * 400 kbit/s.
 */
export type NetworkClass = 'gprs' | '2g' | '3g' | '4g' | 'wifi';

/** Upper bounds (exclusive, kB/s) in ascending order; anything at or above the last is wifi. */
const UPPER_BOUNDS_KB_PER_S: readonly (readonly [NetworkClass, number])[] = [
  ['gprs', 50],
  ['2g', 300],
  ['3g', 1000],
  ['4g', 4000],
];

/**
 * The class of a measured speed in kilobytes per second. A speed that is not a number (NaN) is
 * treated as the slowest class: when in doubt, start small.
 */
export function networkClassOf(kilobytesPerSecond: number): NetworkClass {
  if (Number.isNaN(kilobytesPerSecond)) return 'gprs';
  for (const [networkClass, below] of UPPER_BOUNDS_KB_PER_S) {
    if (kilobytesPerSecond < below) return networkClass;
  }
  return 'wifi';
}

/** The class of a speed in bits per second (what the throughput estimator reports). */
export function networkClassOfBps(bitsPerSecond: number): NetworkClass {
  return networkClassOf(bitsPerSecond / 8000);
}

/**
 * A typical speed (bits per second) per class, used to pick a start rendition when nothing was
 * measured yet. Each guess sits near the bottom of its class, not the middle: a wrong guess on the
 * low side costs a few seconds of lower quality, one on the high side costs a slow first frame,
 * and start-up speed on weak phones is what the player is judged on (ARCHITECTURE.md).
 * - gprs 200 kbit/s (25 kB/s): half the class's upper bound; the class spans real GPRS/EDGE too.
 * - 2g 600 kbit/s (75 kB/s), 3g 3 Mbit/s (375 kB/s), 4g 10 Mbit/s (1250 kB/s), wifi 40 Mbit/s
 *   (5000 kB/s): about 1.25–1.5 times the class's lower bound.
 */
export const NETWORK_CLASS_START_BPS: Readonly<Record<NetworkClass, number>> = {
  gprs: 200_000,
  '2g': 600_000,
  '3g': 3_000_000,
  '4g': 10_000_000,
  wifi: 40_000_000,
};

/** The class of the measured throughput, none before the first measurement. */
export function networkClassOfEstimate(estimateBps: number | undefined): NetworkClass | undefined {
  return estimateBps === undefined ? undefined : networkClassOfBps(estimateBps);
}
