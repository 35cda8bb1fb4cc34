import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { API, testConfig } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

// The log keeps what an operator needs to diagnose a failure (an error's code: SQLSTATE, errno)
// and loses what would let its reader act as someone else (tokens, passwords, cookies, the
// codes mailed to viewers).
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

/** What PostgreSQL says when it finds a damaged page: a SQLSTATE in `code`. */
const DAMAGED = Object.assign(new Error('invalid page in block 7 of relation base/5/16384'), { code: 'XX001', errno: -5 });

let db: Database;
let app: FastifyInstance;
beforeAll(async () => {
  db = await openTestDatabase();
  const failing: Database = { ...db, query: (sql, params) => (sql.includes('FROM contents') ? Promise.reject(DAMAGED) : db.query(sql, params)) };
  app = await buildApp({ config: testConfig(), db: failing, logger: { stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

type LogLine = Record<string, unknown> & { err?: Record<string, unknown> };
const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

describe('log redaction', () => {
  it('keeps an error\'s code and errno on the 500 line', async () => {
    const response = await app.inject(`${API}/contents/1`);
    expect(response.statusCode).toBe(500);
    const failure = logged().find((line) => line.requestId === response.headers['x-request-id'] && line.err);
    expect(failure?.err).toMatchObject({ code: 'XX001', errno: -5 });
  });

  it('still removes secrets: a mailed code, passwords and tokens in a body, credentials in headers', () => {
    app.log.info({
      body: { code: '314159', password: 'password-secret-1', token: 'token-secret-1', refreshToken: 'refresh-secret-1' },
      headers: { authorization: 'Bearer header-secret-1', cookie: 'refreshToken=cookie-secret-1' },
    }, 'a request worth logging');
    const line = logged().find((each) => each.msg === 'a request worth logging');
    const text = JSON.stringify(line);
    for (const secret of ['314159', 'password-secret-1', 'token-secret-1', 'refresh-secret-1', 'header-secret-1', 'cookie-secret-1']) expect(text).not.toContain(secret);
  });
});
