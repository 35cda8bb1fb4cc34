import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { API, testConfig } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

// One JSON line per request, with the request's id (also in X-Request-Id), and no secret in it.
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let db: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  db = await openTestDatabase();
  // Loopback is trusted as a proxy: inject() comes from 127.0.0.1.
  app = await buildApp({ config: testConfig({ trustedProxies: ['loopback'] }), db, logger: { stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

type LogLine = Record<string, unknown>;
const logged = () => lines.map((line) => JSON.parse(line) as LogLine);
const accessLineOf = (requestId: string) => logged().find((line) => line.msg === 'request' && line.requestId === requestId);

describe('the access log', () => {
  it('writes one line per request: method, path, status, duration, bytes and request id', async () => {
    const response = await app.inject(`${API}/contents/1`);
    const requestId = String(response.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = accessLineOf(requestId);
    expect(line).toMatchObject({ level: 30, method: 'GET', path: `${API}/contents/1`, status: 200, bytes: Number(response.headers['content-length']) });
    expect(typeof line?.durationMs).toBe('number');
    expect(logged().filter((each) => each.requestId === requestId)).toHaveLength(1);
  });

  it('writes one line for the player\'s document, boot data and all: building it asks the API nothing over HTTP', async () => {
    const before = logged().filter((line) => line.msg === 'request').length;
    const response = await app.inject({ url: '/embed?movie_id=2', headers: { 'sec-fetch-dest': 'iframe', referer: 'https://host.test/page' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="boot-data"');
    const requests = logged().filter((line) => line.msg === 'request').slice(before);
    expect(requests).toEqual([expect.objectContaining({ path: '/embed?movie_id=2', status: 200, requestId: response.headers['x-request-id'] })]);
  });

  it('names an error answer\'s request id, and the 400 is logged with its status', async () => {
    const response = await app.inject(`${API}/contents/abc`);
    expect(response.statusCode).toBe(400);
    expect(accessLineOf(String(response.headers['x-request-id']))).toMatchObject({ status: 400 });
  });

  it('keeps a trusted proxy\'s well-formed X-Request-Id, and replaces a malformed one', async () => {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.abc');
    expect(accessLineOf('edge-42.abc')).toMatchObject({ path: '/healthz' });
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b"c' } });
    expect(replaced.headers['x-request-id']).not.toBe('a b"c');
  });

  it('leaves secrets out: query tokens, Authorization and Cookie, body fields', async () => {
    const secrets = ['restore-token-secret-1234567890', 'Bearer header-secret', 'refresh-cookie-secret', 'password-secret-123'];
    await app.inject({ url: `/authenticator/user/password/restore/visit-link?token=${secrets[0]}&x=1`, method: 'PUT', payload: { token: 'short' } });
    await app.inject({ url: '/authenticator/user/details', headers: { authorization: secrets[1]!, cookie: `refreshToken=${secrets[2]}` } });
    await app.inject({ url: '/authenticator/authentication', method: 'POST', payload: { email: 'nobody@example.com', password: secrets[3] } });
    const text = lines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).toContain('/authenticator/user/password/restore/visit-link?token=[redacted]&x=1');
  });
});

describe('an untrusted client', () => {
  it('cannot choose its request id', async () => {
    const untrusted = await buildApp({ config: testConfig({ trustedProxies: [] }), db, logger: { stream } });
    await untrusted.ready();
    const response = await untrusted.inject({ url: '/healthz', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(response.headers['x-request-id']).not.toBe('chosen-by-client');
    await untrusted.close();
  });
});
