import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectResultSchema } from '../../src/contract/schemas/analytics-schema.ts';
import { dashboardDataSchema } from '../../src/contract/schemas/dashboard-schema.ts';
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

  it('as Mux counts them: among views, a view being a play attempt; loads nobody played are neither', async () => {
    const read = async () => expectJson(await t.app.inject({ url: '/admin/analytics/data.json?days=1', headers: { authorization: `Bearer ${TOKEN}` } }), 200, dashboardDataSchema);
    const views = (data: Awaited<ReturnType<typeof read>>) => data.views.byContent.reduce((total, content) => total + content.views, 0);
    const before = await read();
    const at = utcDayStart(0) + 3_600_000;
    const load = (specs: Array<Parameters<typeof eventOf>[0]['event']>, detail: Record<string, boolean>[]) => {
      const viewId = newViewId();
      return specs.map((event, index) => eventOf({ event, viewId, ts: at + index * 1000, detail: detail[index] ?? {} }));
    };
    const events = [
      // Three loads nobody played: each sent its summary when the page was hidden.
      ...load(['view_end'], [{ exit_before_start: false, exit_during_preroll: false }]),
      ...load(['view_end'], [{ exit_before_start: false, exit_during_preroll: false }]),
      ...load(['view_end'], [{ exit_before_start: false, exit_during_preroll: false }]),
      // A viewer who clicked play and left before the first frame: a view, and an exit.
      ...load(['view_end'], [{ exit_before_start: true, exit_during_preroll: false }]),
      // A viewer who watched.
      ...load(['play', 'view_start', 'view_end'], [{}, {}, { exit_before_start: false, exit_during_preroll: false }]),
    ];
    expectJson(await t.app.inject({ method: 'POST', url: '/collect', payload: batchOf(events) }), 200, collectResultSchema);
    const after = await read();
    expect(views(after) - views(before)).toBe(2);
    expect(after.exits.overall.exitsBeforeStart - before.exits.overall.exitsBeforeStart).toBe(1);
    expect(after.exits.overall.beforeStartRate).toBe(after.exits.overall.exitsBeforeStart / views(after));
  });
});
