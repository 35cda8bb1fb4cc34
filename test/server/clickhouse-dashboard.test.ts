import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlAnalyticsStore } from '../../server/analytics/analytics-store.ts';
import type { Database } from '../../server/db/database.ts';
import type { AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';
import { eventOf, type EventSpec } from './analytics-events.ts';
import { openTestClickHouseStore } from './clickhouse-test-store.ts';
import { openTestDatabase } from './test-database.ts';

// The dashboard's figures from ClickHouse equal the SQL store's, for the same events, to the last field.
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const NOW = new Date(Date.UTC(2025, 2, 31, 18, 0, 0));
const TODAY = Date.UTC(2025, 2, 31);
const CONTENTS = [
  { video_id: 1, video_title: 'Северный маяк' },
  { video_id: 2, video_title: 'Город без карты', video_category: 'series', season: 1, episode: 1 },
  { video_id: 3, video_title: 'Пустой эфир' },
  { video_id: 999, video_title: '' },
];
const NETWORKS = ['wifi', '4g', '3g', '2g', 'unknown'] as const;

/** A repeatable pseudo-random sequence, so a failure can be replayed. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Views of every kind the dashboard counts, over 40 days (some before the 30-day range). */
function eventSet(): AnalyticsEvent[] {
  const random = randomOf(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const events: AnalyticsEvent[] = [];
  for (let index = 0; index < 400; index += 1) {
    const viewId = `view-${String(index).padStart(5, '0')}`;
    const content = pick(CONTENTS);
    const networkType = pick(NETWORKS);
    // Some views start just before midnight and go on into the next day; some lie past the range.
    let at = TODAY - Math.floor(random() * 40) * DAY_MS + Math.floor(random() * 24 * 60) * MINUTE;
    if (at > NOW.getTime()) at -= DAY_MS;
    const add = (spec: Omit<EventSpec, 'viewId' | 'ts' | 'networkType'>) => {
      events.push(eventOf({ ...spec, viewId, networkType, ts: at }));
      at += Math.floor(random() * 5 + 1) * MINUTE;
    };
    const kind = random();
    const preroll = random() < 0.5;
    if (preroll) {
      add({ event: 'ad_init', payload: content, detail: { ad_break: 'preroll' } });
      add({ event: 'ad_break_request', payload: content, detail: { ad_break: 'preroll' } });
      if (random() < 0.7) {
        const ad = `ad-${Math.floor(random() * 3)}`;
        add({ event: 'ad_play', payload: content, detail: { ad_break: 'preroll', ad_current_id: ad } });
        if (random() < 0.3) add({ event: 'ad_play', payload: content, detail: { ad_break: 'preroll', ad_current_id: ad } });
        add({ event: pick(['ad_ended', 'ad_skip_btn_click'] as const), payload: content, detail: { ad_break: 'preroll', ad_current_id: ad } });
      } else if (random() < 0.5) {
        add({ event: 'ad_error', payload: content, detail: { ad_break: 'preroll', ad_error_code: 303 } });
      }
    }
    if (kind < 0.1) {
      // Left before the first frame, during the preroll or not.
      add({ event: 'view_end', payload: content, detail: { exit_before_start: true, exit_during_preroll: preroll && random() < 0.5 } });
      continue;
    }
    if (kind < 0.2) {
      // A fatal error instead of the film (numeric or text codes).
      add({ event: 'error', payload: content, detail: { error_code: pick([2001, 3016, 'MEDIA_ERR'] as const), error_category: pick(['network', 'media']), error_fatal: true } });
      if (random() < 0.5) add({ event: 'view_end', payload: content, detail: { exit_before_start: true } });
      continue;
    }
    if (kind < 0.25) {
      // Opened and closed, nothing played: no view.
      add({ event: 'timeupdate', payload: content });
      continue;
    }
    if (kind < 0.3) {
      // Hidden before its start, then back and started: not an exit.
      add({ event: 'view_end', payload: content, detail: { exit_before_start: true } });
    }
    add({ event: 'play', payload: content });
    if (random() < 0.9) add({ event: 'view_start', payload: content, detail: random() < 0.9 ? { startup_ms: Math.floor(random() * 9000) } : {} });
    let played = 0;
    for (let step = Math.floor(random() * 4); step > 0; step -= 1) {
      played += Math.floor(random() * 300);
      if (random() < 0.5) add({ event: 'rebuffer', payload: { ...content, real_time_played_sec: played }, detail: { rebuffer_ms: 250 + Math.floor(random() * 4000) } });
      add({ event: 'timeupdate', payload: { ...content, real_time_played_sec: played } });
    }
    if (random() < 0.3) {
      add({ event: 'ad_break_request', payload: content, detail: { ad_break: 'midroll' } });
      add({ event: 'ad_play', payload: content, detail: { ad_break: 'midroll', ad_current_id: 'mid-1' } });
      add({ event: 'ad_ended', payload: content, detail: { ad_break: 'midroll', ad_current_id: 'mid-1' } });
    }
    if (random() < 0.15) add({ event: 'error', payload: content, detail: { error_code: 1002, error_category: 'network', error_fatal: random() < 0.5 } });
    if (random() < 0.8) add({ event: 'view_end', payload: { ...content, real_time_played_sec: played }, detail: { exit_before_start: false } });
  }
  return events;
}

let store: Awaited<ReturnType<typeof openTestClickHouseStore>>;
let db: Database;
let sql: SqlAnalyticsStore;
const events = eventSet();

beforeAll(async () => {
  store = await openTestClickHouseStore();
  db = await openTestDatabase();
  sql = new SqlAnalyticsStore(db);
  // The collector's batch size, and every batch twice as a player resending it would.
  for (let start = 0; start < events.length; start += 300) {
    const batch = events.slice(start, start + 300);
    for (let time = 0; time < 2; time += 1) expect(await store.insertEvents(batch)).toEqual(await sql.insertEvents(batch));
  }
});
afterAll(async () => {
  await store.drop();
  await db.close();
});

describe('the dashboard from ClickHouse', () => {
  it.each([1, 7, 30, 90])('equals the SQL store\'s report over %i days', async (days) => {
    const fromSql = await sql.readDashboard(days, NOW);
    expect(fromSql.events).toBeGreaterThan(0);
    expect(await store.readDashboard(days, NOW)).toEqual(fromSql);
  });

  it('covers every figure: views, failures, exits, ads, start-up and rebuffering all have something', async () => {
    const report = await sql.readDashboard(30, NOW);
    expect(report.views.byContent.length).toBe(CONTENTS.length);
    expect(report.failures.byContent.length).toBeGreaterThan(0);
    expect(report.exits.overall.exitsBeforeStart).toBeGreaterThan(0);
    expect(report.exits.overall.exitsDuringPreroll).toBeGreaterThan(0);
    expect(report.ads.overall.breaksFilled).toBeGreaterThan(0);
    expect(report.ads.overall.adErrors).toBeGreaterThan(0);
    expect(report.startup.overall.count).toBeGreaterThan(10);
    expect(report.rebuffering.overall.rebufferSec).toBeGreaterThan(0);
  });

  it('counts an event stored twice (two servers took the same resent batch) once', async () => {
    const before = await store.readDashboard(30, NOW);
    // Past the look-up of stored ids, as a second server would be: the table then holds both copies until a merge.
    const { ClickHouseAnalyticsRepository } = await import('../../server/analytics/clickhouse/clickhouse-analytics-repository.ts');
    const { eventRowOf } = await import('../../server/analytics/clickhouse/clickhouse-event-row.ts');
    const { openClickHouseClient } = await import('../../server/analytics/clickhouse/clickhouse-connection.ts');
    const { clickHouseTarget } = await import('../../server/analytics/clickhouse/clickhouse-url.ts');
    const target = clickHouseTarget(`${new URL(process.env.CLICKHOUSE_URL!).origin}/${store.database}`);
    const client = openClickHouseClient(target);
    try {
      const inRange = events.filter((event) => event.ts >= TODAY - 20 * DAY_MS).slice(0, 300);
      await new ClickHouseAnalyticsRepository(client, target.database).insertRows(inRange.map((event) => eventRowOf(event, Date.now())));
    } finally {
      await client.close();
    }
    expect(await store.readDashboard(30, NOW)).toEqual(before);
  });
});
