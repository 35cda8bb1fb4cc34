import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newViewer, startAuthApp } from './auth-helpers.ts';
import { insertBrowseFixture } from './catalogue-browse-fixture.ts';
import { API, expectApiError, type TestApp } from './helpers.ts';

// PostgreSQL's text and jsonb cannot hold a NUL character, and a lone UTF-16 surrogate is not
// text at all; JSON lets both through. Whatever route a stranger sends them to, the schema layer
// refuses them with a 400 naming the field, before any query can fail on them with a 500.
let t: TestApp;
let viewer: Record<string, string>;

beforeAll(async () => {
  t = await startAuthApp();
  await insertBrowseFixture(t.db);
  viewer = bearer((await newViewer(t)).session.accessToken);
});
afterAll(() => t.close());

const UNSTORABLE = [['a NUL', 'a\u0000b'], ['a lone surrogate', 'broken \ud800 pair']] as const;

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}${path}`, headers, payload });

describe('text PostgreSQL cannot store', () => {
  it.each(UNSTORABLE)('%s in a listing filter: 400 naming the field', async (_, text) => {
    for (const path of ['/v2/types/cartoon/categories/zt-all/contents', '/v2/types/filter-v2/cartoon/categories/zt-all/contents']) {
      expect(expectApiError(await post(path, { page: 1, genres: [text] }), 400).message).toMatch(/^invalid body: genres\.0: /);
    }
  });

  it.each(UNSTORABLE)('%s in a search with a filter: 400', async (_, text) => {
    expect(expectApiError(await post('/v2/contents/search-with-filter', { query: 'любовь', genres: [text] }), 400).message).toContain('genres.0');
    expect(expectApiError(await post('/v2/contents/search', { query: `люб${text}` }), 400).message).toContain('query');
  });

  it.each(UNSTORABLE)('%s in a persons query: 400', async (_, text) => {
    expect(expectApiError(await post('/person-types/actor/persons', { query: text }), 400).message).toContain('query');
  });

  it.each(UNSTORABLE)('%s in a viewer\'s history search and review: 400', async (_, text) => {
    expect(expectApiError(await post('/contents/history/search', { query: text }, viewer), 400).message).toContain('query');
    expect(expectApiError(await post('/v2/contents/1/reviews/create', { text: `Хорошее кино ${text} о памяти и времени.`, rating: 8 }, viewer), 400).message).toContain('text');
  });

  it('in the query string and the path, refused before any route, as before', async () => {
    expectApiError(await t.app.inject(`${API}/contents/by-slug/zt%00alpha`), 400);
    expectApiError(await t.app.inject(`${API}/v2/contents?q=a%00b`), 400);
  });
});
