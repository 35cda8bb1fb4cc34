import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../server/catalogue/search/search-index.ts';
import { cardPageSchema } from '../../src/contract/schemas/browse-schema.ts';
import { searchPageSchema } from '../../src/contract/schemas/search-schema.ts';
import { cacheListSchema } from '../../src/contract/schemas/site-schema.ts';
import { bearer, FIRST_ADMIN, login, startAuthApp } from './auth-helpers.ts';
import { API, expectJson, type TestApp } from './helpers.ts';

// Listing pages and search answers are kept a minute, by request: the same question costs the
// database nothing the second time; the operator's DELETE /caches/{name} (or a rebuilt search
// index) makes the next one ask again.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startAuthApp({}, { dataDir: 'memory://' });
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload });
const entries = async (name: string) =>
  expectJson(await t.app.inject({ url: `${API}/caches`, headers: admin }), 200, cacheListSchema).caches.find((cache) => cache.name === name)?.entries;

async function addFilm(id: number, title: string): Promise<void> {
  await t.db.query(
    `INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES ($1, $2, $3, 'movie', 2024, '/catalog-api/media/posters/content-1.jpg')`,
    [id, `kept-${id}`, title],
  );
}

describe('kept answers of listings and search', () => {
  it('keep a listing page until the operator clears them; {} and {page: 1} are one question', async () => {
    const first = expectJson(await post('/v2/contents', {}), 200, cardPageSchema);
    await addFilm(990_001, 'Кэш');
    expect(expectJson(await post('/v2/contents', { page: 1 }), 200, cardPageSchema).total).toBe(first.total);
    expect(await entries('listings')).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/caches/listings`, headers: admin })).statusCode).toBe(200);
    expect(expectJson(await post('/v2/contents', {}), 200, cardPageSchema).total).toBe(first.total + 1);
  });

  it('keep a search answer per query whatever its case and spaces, until the index is rebuilt', async () => {
    const before = expectJson(await post('/v2/contents/search', { query: 'Звездолёт' }), 200, searchPageSchema);
    expect(before.total).toBe(0);
    expect(expectJson(await post('/v2/contents/search', { query: '  звездолёт ' }), 200, searchPageSchema).total).toBe(0);
    expect(await entries('search')).toBe(1);
    await addFilm(990_002, 'Звездолёт');
    await rebuildSearchIndex(t.db);
    const after = expectJson(await post('/v2/contents/search', { query: 'Звездолёт' }), 200, searchPageSchema);
    expect(after.items.map((item) => item.title)).toEqual(['Звездолёт']);
  });
});
