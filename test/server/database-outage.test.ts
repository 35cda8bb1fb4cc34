import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { API, expectApiError, startTestApp, testConfig, type TestApp } from './helpers.ts';

// While the database does not answer, a request that needed it is a 503 with Retry-After (the
// client should come back, as /readyz tells the load balancer); a failure with the database
// answering is a bug in the server and stays a 500.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Outage = () => Promise<never>;
const refused: Outage = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
// What node-postgres says when PostgreSQL goes away under an open connection.
const terminated: Outage = () => Promise.reject(new Error('Connection terminated unexpectedly'));

/** An app on the suite's database whose queries meet `outage` once it is ready and the outage begun. */
async function duringOutage(outage: Outage, request: (app: FastifyInstance) => Promise<LightMyRequestResponse>) {
  let down = false;
  const db: Database = {
    ...t.db,
    query: (sql, params) => (down ? outage() : t.db.query(sql, params)),
    transaction: (work) => (down ? outage() : t.db.transaction(work)),
  };
  const app = await buildApp({ config: testConfig(), db });
  try {
    await app.ready();
    down = true;
    return await request(app);
  } finally {
    down = false;
    await app.close();
  }
}

describe('a database outage', () => {
  it('refused connections: 503 with Retry-After, not 500', async () => {
    const response = await duringOutage(refused, (app) => app.inject(`${API}/contents/1`));
    expect(expectApiError(response, 503).message).toMatch(/database/i);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a connection lost mid-request: 503 with Retry-After', async () => {
    const response = await duringOutage(terminated, (app) => app.inject({ method: 'POST', url: `${API}/v2/contents/search`, payload: { query: 'любовь' } }));
    expectApiError(response, 503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a bug with the database answering: still 500, no Retry-After', async () => {
    const db: Database = { ...t.db, query: (sql, params) => (sql.includes('FROM contents') ? Promise.reject(new TypeError('a bug')) : t.db.query(sql, params)) };
    const app = await buildApp({ config: testConfig(), db });
    try {
      const response = await app.inject(`${API}/contents/1`);
      expectApiError(response, 500);
      expect(response.headers['retry-after']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
