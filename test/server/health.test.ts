import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { jsonOf, startTestApp, testConfig, type TestApp } from './helpers.ts';

// /healthz: the process answers. /readyz: the database answers too.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The suite's database, whose queries meet `failure` once the app is built and the failure set. */
async function readinessWith(failure: () => Promise<never>) {
  let failing = false;
  const db: Database = { ...t.db, query: (sql, params) => (failing ? failure() : t.db.query(sql, params)) };
  const app = await buildApp({ config: testConfig(), db });
  try {
    await app.ready();
    failing = true;
    return await app.inject('/readyz');
  } finally {
    failing = false;
    await app.close();
  }
}

describe('health', () => {
  it('/healthz: 200 while the process runs, never cached', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz: 200 when the database answers', async () => {
    const response = await t.app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ status: 'ready', database: 'ok' });
  });

  it('/readyz: 503 when the database fails', async () => {
    const response = await readinessWith(() => Promise.reject(new Error('connection refused')));
    expect(response.statusCode).toBe(503);
    expect(jsonOf(response)).toEqual({ status: 'not ready', database: 'unavailable' });
  });

  it('/readyz: 503 when the database does not answer within 2 s', async () => {
    const response = await readinessWith(() => new Promise<never>(() => undefined));
    expect(response.statusCode).toBe(503);
  });
});
