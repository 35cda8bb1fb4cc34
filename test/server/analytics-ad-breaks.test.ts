import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectResultSchema, type AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';
import { dashboardDataSchema } from '../../src/contract/schemas/dashboard-schema.ts';
import { batchOf, eventOf, newViewId, utcDayStart, type EventSpec } from './analytics-events.ts';
import { expectJson, startTestApp, type TestApp } from './helpers.ts';

// Ad breaks as the operator counts them: a break is counted when it is asked for (the viewer's
// play request with a preroll pending, or the film reaching the midroll), never when the player
// only fetched its ad list ahead of time (ad_init); filled when an ad of it started.
const TOKEN = 'ad-breaks-test-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminToken: TOKEN });
});
afterAll(() => t.close());

const at = utcDayStart(0) + 60_000;
function view(specs: Array<Omit<EventSpec, 'viewId' | 'ts'>>): AnalyticsEvent[] {
  const viewId = newViewId();
  return specs.map((spec, index) => eventOf({ ...spec, viewId, ts: at + index * 1000 }));
}
const preroll = (more: EventSpec['detail'] = {}) => ({ detail: { ad_break: 'preroll' as const, ...more } });
const midroll = (more: EventSpec['detail'] = {}) => ({ detail: { ad_break: 'midroll' as const, ...more } });

async function adsFigures() {
  const response = await t.app.inject({ url: '/admin/analytics/data.json?days=1', headers: { authorization: `Bearer ${TOKEN}` } });
  return expectJson(response, 200, dashboardDataSchema).ads.overall;
}

describe('ad breaks', () => {
  it('four loads nobody played count no break; one play with a preroll counts one break, asked for and filled', async () => {
    // Four loads: the player set up its preroll (ad_init: the list fetched ahead of time), nobody clicked.
    const unplayed = [1, 2, 3, 4].flatMap(() => view([
      { event: 'ad_init', ...preroll() },
      { event: 'view_end', detail: { exit_before_start: false } },
    ]));
    expectJson(await t.app.inject({ method: 'POST', url: '/collect', payload: batchOf(unplayed) }), 200, collectResultSchema);
    expect(await adsFigures()).toMatchObject({ breaksRequested: 0, breaksFilled: 0, adsStarted: 0, fillRate: null });

    const played = view([
      { event: 'ad_init', ...preroll() },
      { event: 'ad_break_request', ...preroll() },
      { event: 'ad_loaded', ...preroll({ ad_current_id: 'c1' }) },
      { event: 'ad_play', ...preroll({ ad_current_id: 'c1' }) },
      { event: 'ad_ended', ...preroll({ ad_current_id: 'c1' }) },
      { event: 'view_start', detail: { startup_ms: 300 } },
    ]);
    expectJson(await t.app.inject({ method: 'POST', url: '/collect', payload: batchOf(played) }), 200, collectResultSchema);
    expect(await adsFigures()).toEqual({
      breaksRequested: 1, breaksFilled: 1, adsStarted: 1, adsCompleted: 1, adsSkipped: 0, adErrors: 0, fillRate: 1, completionRate: 1,
    });
  });

  it('fill is breaks with an ad started over breaks asked for; skips and ad errors are counted', async () => {
    const before = await adsFigures();
    const events = [
      // A preroll asked for whose VAST failed twice: asked, not filled, two errors.
      ...view([
        { event: 'ad_break_request', ...preroll() },
        { event: 'ad_error', ...preroll({ ad_error_code: 303 }) },
        { event: 'ad_error', ...preroll({ ad_error_code: 301 }) },
        { event: 'view_start', detail: { startup_ms: 900 } },
        // The midroll: two ads, the first skipped and resumed once, the second played out.
        { event: 'ad_break_request', ...midroll() },
        { event: 'ad_play', ...midroll({ ad_current_id: 'm1' }) },
        { event: 'ad_pause', ...midroll({ ad_current_id: 'm1' }) },
        { event: 'ad_play', ...midroll({ ad_current_id: 'm1' }) },
        { event: 'ad_skip_btn_click', ...midroll({ ad_current_id: 'm1' }) },
        { event: 'ad_play', ...midroll({ ad_current_id: 'm2' }) },
        { event: 'ad_ended', ...midroll({ ad_current_id: 'm2' }) },
      ]),
      // A preroll asked for that came back empty before its deadline: asked, not filled.
      ...view([{ event: 'ad_init', ...preroll() }, { event: 'ad_break_request', ...preroll() }, { event: 'view_start', detail: { startup_ms: 8000 } }]),
    ];
    expectJson(await t.app.inject({ method: 'POST', url: '/collect', payload: batchOf(events) }), 200, collectResultSchema);
    const after = await adsFigures();
    expect({
      breaksRequested: after.breaksRequested - before.breaksRequested,
      breaksFilled: after.breaksFilled - before.breaksFilled,
      adsStarted: after.adsStarted - before.adsStarted,
      adsCompleted: after.adsCompleted - before.adsCompleted,
      adsSkipped: after.adsSkipped - before.adsSkipped,
      adErrors: after.adErrors - before.adErrors,
    }).toEqual({ breaksRequested: 3, breaksFilled: 1, adsStarted: 2, adsCompleted: 1, adsSkipped: 1, adErrors: 2 });
    // With the first test's break: 2 filled of 4 asked for.
    expect(after.fillRate).toBe(0.5);
    expect(after.completionRate).toBeCloseTo(2 / 3, 9);
  });

  it('an ad that started is a break asked for, even from a player that did not say so', async () => {
    // Events stored before breaks were asked for by name: an ad_play proves the ask, so fill never passes 100 %.
    const before = await adsFigures();
    const events = view([{ event: 'ad_init', ...midroll() }, { event: 'ad_play', ...midroll({ ad_current_id: 'x' }) }]);
    expectJson(await t.app.inject({ method: 'POST', url: '/collect', payload: batchOf(events) }), 200, collectResultSchema);
    const after = await adsFigures();
    expect(after.breaksRequested - before.breaksRequested).toBe(1);
    expect(after.breaksFilled - before.breaksFilled).toBe(1);
  });
});
