import { describe, expect, it } from 'vitest';
import { ThroughputEstimator } from './throughput-estimator.ts';

/** Bytes that take `ms` milliseconds at `bps`. */
const bytesAt = (bps: number, ms: number): number => (bps * ms) / 8000;

function expectNear(actual: number | undefined, expected: number, tolerance = 0.001): void {
  expect(actual).toBeDefined();
  expect(Math.abs((actual ?? 0) - expected) / expected).toBeLessThanOrEqual(tolerance);
}

/** Feeds `seconds` of transfer at `bps` as one-second samples. */
function feed(estimator: ThroughputEstimator, bps: number, seconds: number): void {
  for (let i = 0; i < seconds; i += 1) estimator.sample(bytesAt(bps, 1000), 1000);
}

describe('ThroughputEstimator', () => {
  it('has no estimate before any sample', () => {
    expect(new ThroughputEstimator().estimateBps()).toBeUndefined();
  });

  it.each([
    ['the first sample (zero-factor correction: no warm-up bias towards 0)', 1],
    ['a few samples', 3],
    ['a long run', 60],
  ])('reports a constant rate exactly after %s', (_name, count) => {
    const estimator = new ThroughputEstimator();
    for (let i = 0; i < count; i += 1) estimator.sample(bytesAt(2_000_000, 2000), 2000);
    expectNear(estimator.estimateBps(), 2_000_000);
  });

  it.each([
    ['fewer than 16 kB', 15_999, 1000],
    ['a negative time', 500_000, -1],
    ['a non-finite time', 500_000, Number.NaN],
  ])('ignores a sample of %s', (_name, bytes, ms) => {
    const estimator = new ThroughputEstimator();
    estimator.sample(bytesAt(1_000_000, 1000), 1000);
    expect(estimator.sample(bytes, ms)).toBe(false);
    expectNear(estimator.estimateBps(), 1_000_000);
  });

  it.each([
    ['11 ms (a 1.35 MB segment at 1 Gbit/s)', 11],
    ['0 ms (below the clock\'s resolution)', 0],
  ])('counts a transfer of %s as taking 20 ms: a lower bound of a fast link, not noise', (_name, ms) => {
    const estimator = new ThroughputEstimator();
    expect(estimator.sample(1_350_000, ms)).toBe(true);
    expectNear(estimator.estimateBps(), (1_350_000 * 8) / 0.02);
  });

  it('lets fast transfers pull a remembered slow estimate up within a few segments', () => {
    const estimator = new ThroughputEstimator();
    estimator.restore(1_000_000);
    for (let segment = 0; segment < 3; segment += 1) estimator.sample(1_350_000, 11);
    expect(estimator.estimateBps()).toBeGreaterThan(10_000_000);
  });

  it('waits for enough bytes before estimating', () => {
    const estimator = new ThroughputEstimator();
    expect(estimator.sample(20_000, 100)).toBe(true);
    expect(estimator.estimateBps()).toBeUndefined();
    estimator.sample(50_000, 250);
    expectNear(estimator.estimateBps(), 1_600_000);
  });

  it('measures bandwidth from first to last byte: a long time to first byte does not count', () => {
    // Request sent at 0 ms, first byte at 1500 ms (a radio waking up), last byte at 2500 ms.
    const sentAt = 0;
    const firstByteAt = 1500;
    const lastByteAt = 2500;
    const bytes = 250_000;
    const estimator = new ThroughputEstimator();
    estimator.sample(bytes, lastByteAt - firstByteAt);
    expectNear(estimator.estimateBps(), 2_000_000);
    // Had the caller passed the whole request time, the link would look 2.5 times slower.
    const wrong = new ThroughputEstimator();
    wrong.sample(bytes, lastByteAt - sentAt);
    expectNear(wrong.estimateBps(), 800_000);
  });

  it('follows a drop faster than a rise', () => {
    const dropping = new ThroughputEstimator();
    feed(dropping, 4_000_000, 60);
    feed(dropping, 1_000_000, 6);
    const rising = new ThroughputEstimator();
    feed(rising, 1_000_000, 60);
    feed(rising, 4_000_000, 6);
    const dropClosed = (4_000_000 - (dropping.estimateBps() ?? 0)) / 3_000_000;
    const riseClosed = ((rising.estimateBps() ?? 0) - 1_000_000) / 3_000_000;
    // Two fast half-lives close 75 % of a drop; the slow average closes well under half of a rise.
    expect(dropClosed).toBeGreaterThan(0.7);
    expect(riseClosed).toBeLessThan(0.45);
    expect(riseClosed).toBeGreaterThan(0);
  });

  it('starts from a restored estimate, which real samples soon outweigh', () => {
    const estimator = new ThroughputEstimator();
    estimator.restore(4_000_000);
    expectNear(estimator.estimateBps(), 4_000_000);
    // One fast half-life of transfer at 1 Mbit/s weighs twice the memory in the fast average.
    estimator.sample(bytesAt(1_000_000, 3000), 3000);
    expectNear(estimator.estimateBps(), 2_000_000);
    feed(estimator, 1_000_000, 30);
    expectNear(estimator.estimateBps(), 1_000_000, 0.05);
  });

  it('replaces earlier samples on restore and ignores nonsense', () => {
    const estimator = new ThroughputEstimator();
    feed(estimator, 1_000_000, 10);
    estimator.restore(3_000_000);
    expectNear(estimator.estimateBps(), 3_000_000);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) estimator.restore(bad);
    expectNear(estimator.estimateBps(), 3_000_000);
    const fresh = new ThroughputEstimator();
    fresh.restore(0);
    expect(fresh.estimateBps()).toBeUndefined();
  });

  it('takes its half-lives and thresholds as options', () => {
    const estimator = new ThroughputEstimator({ minSampleBytes: 1000, minTotalBytes: 1000 });
    estimator.sample(2000, 100);
    expectNear(estimator.estimateBps(), 160_000);
  });
});
