import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectResultSchema } from '../../src/api/analytics-schema.ts';
import { dashboardDataSchema } from '../../server/analytics/dashboard-data.ts';
import { batchOf, eventOf, newViewId, utcDayStart } from './analytics-events.ts';
import { expectJson, startTestApp, type TestApp } from './helpers.ts';

// A view sends view_end at every hide; the exit flags of an early one must not outlive a start.
const TOKEN = 'exits-test-token-0123456789abc';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminToken: TOKEN });
});
afterAll(() => t.close());

describe('exits before the first frame', () => {
  it('a viewer who hid the page during the preroll, came back and watched did not leave', async () => {
    const at = utcDayStart(0) + 60_000;
    const back = newViewId();
    const gone = newViewId();
    const events = [
      eventOf({ event: 'ad_init', viewId: back, ts: at, detail: { ad_break: 'preroll' } }),
      eventOf({ event: 'view_end', viewId: back, ts: at + 1000, detail: { exit_before_start: true, exit_during_preroll: true } }),
      eventOf({ event: 'view_start', viewId: back, ts: at + 60_000, detail: { startup_ms: 300 } }),
      eventOf({ event: 'view_end', viewId: back, ts: at + 120_000, detail: { exit_before_start: false, exit_during_preroll: false } }),
      eventOf({ event: 'ad_init', viewId: gone, ts: at, detail: { ad_break: 'preroll' } }),
      eventOf({ event: 'view_end', viewId: gone, ts: at + 1000, detail: { exit_before_start: true, exit_during_preroll: true } }),
    ];
    expectJson(await t.app.inject({ method: 'POST', url: '/collect', payload: batchOf(events) }), 200, collectResultSchema);
    const data = expectJson(await t.app.inject({ url: '/admin/analytics/data.json?days=1', headers: { authorization: `Bearer ${TOKEN}` } }), 200, dashboardDataSchema);
    expect(data.exits.overall).toMatchObject({ endedViews: 2, exitsBeforeStart: 1, exitsDuringPreroll: 1 });
  });
});
