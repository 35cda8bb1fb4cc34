import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '../../src/contract/schemas/auth-schema.ts';
import { API, expectJson, expectNoInternals, type TestApp } from './helpers.ts';
import { AUTH, bearer, login, newViewer, startAuthApp } from './auth-helpers.ts';

// A burst of malformed requests at every body-reading route of the service: each is a 4xx in
// the usual JSON shape (never a 500, never a stack), and afterwards the process answers normally.

let t: TestApp;
let viewer: { email: string; password: string; token: string };
beforeAll(async () => {
  t = await startAuthApp({ billingWebhookSecret: 'fuzz-webhook-secret-0123456789' });
  const created = await newViewer(t);
  viewer = { email: created.email, password: created.password, token: created.session.accessToken };
});
afterAll(() => t.close());

const ROUTES: [string, string][] = [
  ['POST', '/signup'],
  ['POST', '/signup/complete'],
  ['POST', '/authentication'],
  ['POST', '/authentication/refresh'],
  ['POST', '/user/password/restore/init'],
  ['PUT', '/user/password/restore/visit-link'],
  ['POST', '/user/password/restore'],
  ['POST', '/user/password/change'],
  ['PATCH', '/user/rename'],
  ['POST', '/subscription'],
  ['POST', '/subscription/notify'],
  ['POST', '/administration/users'],
  ['POST', '/administration/block-user/1'],
];

function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const BODIES: string[] = [
  '',
  'null',
  'true',
  '"string"',
  '12345',
  '[]',
  '[{"email":"a@b.example"}]',
  '{',
  '{"email":',
  '{"email":"a@b.example","password":',
  '{"__proto__":{"admin":true},"email":"a@b.example","password":"long enough"}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"email":{"$ne":null},"password":{"$gt":""}}',
  `{"email":"${'a'.repeat(3000)}@b.example","password":"long enough"}`,
  '{"email":"\\ud800@b.example","password":"lone surrogate \\udfff"}',
  '{"email":"a@b.example","password":"x","code":"\\u0000\\u0000"}',
  '{"token":["a","b"],"refreshToken":{"x":1}}',
  '{"page":1e308,"pageSize":-1,"query":null}',
  '{"page":"1;DROP TABLE users","query":"\' OR 1=1 --"}',
  deeplyNested(500),
  randomBytes(300).toString('latin1'),
  '\u0000\u0001\u0002',
];

describe('a burst of malformed bodies', () => {
  it('is answered with 4xx JSON errors only', async () => {
    const statuses = new Set<number>();
    for (const [method, url] of ROUTES) {
      for (const body of BODIES) {
        for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', ...bearer(viewer.token) }]) {
          const response = await t.app.inject({ method: method as 'POST', url: `${AUTH}${url}`, headers, payload: body });
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(body.slice(0, 60))} → ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(body.slice(0, 60))} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expectNoInternals(response.body);
          statuses.add(response.statusCode);
        }
      }
    }
    expect([...statuses].every((status) => [400, 401, 403, 404, 413, 415].includes(status))).toBe(true);
  });

  it('odd content types and methods are refused the same way', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16']) {
      const response = await t.app.inject({ method: 'POST', url: `${AUTH}/authentication`, headers: { 'content-type': contentType }, payload: '{"email":"a@b.example","password":"x"}' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: `${AUTH}/authentication` });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
  });

  it('leaves the process answering normally', async () => {
    expect((await t.app.inject(`${API}/contents/2`)).statusCode).toBe(200);
    const session = await login(t, viewer.email, viewer.password);
    expectJson(await t.app.inject({ method: 'POST', url: `${AUTH}/authentication/refresh`, payload: { refreshToken: session.refreshToken } }), 200, sessionSchema);
    const users = await t.db.query<{ count: number }>("SELECT count(*)::int AS count FROM users WHERE role = 'admin'");
    expect(users[0]?.count).toBe(1);
  });
});
