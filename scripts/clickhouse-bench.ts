/**
 * The analytics store measured: 1 000 000 generated events into ClickHouse (CLICKHOUSE_URL) and
 * into PostgreSQL (DATABASE_URL), each through the storage interface the collector uses, in the
 * player's batches (300 events) sent by many players at once; then the dashboard's 30-day
 * report, the median of 5 runs. `npm run bench:analytics-store` starts both servers for it.
 * EVENTS=… changes the count; CONCURRENCY=… the batches in flight.
 */
import { randomUUID } from 'node:crypto';
import { SqlAnalyticsStore, type AnalyticsStore } from '../server/analytics/analytics-store.ts';
import { ClickHouseAnalyticsStore } from '../server/analytics/clickhouse/clickhouse-analytics-store.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { MAX_BATCH_EVENTS, type AnalyticsEvent, type AnalyticsEventName } from '../src/contract/schemas/analytics-schema.ts';

const TOTAL = Number(process.env.EVENTS ?? 1_000_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);
const DAYS = 30;
const DAY_MS = 86_400_000;
const now = new Date();
const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** A view's worth of events: ad break, start, stalls, progress, an end; some fail. */
function* generatedEvents(): Generator<AnalyticsEvent> {
  let made = 0;
  for (let view = 0; made < TOTAL; view += 1) {
    const viewId = randomUUID();
    const videoId = 1 + (view % 500);
    let ts = today - (view % DAYS) * DAY_MS + (view * 7919) % DAY_MS;
    const names: Array<[AnalyticsEventName, AnalyticsEvent['detail']]> = [
      ['ad_break_request', { ad_break: 'preroll' }], ['ad_play', { ad_break: 'preroll', ad_current_id: 'a1' }], ['ad_ended', { ad_break: 'preroll', ad_current_id: 'a1' }],
      ['play', {}], ['view_start', { startup_ms: 200 + (view % 3000) }], ['rebuffer', { rebuffer_ms: 300 + (view % 900) }],
      ...Array.from({ length: 8 }, () => ['timeupdate', {}] as [AnalyticsEventName, AnalyticsEvent['detail']]),
      view % 20 === 0 ? ['error', { error_code: 3016, error_category: 'media', error_fatal: true }] : ['view_end', { exit_before_start: false }],
    ];
    for (const [index, [event, detail]] of names.entries()) {
      if (made >= TOTAL) return;
      ts += 5_000;
      made += 1;
      yield {
        event_id: randomUUID(), view_id: viewId, event, ts, network_type: 'wifi', detail,
        payload: {
          video_id: videoId, video_title: `Фильм ${videoId}`, duration: 5400, player_type: 'embedded', video_category: 'movie',
          video_thumbnail: `/catalog-api/media/posters/content-${videoId}.jpg`, ratings: { kinopoisk: 7.1, imdb: null }, kinopoisk_id: null,
          IMDb_id: null, year: 2020, countries: ['russia'], current_time: index * 5, playback_rate: 1, real_time_played_sec: index * 5,
          video_time_played_sec: index * 5, video_quality: '720p', season: null, episode: null, language: 'Русский', device_type: 'desktop',
          user_id: `viewer-${view % 10_000}`, isTrailer: false, ad_id: ['a1'], ad_type: ['preroll'], ad_duration_sec: [15], ad_position_perc: [0], ad_position: [0],
        },
      };
    }
  }
}

function* batches(): Generator<AnalyticsEvent[]> {
  let batch: AnalyticsEvent[] = [];
  for (const event of generatedEvents()) {
    batch.push(event);
    if (batch.length === MAX_BATCH_EVENTS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Sends every batch with CONCURRENCY in flight, as many players at once; events per second. */
async function insertAll(store: AnalyticsStore): Promise<number> {
  const source = batches();
  const started = performance.now();
  let stored = 0;
  const worker = async () => {
    for (let next = source.next(); !next.done; next = source.next()) {
      const { accepted } = await store.insertEvents(next.value);
      stored += accepted;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (stored !== TOTAL) throw new Error(`${store.kind}: ${stored} of ${TOTAL} events stored`);
  return TOTAL / ((performance.now() - started) / 1000);
}

async function medianDashboardMs(store: AnalyticsStore): Promise<{ medianMs: number; events: number }> {
  const times: number[] = [];
  let events = 0;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    events = (await store.readDashboard(DAYS, now)).events;
    times.push(performance.now() - started);
  }
  return { medianMs: times.sort((a, b) => a - b)[2]!, events };
}

async function measure(name: string, store: AnalyticsStore): Promise<void> {
  console.log(`${name}: inserting ${TOTAL} events in batches of ${MAX_BATCH_EVENTS}, ${CONCURRENCY} in flight…`);
  const rate = await insertAll(store);
  const dashboard = await medianDashboardMs(store);
  console.log(`${name}: ${Math.round(rate)} events/s inserted; dashboard over ${DAYS} days (${dashboard.events} events): median ${Math.round(dashboard.medianMs)} ms of 5`);
}

const clickhouseUrl = process.env.CLICKHOUSE_URL;
const databaseUrl = process.env.DATABASE_URL;
if (!clickhouseUrl || !databaseUrl) throw new Error('needs CLICKHOUSE_URL and DATABASE_URL: run `npm run bench:analytics-store`');

const clickhouse = new ClickHouseAnalyticsStore({ url: clickhouseUrl });
await clickhouse.ready();
await measure('ClickHouse', clickhouse);
await clickhouse.close();

const db = await openDatabase({ url: databaseUrl });
await migrate(db);
await measure('PostgreSQL', new SqlAnalyticsStore(db));
await db.close();
