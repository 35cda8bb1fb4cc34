import { describe, expect, it } from 'vitest';
import { REQUEST_POLICIES, RETRYABLE_STATUSES } from './request-policies.ts';
import type { RequestKind } from './request-policies.ts';

const KINDS = Object.keys(REQUEST_POLICIES) as RequestKind[];

describe('REQUEST_POLICIES', () => {
  it('covers every request kind of the engine', () => {
    expect(KINDS.sort()).toEqual(['ad-list', 'analytics', 'auth-refresh', 'beacon', 'catalogue', 'init', 'manifest', 'media-probe', 'playlist', 'segment', 'thumbnails', 'vast']);
  });

  it.each(KINDS)('%s is a consistent policy', (kind) => {
    const policy = REQUEST_POLICIES[kind];
    expect(policy.maxAttempts).toBeGreaterThanOrEqual(1);
    expect(policy.timeToFirstByteMs).toBeLessThanOrEqual(policy.maxLoadTimeMs);
    expect(policy.retryDelayMs).toBeGreaterThan(0);
    expect(policy.retryDelayMs).toBeLessThanOrEqual(policy.maxRetryDelayMs);
    expect(policy.retryOn.networkErrors).toBe(true);
  });

  it('lets a weak phone wake its radio: at least 5 s to the first byte everywhere', () => {
    for (const kind of KINDS) expect(REQUEST_POLICIES[kind].timeToFirstByteMs).toBeGreaterThanOrEqual(5_000);
  });

  it('retries segments harder than what only decorates playback', () => {
    expect(REQUEST_POLICIES.segment.maxAttempts).toBeGreaterThan(REQUEST_POLICIES.thumbnails.maxAttempts);
  });
});

describe('RETRYABLE_STATUSES', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries %i', (status) => {
    expect(RETRYABLE_STATUSES).toContain(status);
  });

  it.each([400, 401, 403, 404, 405, 410, 416, 451, 501, 505])('does not retry %i', (status) => {
    expect(RETRYABLE_STATUSES).not.toContain(status);
  });
});
