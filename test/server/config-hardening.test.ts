import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';

describe('the hardening keys of the configuration', () => {
  it('defaults: no trusted proxy, 30 s requests, 10 s shutdown, 600 beacons a minute kept 30 days', () => {
    expect(loadServerConfig({})).toMatchObject({
      trustedProxies: [],
      requestTimeoutMs: 30_000,
      shutdownTimeoutMs: 10_000,
      drainGraceMs: 0,
      trackingRateLimit: 600,
      trackingRetentionDays: 30,
    });
  });

  it('reads them', () => {
    expect(
      loadServerConfig({
        TRUSTED_PROXIES: ' 10.0.0.0/8 , 192.0.2.7,loopback, fd00::/8 ',
        REQUEST_TIMEOUT_MS: '5000',
        SHUTDOWN_TIMEOUT_MS: '2500',
        DRAIN_GRACE_MS: '2000',
        TRACKING_RATE_LIMIT: '0',
        TRACKING_RETENTION_DAYS: '7',
      }),
    ).toMatchObject({
      trustedProxies: ['10.0.0.0/8', '192.0.2.7', 'loopback', 'fd00::/8'],
      requestTimeoutMs: 5_000,
      shutdownTimeoutMs: 2_500,
      drainGraceMs: 2_000,
      trackingRateLimit: 0,
      trackingRetentionDays: 7,
    });
  });

  it('TRUSTED_PROXIES=none believes nobody', () => {
    expect(loadServerConfig({ TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual([]);
  });

  it.each([
    ['TRUSTED_PROXIES', 'everyone'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', '10.0.0/8'],
    ['TRUSTED_PROXIES', '10.0.0.1/8/1'],
    ['REQUEST_TIMEOUT_MS', '999'],
    ['REQUEST_TIMEOUT_MS', '1e4'],
    ['SHUTDOWN_TIMEOUT_MS', 'soon'],
    ['DRAIN_GRACE_MS', '-1'],
    ['TRACKING_RATE_LIMIT', '-1'],
    ['TRACKING_RETENTION_DAYS', '1.5'],
  ])('rejects %s=%j with a message naming it', (name, value) => {
    expect(() => loadServerConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('DRAIN_GRACE_MS must leave time to drain within SHUTDOWN_TIMEOUT_MS', () => {
    expect(() => loadServerConfig({ DRAIN_GRACE_MS: '10000' })).toThrow(/DRAIN_GRACE_MS: must be less than SHUTDOWN_TIMEOUT_MS \(10000\)/);
    expect(loadServerConfig({ DRAIN_GRACE_MS: '10000', SHUTDOWN_TIMEOUT_MS: '15000' }).drainGraceMs).toBe(10_000);
  });

  it('NODE_ENV=production needs PUBLIC_ORIGIN, and says so', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) };
    expect(() => loadServerConfig(production)).toThrow(/PUBLIC_ORIGIN: must be set when NODE_ENV=production/);
    expect(loadServerConfig({ ...production, PUBLIC_ORIGIN: 'https://player.example.com' }).publicOrigin).toBe('https://player.example.com');
  });
});
