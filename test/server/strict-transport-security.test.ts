import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

// Strict-Transport-Security on every answer that went over https as the server sees it: its own
// TLS, or X-Forwarded-Proto: https from a proxy it trusts. Never over plain http (RFC 6797 §7.2),
// and never because a stranger wrote the header.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ trustedProxies: ['10.0.0.0/8'] });
});
afterAll(() => t.close());

const hsts = async (remoteAddress: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ url: '/healthz', remoteAddress, headers })).headers['strict-transport-security'];

describe('Strict-Transport-Security', () => {
  it('over https behind a trusted proxy: sent, for a year', async () => {
    expect(await hsts('10.1.2.3', { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000');
  });

  it('on errors too', async () => {
    const response = await t.app.inject({ url: '/no-such-page', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('over plain http: not sent', async () => {
    expect(await hsts('10.1.2.3')).toBeUndefined();
    expect(await hsts('10.1.2.3', { 'x-forwarded-proto': 'http' })).toBeUndefined();
  });

  it('X-Forwarded-Proto from an untrusted peer: not sent', async () => {
    expect(await hsts('203.0.113.9', { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
