import { afterEach, describe, expect, it } from 'vitest';
import { adListSchema } from '../../src/contract/schemas/schema.ts';
import { buildApp } from '../../server/app.ts';
import { API, expectJson, startTestApp, testConfig, type TestApp } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

// X-Forwarded-Proto and -Host decide the origin of the URLs the ad server hands out: they are
// believed only from the proxies the operator names (TRUSTED_PROXIES, empty by default: a
// process on the same host, a sidecar or another tenant's container, is not a proxy by default).
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
  it('by default: from nobody, loopback included', async () => {
    t = await startTestApp();
    expect(await vastOrigin(t, '127.0.0.1')).toBe('http://internal:8080');
    expect(await vastOrigin(t, '203.0.113.9')).toBe('http://internal:8080');
  });

  it('by default, X-Forwarded-For from loopback does not choose the client\'s address', async () => {
    // The address every per-client limit counts by (logins, beacons, abuse reports).
    const db = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), db });
    const seen: string[] = [];
    app.addHook('onRequest', async (request) => {
      seen.push(request.ip);
    });
    try {
      await app.inject({ url: '/healthz', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(seen).toEqual(['127.0.0.1']);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('from a loopback proxy when the operator names it: believed; others ignored', async () => {
    t = await startTestApp({ trustedProxies: ['loopback'] });
    expect(await vastOrigin(t, '127.0.0.1')).toBe('https://player.example.com');
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
