import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, expectApiError, startTestApp, type TestApp } from './helpers.ts';

// The anonymous tracking beacon writes a row per hit: limited per client, and pruned.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const track = (app: TestApp, remoteAddress: string) =>
  app.app.inject({ url: `${API}/ads/track?creativeId=c1&event=impression`, remoteAddress });

describe('GET /catalog-api/ads/track', () => {
  it('past TRACKING_RATE_LIMIT a minute: 429 with Retry-After, for that client only', async () => {
    t = await startTestApp({ trackingRateLimit: 3 });
    for (let hit = 0; hit < 3; hit += 1) expect((await track(t, '203.0.113.1')).statusCode).toBe(204);
    const refused = await track(t, '203.0.113.1');
    expectApiError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await track(t, '203.0.113.2')).statusCode).toBe(204);
    // Three from the first client, one from the second: the refused hit wrote nothing.
    expect(await t.db.query('SELECT 1 FROM ad_tracking_events')).toHaveLength(4);
  });

  it('other routes of the API are not counted', async () => {
    t = await startTestApp({ trackingRateLimit: 1 });
    for (let call = 0; call < 5; call += 1) expect((await t.app.inject({ url: `${API}/contents/1`, remoteAddress: '203.0.113.1' })).statusCode).toBe(200);
    expect((await track(t, '203.0.113.1')).statusCode).toBe(204);
  });

  it('0 turns the limit off', async () => {
    t = await startTestApp({ trackingRateLimit: 0 });
    for (let hit = 0; hit < 20; hit += 1) expect((await track(t, '203.0.113.1')).statusCode).toBe(204);
  });
});

describe('tracking retention', () => {
  it('hits older than TRACKING_RETENTION_DAYS are deleted when the app starts; newer ones stay', async () => {
    const seeded = await startTestApp({ trackingRetentionDays: 0 });
    await seeded.db.query(
      `INSERT INTO ad_tracking_events (creative_id, event, received_at) VALUES
         ('c1', 'old', now() - interval '31 days'), ('c1', 'recent', now() - interval '29 days')`,
    );
    await seeded.app.close();
    t = await startTestApp({ trackingRetentionDays: 30 }, seeded.db);
    await vi.waitFor(async () => {
      const rows = await t?.db.query<{ event: string }>('SELECT event FROM ad_tracking_events ORDER BY id');
      expect(rows?.map((row) => row.event)).toEqual(['recent']);
    });
    await t.close();
    t = undefined;
    await seeded.db.close();
  });
});
