import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, startTestApp, type TestApp } from './helpers.ts';

// Their 200s are in api-shapes.test.ts and ads.test.ts; their 400s and 404s here.
coversCatalogue('GET /contents/{id}', 'GET /contents/{id}/seasons', 'GET /contents/{id}/available', 'GET /episodes', 'GET /vast.xml');

// What a client sees when it sends something wrong: a 4xx in the documented error shape
// that says what was wrong, and never a stack trace or a server path.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BAD_IDS = ['abc', '1.5', '-1', '0', '1e3', '99999999999', '%20', '0x10', '1abc'];

describe('bad content ids → 400 naming the parameter', () => {
  const endpoints = [
    { url: (id: string) => `${API}/contents/${id}`, names: 'invalid path: id:' },
    { url: (id: string) => `${API}/contents/${id}/seasons`, names: 'invalid path: id:' },
    { url: (id: string) => `${API}/contents/${id}/available?domain=x`, names: 'invalid path: id:' },
    { url: (id: string) => `${API}/episodes?content-id=${id}`, names: 'invalid query: content-id:' },
    { url: (id: string) => `${API}/manifests/episodes/${id}.json`, names: 'invalid path: id:' },
    { url: (id: string) => `${API}/manifests/variants/${id}.json`, names: 'invalid path: id:' },
  ];
  const cases = endpoints.flatMap((endpoint) => BAD_IDS.map((id) => [endpoint.url(id), endpoint.names] as const));

  it.each(cases)('GET %s', async (url, parameter) => {
    const error = expectApiError(await t.app.inject(url), 400);
    expect(error.error).toBe('Bad Request');
    expect(error.message).toContain(parameter);
  });

  it.each([
    [`${API}/contents/`, 'invalid path: id:'],
    [`${API}/contents//seasons`, 'invalid path: id:'],
    [`${API}/episodes`, 'content-id'],
    [`${API}/episodes?content-id=`, 'content-id'],
    [`${API}/episodes?content-id=1&content-id=2`, 'content-id'],
    [`${API}/episodes?content-id[]=1`, 'content-id'],
  ])('GET %s (empty, missing or repeated)', async (url, parameter) => {
    expect(expectApiError(await t.app.inject(url), 400).message).toContain(parameter);
  });
});

describe('unknown ids → 404', () => {
  it.each([
    `${API}/contents/999`,
    `${API}/contents/2147483647/seasons`,
    `${API}/contents/999/available?domain=x`,
    `${API}/episodes?content-id=999`,
    `${API}/manifests/episodes/999.json`,
    `${API}/manifests/variants/999.json`,
    `${API}/manifests/episodes/101.m3u8`,
  ])('GET %s', async (url) => {
    expect(expectApiError(await t.app.inject(url), 404).error).toBe('Not Found');
  });
});

describe('unknown routes → 404 JSON', () => {
  it.each([
    ['GET', '/nothing'],
    ['GET', `${API}/nothing`],
    ['GET', `${API}/contents/1/nothing`],
    ['GET', `${API}/media/films/1/no-such-file.m3u8`],
    ['GET', '/assets/no-such-file.js'],
    ['POST', '/nothing'],
  ] as const)('%s %s', async (method, url) => {
    expectApiError(await t.app.inject({ method, url }), 404);
  });
});

describe('a known address with a method it does not have → 405 JSON with Allow', () => {
  it.each([
    ['DELETE', `${API}/contents/1`, 'GET, HEAD'],
    ['PUT', `${API}/ads/track`, 'GET, HEAD'],
    ['GET', '/collect', 'POST'],
    ['PATCH', '/embed', 'GET, HEAD'],
  ] as const)('%s %s', async (method, url, allow) => {
    const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
    expectApiError(response, 405);
    expect(response.headers.allow).toBe(allow);
  });
});

