import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectResultSchema, type AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';
import { dashboardDataSchema, type DashboardData } from '../../src/contract/schemas/dashboard-schema.ts';
import { batchOf, eventOf, newViewId, utcDayStart, type EventSpec } from './analytics-events.ts';
import { expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';

// GET /admin/analytics/data.json: the dashboard's aggregates over a scripted set of views.
const TOKEN = 'dashboard-test-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const MINUTE = 60_000;
const today = utcDayStart(0);
const yesterday = utcDayStart(1);
const film = { video_id: 1, video_title: 'Северный маяк' };
const series = { video_id: 2, video_title: 'Город без карты', video_category: 'series', season: 1, episode: 1 };
const missing = { video_id: 5, video_title: 'Пустой эфир' };
const unknown = { video_id: 999, video_title: '', video_category: '', duration: 0 };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminToken: TOKEN });
});
afterAll(() => t.close());

async function collect(events: AnalyticsEvent[]): Promise<void> {
  const response = await t.app.inject({ method: 'POST', url: '/collect', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(batchOf(events)) });
  expectJson(response, 200, collectResultSchema);
}

async function dashboard(days?: number | string): Promise<DashboardData> {
  const query = days === undefined ? '' : `?days=${days}`;
  return expectJson(await t.app.inject({ url: `/admin/analytics/data.json${query}`, headers: auth }), 200, dashboardDataSchema);
}

/** One view's events, each `gap` minutes after the last, starting at `at`. */
function view(at: number, specs: Array<Omit<EventSpec, 'viewId' | 'ts'>>): AnalyticsEvent[] {
  const viewId = newViewId();
  return specs.map((spec, index) => eventOf({ ...spec, viewId, ts: at + index * MINUTE }));
}

describe('with no events', () => {
  it('every figure is zero or null, over every day of the range', async () => {
    const data = await dashboard();
    expect(data.events).toBe(0);
    expect(data.days).toHaveLength(7);
    expect(data.days.at(-1)).toBe(new Date(today).toISOString().slice(0, 10));
    expect(data.views).toEqual({ byDay: [], byContent: [] });
    expect(data.startup.overall).toEqual({ count: 0, p50Ms: null, p95Ms: null });
    expect(data.startup.byDay.every((row) => row.count === 0 && row.p50Ms === null)).toBe(true);
    expect(data.rebuffering.overall).toEqual({ rebufferSec: 0, watchSec: 0, ratio: null });
    expect(data.failures.byCodeAndNetwork).toEqual([]);
    expect(data.ads.overall).toEqual({ breaksRequested: 0, breaksFilled: 0, adsStarted: 0, adsCompleted: 0, adsSkipped: 0, adErrors: 0, fillRate: null, completionRate: null });
    expect(data.exits.overall).toEqual({ endedViews: 0, exitsBeforeStart: 0, exitsDuringPreroll: 0, beforeStartRate: null });
  });
});

