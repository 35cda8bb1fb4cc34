import { afterEach, describe, expect, it } from 'vitest';
import { adListSchema } from '../../src/api/schema.ts';
import { API, expectJson, startTestApp, type TestApp } from './helpers.ts';

// X-Forwarded-Proto and -Host decide the origin of the URLs the ad server hands out: they are
// believed only from the configured proxies (TRUSTED_PROXIES, default loopback).
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'player.example.com' };

async function vastOrigin(app: TestApp, remoteAddress: string): Promise<string> {
  const response = await app.app.inject({ url: `${API}/ad-list.json`, headers: { host: 'internal:8080', ...FORWARDED }, remoteAddress });
  const [first] = expectJson(response, 200, adListSchema).prerollList;
  return new URL(first?.vastUrl ?? 'http://none').origin;
}

describe('X-Forwarded-*', () => {
  it('from a loopback proxy (the default): believed', async () => {
    t = await startTestApp();
    expect(await vastOrigin(t, '127.0.0.1')).toBe('https://player.example.com');
  });

  it('from any other address: ignored', async () => {
    t = await startTestApp();
    expect(await vastOrigin(t, '203.0.113.9')).toBe('http://internal:8080');
  });

  it('from a configured proxy range: believed; loopback then is not', async () => {
    t = await startTestApp({ trustedProxies: ['10.0.0.0/8'] });
    expect(await vastOrigin(t, '10.1.2.3')).toBe('https://player.example.com');
    expect(await vastOrigin(t, '127.0.0.1')).toBe('http://internal:8080');
  });

  it('with none configured: never', async () => {
    t = await startTestApp({ trustedProxies: [] });
    expect(await vastOrigin(t, '127.0.0.1')).toBe('http://internal:8080');
  });
});