describe('request bodies', () => {
  it.each([
    ['POST', `${API}/contents/1`],
    ['POST', `${API}/contents`],
    ['PUT', `${API}/contents/1/episodes/101/time-progress`],
    ['PATCH', '/embed'],
    ['DELETE', `${API}/contents/favorites/1`],
  ] as const)('%s %s with invalid JSON → 4xx JSON', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{"movie_id": 1,' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectApiError(response, response.statusCode);
  });

  it('a JSON body on a GET route is ignored', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/contents/1`, headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(response.statusCode).toBe(200);
  });
});

describe('bad input never leaks internals', () => {
  it.each([
    `${API}/contents/${encodeURIComponent('<script>alert(1)</script>')}`,
    `${API}/contents/${encodeURIComponent("1' OR '1'='1")}`,
    `${API}/episodes?content-id=${encodeURIComponent('1; DROP TABLE contents')}`,
    `${API}/vast.xml?creativeId=${encodeURIComponent("c1' --")}`,
    `${API}/ads/tracking-events?creativeId=${'x'.repeat(65)}`,
    `${API}/ads/tracking-events?after=-5`,
  ])('GET %s', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectApiError(response, response.statusCode);
  });

  it('the catalogue is intact after injection attempts', async () => {
    expect((await t.app.inject(`${API}/contents/1`)).statusCode).toBe(200);
  });
});

describe('ads: bad input', () => {
  it.each([
    [`${API}/vast.xml`, 400, 'creativeId'],
    [`${API}/vast.xml?creativeId=`, 400, 'creativeId'],
    [`${API}/vast.xml?creativeId=c1&creativeId=c2`, 400, 'creativeId'],
    [`${API}/vast.xml?creativeId=${'c'.repeat(65)}`, 400, 'creativeId'],
    [`${API}/vast.xml?creativeId=nope`, 404, 'nope'],
    [`${API}/ads/track?creativeId=c1`, 400, 'event'],
    [`${API}/ads/track?creativeId=c1&event=explode`, 400, 'event'],
    [`${API}/ads/track?creativeId=c1&event=Start`, 400, 'event'],
    [`${API}/ads/track?event=start`, 400, 'creativeId'],
    [`${API}/ads/track?creativeId=nope&event=start`, 404, 'nope'],
    [`${API}/ads/track?creativeId=c1&event=error&code=abc`, 400, 'code'],
    [`${API}/ads/track?creativeId=c1&event=error&code=-1`, 400, 'code'],
    [`${API}/ads/track?creativeId=c1&event=error&code=4.05`, 400, 'code'],
    [`${API}/ads/track?creativeId=c1&event=error&code=12345`, 400, 'code'],
    [`${API}/ads/tracking-events?after=abc`, 400, 'after'],
  ] as const)('GET %s → %i', async (url, status, mentioned) => {
    expect(expectApiError(await t.app.inject(url), status).message).toContain(mentioned);
  });

  it('rejected tracking hits record nothing', async () => {
    const before = await t.app.inject(`${API}/ads/tracking-events`);
    await t.app.inject(`${API}/ads/track?creativeId=c1&event=explode`);
    await t.app.inject(`${API}/ads/track?creativeId=c1&event=error&code=abc`);
    await t.app.inject(`${API}/ads/track?creativeId=nope&event=start`);
    const after = await t.app.inject(`${API}/ads/tracking-events`);
    expect(after.body).toBe(before.body);
  });
});

describe('framework-level errors use the same error shape', () => {
  // Fastify answers these itself, before any route, unless the app routes them to its error
  // handler; a client must still get the documented shape and a readable CORS response.
  it.each([
    ['a malformed percent-encoding in the path', `${API}/contents/%zz`],
    ['a path parameter longer than 100 characters', `${API}/contents/${'9'.repeat(120)}`],
  ])('%s → 4xx in the documented error shape, with CORS', async (_name, url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectApiError(response, response.statusCode);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('server failures', () => {
  it('a database that is gone answers 503 with Retry-After, a generic message and no internals', async () => {
    const broken = await startTestApp();
    try {
      await broken.db.close();
      const response = await broken.app.inject(`${API}/contents/1`);
      expect(expectApiError(response, 503).message).toBe('The database is unavailable; try again shortly');
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await broken.close();
    }
  });
});