describe('over a scripted day', () => {
  beforeAll(async () => {
    const at = (minutes: number) => today + minutes * MINUTE;
    await collect([
      // Film, Wi-Fi: a preroll played to its end (paused once), a midroll, two stalls, a non-fatal error.
      ...view(at(1), [
        { event: 'ad_break_request', payload: film, detail: { ad_break: 'preroll' } },
        { event: 'ad_play', payload: film, detail: { ad_break: 'preroll', ad_current_id: 'c1' } },
        { event: 'ad_pause', payload: film, detail: { ad_break: 'preroll', ad_current_id: 'c1' } },
        { event: 'ad_play', payload: film, detail: { ad_break: 'preroll', ad_current_id: 'c1' } },
        { event: 'ad_ended', payload: film, detail: { ad_break: 'preroll', ad_current_id: 'c1' } },
        { event: 'view_start', payload: film, detail: { startup_ms: 400 } },
        { event: 'play', payload: film },
        { event: 'rebuffer', payload: film, detail: { rebuffer_ms: 1000 } },
        { event: 'error', payload: film, detail: { error_code: 2001, error_category: 'network', error_fatal: false } },
        { event: 'rebuffer', payload: film, detail: { rebuffer_ms: 500 } },
        { event: 'timeupdate', payload: { ...film, real_time_played_sec: 60 } },
        { event: 'ad_break_request', payload: film, detail: { ad_break: 'midroll' } },
        { event: 'ad_play', payload: film, detail: { ad_break: 'midroll', ad_current_id: 'c2' } },
        { event: 'ad_ended', payload: film, detail: { ad_break: 'midroll', ad_current_id: 'c2' } },
        { event: 'view_end', payload: { ...film, real_time_played_sec: 100 }, detail: { exit_before_start: false } },
      ]),
      // Film, 4G: the preroll came back empty; one stall.
      ...view(at(30), [
        { event: 'ad_break_request', networkType: '4g', payload: film, detail: { ad_break: 'preroll' } },
        { event: 'view_start', networkType: '4g', payload: film, detail: { startup_ms: 800 } },
        { event: 'rebuffer', networkType: '4g', payload: film, detail: { rebuffer_ms: 1500 } },
        { event: 'view_end', networkType: '4g', payload: { ...film, real_time_played_sec: 50 }, detail: { exit_before_start: false } },
      ]),
      // Series, 3G: failed with a network error.
      ...view(at(60), [
        { event: 'view_start', networkType: '3g', payload: series, detail: { startup_ms: 1200 } },
        { event: 'error', networkType: '3g', payload: series, detail: { error_code: 3016, error_category: 'network', error_fatal: true, error_id: 'e-1' } },
        { event: 'view_end', networkType: '3g', payload: { ...series, real_time_played_sec: 30 } },
      ]),
      // Series: left during the preroll, before the first frame; a view (a play attempt) that never started.
      ...view(at(90), [
        { event: 'ad_break_request', payload: series, detail: { ad_break: 'preroll' } },
        { event: 'ad_play', payload: series, detail: { ad_break: 'preroll', ad_current_id: 'c1' } },
        { event: 'view_end', payload: series, detail: { exit_before_start: true, exit_during_preroll: true } },
      ]),
      // Film 5, Wi-Fi: its manifest is missing, so it fails before it starts (the entry's beacon tells it).
      ...view(at(100), [
        { event: 'error', payload: missing, detail: { error_code: 2101, error_category: 'manifest', error_fatal: true, error_id: 'e-2' } },
      ]),
      // A content that does not exist: only its id is known.
      ...view(at(110), [
        { event: 'error', payload: unknown, detail: { error_code: 2001, error_category: 'catalogue', error_fatal: true, error_id: 'e-3' } },
      ]),
      // Series, 2G: started by play, then two fatal errors.
      ...view(at(120), [
        { event: 'play', networkType: '2g', payload: series },
        { event: 'view_start', networkType: '2g', payload: series, detail: { startup_ms: 3000 } },
        { event: 'error', networkType: '2g', payload: series, detail: { error_code: 3016, error_category: 'network', error_fatal: true } },
        { event: 'error', networkType: '2g', payload: series, detail: { error_code: 'MEDIA_DECODE', error_category: 'media', error_fatal: true } },
        { event: 'view_end', networkType: '2g', payload: { ...series, real_time_played_sec: 20 } },
      ]),
    ]);
    // Yesterday: one clean view of the film.
    await collect(view(yesterday + 10 * MINUTE, [
      { event: 'view_start', payload: film, detail: { startup_ms: 600 } },
      { event: 'view_end', payload: { ...film, real_time_played_sec: 40 } },
    ]));
    // Outside a 7-day range: 10 days ago, and a viewer whose clock is a year ahead.
    await collect([
      ...view(utcDayStart(10) + MINUTE, [{ event: 'view_start', payload: film, detail: { startup_ms: 99_000 } }]),
      ...view(utcDayStart(-365), [{ event: 'view_start', payload: film, detail: { startup_ms: 99_000 } }]),
    ]);
  });

  const todayKey = new Date(today).toISOString().slice(0, 10);
  const yesterdayKey = new Date(yesterday).toISOString().slice(0, 10);

  it('counts views (play attempts: view_start, play, or left before the first frame) and watch time (each view\'s highest real_time_played_sec) per content and day', async () => {
    const data = await dashboard();
    expect(data.events).toBe(34);
    expect(data.views.byDay).toEqual([
      { day: yesterdayKey, videoId: 1, title: 'Северный маяк', views: 1, watchSec: 40 },
      { day: todayKey, videoId: 1, title: 'Северный маяк', views: 2, watchSec: 150 },
      // The view left during the preroll is a view (Mux: a play attempt), with no watch time.
      { day: todayKey, videoId: 2, title: 'Город без карты', views: 3, watchSec: 50 },
      // Opened and failed before they started: a failure shown instead of the film is a view.
      { day: todayKey, videoId: 5, title: 'Пустой эфир', views: 1, watchSec: 0 },
      { day: todayKey, videoId: 999, title: '', views: 1, watchSec: 0 },
    ]);
    expect(data.views.byContent).toEqual([
      { videoId: 1, title: 'Северный маяк', views: 3, watchSec: 190 },
      { videoId: 2, title: 'Город без карты', views: 3, watchSec: 50 },
      { videoId: 5, title: 'Пустой эфир', views: 1, watchSec: 0 },
      { videoId: 999, title: '', views: 1, watchSec: 0 },
    ]);
  });

  it('gives start-up p50 and p95 (percentile_cont) per day and over the range, and a histogram', async () => {
    const data = await dashboard();
    const onToday = data.startup.byDay.find((row) => row.day === todayKey)!;
    // 400, 800, 1200, 3000: p50 between 800 and 1200; p95 at 2.85 of 3 steps, 85 % from 1200 to 3000.
    expect(onToday.count).toBe(4);
    expect(onToday.p50Ms).toBeCloseTo(1000, 6);
    expect(onToday.p95Ms).toBeCloseTo(2730, 6);
    expect(data.startup.byDay.find((row) => row.day === yesterdayKey)).toEqual({ day: yesterdayKey, count: 1, p50Ms: 600, p95Ms: 600 });
    expect(data.startup.overall.count).toBe(5);
    expect(data.startup.overall.p50Ms).toBeCloseTo(800, 6);
    expect(data.startup.overall.p95Ms).toBeCloseTo(2640, 6);
    expect(data.startup.histogram).toEqual([
      { fromMs: 0, toMs: 250, count: 0 },
      { fromMs: 250, toMs: 500, count: 1 },
      { fromMs: 500, toMs: 1000, count: 2 },
      { fromMs: 1000, toMs: 2000, count: 1 },
      { fromMs: 2000, toMs: 4000, count: 1 },
      { fromMs: 4000, toMs: 8000, count: 0 },
      { fromMs: 8000, toMs: null, count: 0 },
    ]);
  });

  it('gives the rebuffering ratio: stalled time over watch time', async () => {
    const data = await dashboard();
    expect(data.rebuffering.byDay.find((row) => row.day === todayKey)).toEqual({ day: todayKey, rebufferSec: 3, watchSec: 200, ratio: 0.015 });
    expect(data.rebuffering.byDay.find((row) => row.day === yesterdayKey)).toEqual({ day: yesterdayKey, rebufferSec: 0, watchSec: 40, ratio: 0 });
    expect(data.rebuffering.overall.ratio).toBeCloseTo(3 / 240, 9);
  });

  it('counts fatal errors only, by code and network class, and the views they failed, those that never started included', async () => {
    const data = await dashboard();
    expect(data.failures.byCodeAndNetwork).toEqual([
      { code: '2001', category: 'catalogue', networkType: 'wifi', count: 1 },
      { code: '2101', category: 'manifest', networkType: 'wifi', count: 1 },
      { code: '3016', category: 'network', networkType: '2g', count: 1 },
      { code: '3016', category: 'network', networkType: '3g', count: 1 },
      { code: 'MEDIA_DECODE', category: 'media', networkType: '2g', count: 1 },
    ]);
    // Seven views today (two of them failed before they could start), four of them failed.
    expect(data.failures.byDay.find((row) => row.day === todayKey)).toEqual({ day: todayKey, failures: 5, failedViews: 4, views: 7 });
    expect(data.failures.byDay.find((row) => row.day === yesterdayKey)).toEqual({ day: yesterdayKey, failures: 0, failedViews: 0, views: 1 });
  });

  it('lists failures by content, a content that never played and one that does not exist included', async () => {
    const data = await dashboard();
    expect(data.failures.byContent).toEqual([
      { videoId: 2, title: 'Город без карты', failures: 3, failedViews: 2 },
      { videoId: 5, title: 'Пустой эфир', failures: 1, failedViews: 1 },
      { videoId: 999, title: '', failures: 1, failedViews: 1 },
    ]);
  });

  it('gives ad fill (breaks with an ad started of breaks asked for) and completion (ads ended of ads started, each once however often resumed)', async () => {
    const data = await dashboard();
    expect(data.ads.overall).toEqual({ breaksRequested: 4, breaksFilled: 3, adsStarted: 3, adsCompleted: 2, adsSkipped: 0, adErrors: 0, fillRate: 0.75, completionRate: 2 / 3 });
    expect(data.ads.byDay.find((row) => row.day === todayKey)).toEqual({ day: todayKey, breaksRequested: 4, breaksFilled: 3, adsStarted: 3, adsCompleted: 2, adsSkipped: 0, adErrors: 0 });
  });

  it('counts exits before the first frame, and those during the preroll, as a share of views', async () => {
    const data = await dashboard();
    // Eight views over the range (the two that failed before their start included), one left before it.
    expect(data.exits.overall).toEqual({ endedViews: 6, exitsBeforeStart: 1, exitsDuringPreroll: 1, beforeStartRate: 1 / 8 });
    expect(data.exits.byDay.find((row) => row.day === todayKey)).toEqual({ day: todayKey, endedViews: 5, exitsBeforeStart: 1, exitsDuringPreroll: 1 });
  });

  it('reads only the days asked for', async () => {
    const one = await dashboard(1);
    expect(one.days).toEqual([todayKey]);
    expect(one.views.byContent.map((content) => content.views)).toEqual([3, 2, 1, 1]);
    const month = await dashboard(30);
    expect(month.days).toHaveLength(30);
    expect(month.startup.overall.count).toBe(6);
    expect(month.events).toBe(35);
  });

  it.each(['0', '91', 'week', '-1', '7.5'])('refuses days=%s', async (days) => {
    expectApiError(await t.app.inject({ url: `/admin/analytics/data.json?days=${days}`, headers: auth }), 400);
  });
});
