import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';
import { searchPageSchema } from '../../src/contract/schemas/search-schema.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';

coversCatalogue('POST /v2/contents/search', 'POST /v2/contents/search-with-filter');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ searchRateLimit: 2 });
});
afterAll(() => t.close());

const search = (url: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, remoteAddress, payload: { query: 'маяк', page: 1, pageSize: 5 } });

describe('search takes a client\'s share of the database, no more', () => {
  it('answers a client past SEARCH_RATE_LIMIT a minute with 429 and when to come back; other clients still search', async () => {
    for (const url of ['/v2/contents/search', '/v2/contents/search-with-filter']) {
      expectJson(await search(url, '203.0.113.20'), 200, searchPageSchema);
      expectJson(await search(url, '203.0.113.20'), 200, searchPageSchema);
      const refused = await search(url, '203.0.113.20');
      expectApiError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expectJson(await search(url, '203.0.113.21'), 200, searchPageSchema);
    }
  });

  it('allows 300 a minute by default; 0 turns the limit off', () => {
    expect(loadServerConfig({}).searchRateLimit).toBe(300);
    expect(loadServerConfig({ SEARCH_RATE_LIMIT: '0' }).searchRateLimit).toBe(0);
    expect(() => loadServerConfig({ SEARCH_RATE_LIMIT: 'lots' })).toThrow(/SEARCH_RATE_LIMIT/);
  });
});
