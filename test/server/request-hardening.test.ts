import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, expectApiError, startTestApp, type TestApp } from './helpers.ts';
import { listen, rawExchange } from './raw-http.ts';

// What a public server must refuse or bound before any route runs: control characters in any
// parameter or header, bodies past their route's limit, clients that send too slowly.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminToken: 'a-token-of-sixteen-characters' });
});
afterAll(() => t.close());

describe('control characters in parameters → 400 naming the parameter, before any route', () => {
  const CONTROLS = ['%00', '%01', '%0a', '%0d', '%1f', '%7f', '%09'];
  const QUERY_CASES = CONTROLS.flatMap((control) => [
    [`${API}/ads/track?creativeId=c1${control}&event=start`, 'creativeId'],
    [`${API}/vast.xml?creativeId=c${control}1`, 'creativeId'],
    [`${API}/ads/wrapper.xml?creativeId=c1&depth=1${control}`, 'depth'],
    [`${API}/ads/pod.xml?creativeIds=c1,c2${control}`, 'creativeIds'],
    [`${API}/ads/tracking-events?creativeId=${control}`, 'creativeId'],
    [`${API}/ad-list.json?case=none${control}`, 'case'],
    [`${API}/episodes?content-id=2${control}`, 'content-id'],
    [`${API}/contents/1/available?domain=https://host.example/${control}`, 'domain'],
    [`/embed?movie_id=1&ad_case=${control}`, 'ad_case'],
    [`/demo?ad_case=none${control}`, 'ad_case'],
    [`${API}/contents/1?x${control}y=1`, 'x'],
  ] as const);
  it.each(QUERY_CASES)('GET %s', async (url, parameter) => {
    const error = expectApiError(await t.app.inject(url), 400);
    expect(error.message).toContain(`query parameter "${parameter}`);
    expect(error.message).toContain('control characters');
  });

  it.each([
    [`${API}/contents/1%00`, 'path parameter id'],
    [`${API}/contents/%0a1/seasons`, 'path parameter id'],
    [`${API}/manifests/episodes/101%00.json`, 'path parameter id'],
    [`${API}/media/films/1/master%00.m3u8`, 'the path'],
    [`/embed/season-1%00/episode-1`, 'path parameter season'],
  ])('GET %s', async (url, parameter) => {
    expect(expectApiError(await t.app.inject(url), 400).message).toBe(`${parameter} must not contain control characters`);
  });

  it.each([
    ['x-viewer-country', 'R\u0001U'],
    ['x-session-context', 'abc\u0000'],
    ['authorization', 'Bearer a\u007fb'],
  ])('header %s', async (name, value) => {
    const response = await t.app.inject({ url: `${API}/contents/3/available`, headers: { [name]: value } });
    expect(expectApiError(response, 400).message).toBe(`header ${name} must not contain control characters`);
  });

  it('a tab in a header value is allowed (RFC 9110 §5.5)', async () => {
    const response = await t.app.inject({ url: `${API}/contents/1`, headers: { 'x-session-context': 'a\tb' } });
    expect(response.statusCode).toBe(200);
  });

  it('the NUL that reached the database before is now a 400, and nothing is recorded', async () => {
    const before = (await t.db.query('SELECT 1 FROM ad_tracking_events')).length;
    expectApiError(await t.app.inject(`${API}/ads/track?creativeId=c1%00&event=impression`), 400);
    expect((await t.db.query('SELECT 1 FROM ad_tracking_events')).length).toBe(before);
  });
});

describe('body limits', () => {
  const json = (bytes: number) => JSON.stringify({ padding: 'x'.repeat(bytes) });

  it('a route that names no limit takes at most 16 kB', async () => {
    const small = await t.app.inject({ method: 'POST', url: '/admin/logout', headers: { 'content-type': 'application/json' }, payload: json(1_000) });
    expect(small.statusCode).not.toBe(413);
    const big = await t.app.inject({ method: 'POST', url: '/admin/logout', headers: { 'content-type': 'application/json' }, payload: json(17 * 1024) });
    expectApiError(big, 413);
  });

  it('the collector still takes a beacon-sized batch (its own 64 kB limit)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/collect', headers: { 'content-type': 'application/json' }, payload: json(40 * 1024) });
    // Not a batch, so a 400 for its shape: the point is that it was read, not refused for size.
    expect(expectApiError(response, 400).message).toMatch(/invalid body/);
  });
});

describe('timeouts', () => {
  let slow: TestApp;
  let port: number;
  beforeAll(async () => {
    slow = await startTestApp({ requestTimeoutMs: 1_000 });
    ({ port } = await listen(slow.app));
  });
  afterAll(() => slow.close());

  it.each([
    ['a body that stops halfway', `POST /collect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"sent_at":`],
    ['a head that never ends', `GET ${API}/contents/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n`],
  ])('%s: 408 and the connection closed after requestTimeout', async (_name, bytes) => {
    const started = Date.now();
    const response = await rawExchange(port, bytes);
    expect(response.status).toBe(408);
    // The timeout plus Node's check interval (1 s), well short of the 120 s a socket could idle.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('the server keeps its limits', () => {
    expect(slow.app.server.requestTimeout).toBe(1_000);
    expect(slow.app.server.headersTimeout).toBe(1_000);
    expect(slow.app.server.keepAliveTimeout).toBe(65_000);
    expect(slow.app.server.timeout).toBe(120_000);
  });
});
