import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { collectResultSchema, type AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';
import { batchOf, eventOf, newViewId, utcDayStart } from './analytics-events.ts';
import { openTestClickHouseStore } from './clickhouse-test-store.ts';
import { expectJson, testConfig } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

// POST /collect and the operator's listing with the events in ClickHouse (CLICKHOUSE_URL).
const TOKEN = 'clickhouse-test-token-0123456789';
const DAY_MS = 86_400_000;

let store: Awaited<ReturnType<typeof openTestClickHouseStore>>;
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  store = await openTestClickHouseStore();
  db = await openTestDatabase();
  app = await buildApp({ config: testConfig({ adminToken: TOKEN, collectRateLimit: 0 }), db, analyticsStore: store });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await store.drop();
  await db.close();
});

function viewEvents(count: number, viewId = newViewId(), at = Date.now()): AnalyticsEvent[] {
  return Array.from({ length: count }, (_, index) => eventOf({ event: 'timeupdate', viewId, ts: at + index * 1000, payload: { user_id: `viewer-${viewId}` } }));
}

async function collect(events: AnalyticsEvent[]) {
  const response = await app.inject({ method: 'POST', url: '/collect', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(batchOf(events)) });
  return expectJson(response, 200, collectResultSchema);
}

async function listed(query: string) {
  const response = await app.inject({ url: `/admin/analytics/events.json?${query}`, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { events: Array<{ event_id: string; ts: number; payload: unknown; detail: unknown; received_at: string }> }).events;
}

describe('POST /collect into ClickHouse', () => {
  it('stores a batch once: sent again after a lost answer, every event is a duplicate', async () => {
    const events = viewEvents(5);
    expect(await collect(events)).toEqual({ accepted: 5, duplicates: 0 });
    expect(await collect(events)).toEqual({ accepted: 0, duplicates: 5 });
    expect(await listed(`view_id=${events[0]!.view_id}`)).toHaveLength(5);
  });

  it('counts an id repeated inside one batch once, and a batch mixing stored and new events by each', async () => {
    const stored = viewEvents(2);
    await collect(stored);
    const fresh = viewEvents(2, stored[0]!.view_id, Date.now() + 60_000);
    expect(await collect([fresh[0]!, fresh[0]!, ...stored, fresh[1]!])).toEqual({ accepted: 2, duplicates: 3 });
    expect(await listed(`view_id=${stored[0]!.view_id}`)).toHaveLength(4);
  });

  it('lets batches that arrive together share one INSERT, and answers each only once its events are stored', async () => {
    const batches = Array.from({ length: 20 }, () => viewEvents(10));
    const before = store.inserts;
    const answers = await Promise.all(batches.map((events) => collect(events)));
    expect(answers).toEqual(batches.map(() => ({ accepted: 10, duplicates: 0 })));
    expect(store.inserts - before).toBeLessThan(batches.length / 2);
    // Acknowledged means stored: every batch is read back at once, without waiting for anything.
    for (const events of batches) expect(await listed(`view_id=${events[0]!.view_id}`)).toHaveLength(10);
  });

  it('counts an event sent by two requests of one group once, for the first of them', async () => {
    const events = viewEvents(4);
    const answers = await Promise.all([collect(events), collect(events.slice(2))]);
    expect(answers).toEqual([{ accepted: 4, duplicates: 0 }, { accepted: 0, duplicates: 2 }]);
  });
});

describe('the operator\'s listing from ClickHouse', () => {
  it('gives one viewer\'s or one view\'s events oldest first, as the player sent them', async () => {
    const events = viewEvents(3);
    events[1] = { ...events[1]!, event: 'error', detail: { error_code: 'E\'"\\1', error_category: 'network', error_fatal: true } };
    await collect(events);
    const byView = await listed(`view_id=${events[0]!.view_id}`);
    expect(byView.map((row) => row.event_id)).toEqual(events.map((event) => event.event_id));
    expect(byView.map((row) => row.ts)).toEqual(events.map((event) => event.ts));
    expect(byView[1]!.detail).toEqual(events[1]!.detail);
    expect(byView[0]!.payload).toEqual(events[0]!.payload);
    expect(Date.now() - Date.parse(byView[0]!.received_at)).toBeLessThan(60_000);
    const byViewer = await listed(`user_id=${encodeURIComponent(events[0]!.payload.user_id!)}`);
    expect(byViewer.map((row) => row.event_id)).toEqual(byView.map((row) => row.event_id));
  });

  it('reads a viewer id with quotes and backslashes as text, never as part of the statement', async () => {
    const viewId = newViewId();
    const tricky = `x' OR 1 = 1 OR user_id = '\\`;
    await collect([eventOf({ event: 'play', viewId, ts: Date.now(), payload: { user_id: tricky } })]);
    const rows = await listed(`user_id=${encodeURIComponent(tricky)}`);
    expect(rows.map((row) => (row.payload as { user_id: string }).user_id)).toEqual([tricky]);
  });
});

describe('retention on ClickHouse', () => {
  it('deletes the events that arrived more than the retention\'s days ago, and only those', async () => {
    const old = viewEvents(3, newViewId(), utcDayStart(95));
    const recent = viewEvents(3);
    const earlier = await openTestClickHouseStore({ url: `${new URL(process.env.CLICKHOUSE_URL!).origin}/${store.database}`, clock: () => Date.now() - 91 * DAY_MS });
    try {
      expect(await earlier.insertEvents(old)).toEqual({ accepted: 3, duplicates: 0 });
    } finally {
      await earlier.close();
    }
    await collect(recent);
    expect(await store.deleteReceivedBefore(90)).toBe(3);
    expect(await listed(`view_id=${old[0]!.view_id}`)).toEqual([]);
    expect(await listed(`view_id=${recent[0]!.view_id}`)).toHaveLength(3);
    expect(await store.deleteReceivedBefore(90)).toBe(0);
  });
});
