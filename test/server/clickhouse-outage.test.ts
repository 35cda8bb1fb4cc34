import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { batchOf, eventOf, newViewId } from './analytics-events.ts';
import { clickHouseUrl } from './clickhouse-test-store.ts';
import { expectApiError, testConfig } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

// ClickHouse away: analytics answers clear errors the player retries on, and the rest of the server works.
const TOKEN = 'clickhouse-outage-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let db: Database;
let app: FastifyInstance;
let up: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  // Configured as an operator would: CLICKHOUSE_URL, here naming a ClickHouse that is not running.
  app = await buildApp({ config: testConfig({ adminToken: TOKEN, collectRateLimit: 0, clickhouseUrl: `http://127.0.0.1:${await closedPort()}/kino` }), db });
  await app.ready();
  up = await buildApp({ config: testConfig({ adminToken: TOKEN, clickhouseUrl: clickHouseUrl() }), db });
  await up.ready();
});
afterAll(async () => {
  await app.close();
  await up.close();
  await db.close();
});

describe('with ClickHouse down', () => {
  it('the server starts, and /collect answers 503 with Retry-After, so the player keeps its batch and sends it again', async () => {
    const events = [eventOf({ event: 'play', viewId: newViewId(), ts: Date.now() })];
    const response = await app.inject({ method: 'POST', url: '/collect', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(batchOf(events)) });
    expect(expectApiError(response, 503).message).toMatch(/analytics store \(ClickHouse\) is unavailable/);
    expect(response.headers['retry-after']).toBe('5');
  });

  it('the dashboard\'s data and the listing say ClickHouse is unavailable', async () => {
    const data = await app.inject({ url: '/admin/analytics/data.json', headers: auth });
    expect(expectApiError(data, 503).message).toMatch(/ClickHouse/);
    const listing = await app.inject({ url: `/admin/analytics/events.json?view_id=${newViewId()}`, headers: auth });
    expect(expectApiError(listing, 503).message).toMatch(/ClickHouse/);
  });

  it('/readyz stays ready and names analytics unavailable; the catalogue answers', async () => {
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready', database: 'ok', analytics: 'unavailable' });
    expect((await app.inject('/catalog-api/contents/1')).statusCode).toBe(200);
  });
});

describe('with ClickHouse up', () => {
  it('/readyz names analytics ok', async () => {
    const ready = await up.inject('/readyz');
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready', database: 'ok', analytics: 'ok' });
  });
});
