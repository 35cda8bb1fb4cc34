import { describe, expect, it } from 'vitest';
import { FUZZ_FACTOR, isRetryable, retryDelay, shouldRetry } from './backoff.ts';
import type { RequestFailure } from './backoff.ts';
import { REQUEST_POLICIES } from './request-policies.ts';

const NO_FUZZ = (): number => 0.5;
const LOWEST = (): number => 0;
const HIGHEST = (): number => 1 - Number.EPSILON;

describe('retryDelay', () => {
  it.each([
    // [policy, attempt that failed, expected un-fuzzed delay]
    ['segment', 1, 1_000],
    ['segment', 2, 2_000],
    ['segment', 3, 4_000],
    ['segment', 4, 8_000],
    ['segment', 5, 8_000],
    ['segment', 20, 8_000],
    ['playlist', 1, 500],
    ['playlist', 3, 2_000],
    ['playlist', 4, 4_000],
    ['catalogue', 1, 500],
    ['catalogue', 2, 1_000],
    ['catalogue', 3, 2_000],
    ['catalogue', 5, 2_000],
    ['thumbnails', 1, 2_000],
    ['thumbnails', 3, 2_000],
    ['analytics', 1, 1_000],
    ['analytics', 2, 2_000],
    ['analytics', 6, 32_000],
    ['analytics', 7, 60_000],
    ['analytics', 30, 60_000],
  ] as const)('%s after attempt %i waits %i ms', (kind, attempt, expected) => {
    expect(retryDelay(REQUEST_POLICIES[kind], attempt, NO_FUZZ)).toBe(expected);
  });

  it.each([
    ['the lowest random value', LOWEST, 1 - FUZZ_FACTOR],
    ['a quarter', () => 0.25, 0.75],
    ['three quarters', () => 0.75, 1.25],
    ['the highest random value', HIGHEST, 1 + FUZZ_FACTOR],
  ])('fuzzes by ±50 %%: %s', (_name, random, factor) => {
    expect(retryDelay(REQUEST_POLICIES.segment, 2, random)).toBe(Math.round(2_000 * factor));
  });

  it('fuzzes around the cap, so that clients at the cap still spread out', () => {
    expect(retryDelay(REQUEST_POLICIES.segment, 10, LOWEST)).toBe(4_000);
    expect(retryDelay(REQUEST_POLICIES.segment, 10, HIGHEST)).toBe(12_000);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(retryDelay(REQUEST_POLICIES.segment, 0, NO_FUZZ)).toBe(1_000);
  });

  it('uses Math.random by default and stays within the fuzz', () => {
    for (let i = 0; i < 50; i += 1) {
      const delay = retryDelay(REQUEST_POLICIES.segment, 1);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(1_500);
    }
  });
});

describe('shouldRetry', () => {
  const status = (code: number): RequestFailure => ({ kind: 'status', status: code });
  it.each([
    ['segment', 1, status(503), true],
    ['segment', 1, status(500), true],
    ['segment', 1, status(502), true],
    ['segment', 1, status(504), true],
    ['segment', 1, status(522), true],
    ['segment', 1, status(408), true],
    ['segment', 1, status(429), true],
    ['segment', 1, status(400), false],
    ['segment', 1, status(401), false],
    ['segment', 1, status(403), false],
    ['segment', 1, status(404), false],
    ['segment', 1, status(410), false],
    ['segment', 1, status(501), false],
    ['segment', 1, { kind: 'network' }, true],
    ['segment', 1, { kind: 'timeout' }, true],
    ['segment', 1, { kind: 'aborted' }, false],
    ['segment', 5, status(503), true],
    ['segment', 6, status(503), false],
    ['segment', 6, { kind: 'network' }, false],
    ['playlist', 3, { kind: 'network' }, true],
    ['playlist', 4, { kind: 'network' }, false],
    ['catalogue', 1, status(404), false],
    ['catalogue', 1, status(503), false],
    ['media-probe', 1, { kind: 'network' }, false],
    ['thumbnails', 1, { kind: 'network' }, true],
    ['thumbnails', 1, { kind: 'timeout' }, false],
    ['thumbnails', 2, { kind: 'network' }, false],
    ['catalogue', 1, { kind: 'aborted' }, false],
  ] as const)('%s after attempt %i failing with %o: %s', (kind, attempt, failure, expected) => {
    expect(shouldRetry(REQUEST_POLICIES[kind], attempt, failure)).toBe(expected);
  });
});

describe('isRetryable: what the analytics queue sends again later', () => {
  const status = (code: number): RequestFailure => ({ kind: 'status', status: code });
  const { retryOn } = REQUEST_POLICIES.analytics;
  it.each([500, 502, 503, 404, 401, 403, 429, 408])('a batch answered %i is sent again', (code) => {
    expect(isRetryable(retryOn, status(code))).toBe(true);
  });
  it.each([400, 413])('a batch refused with %i is not: it is malformed or too large and stays so', (code) => {
    expect(isRetryable(retryOn, status(code))).toBe(false);
  });
  it('a collector that cannot be reached, or does not answer in time, is tried again; an abort never is', () => {
    expect(isRetryable(retryOn, { kind: 'network' })).toBe(true);
    expect(isRetryable(retryOn, { kind: 'timeout' })).toBe(true);
    expect(isRetryable(retryOn, { kind: 'aborted' })).toBe(false);
  });
});
