import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheListSchema, sitemapMetaSchema, type CacheList } from '../../src/contract/schemas/site-schema.ts';
import { bearer, FIRST_ADMIN, login, newViewer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';

coversCatalogue('GET /caches', 'DELETE /caches', 'DELETE /caches/{name}');

let t: TestApp;
let admin: Record<string, string>;
let viewer: Record<string, string>;
beforeAll(async () => {
  t = await startAuthApp({}, { dataDir: 'memory://' });
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
  viewer = bearer((await newViewer(t)).session.accessToken);
});
afterAll(() => t.close());

const entriesOf = (list: CacheList, name: string) => list.caches.find((cache) => cache.name === name)?.entries;
const list = async () => expectJson(await t.app.inject({ url: `${API}/caches`, headers: admin }), 200, cacheListSchema);

/** Something in each of the site's caches and the player's: a sitemap, a resized image, a content. */
async function fillCaches(): Promise<void> {
  expect((await t.app.inject(`${API}/sitemap.xml`)).statusCode).toBe(200);
  expect((await t.app.inject(`${API}/image?src=posters/content-1.jpg&w=160&format=jpeg`)).statusCode).toBe(200);
  expect((await t.app.inject(`${API}/contents/1`)).statusCode).toBe(200);
}

describe('GET /catalog-api/caches', () => {
  it('lists every cache by name with a description and what it holds now', async () => {
    await fillCaches();
    const caches = await list();
    expect(caches.caches.map((cache) => cache.name)).toEqual(expect.arrayContaining(['catalogue', 'images', 'sitemaps']));
    for (const cache of caches.caches) expect(cache.description.length).toBeGreaterThan(0);
    expect(entriesOf(caches, 'images')).toBeGreaterThan(0);
    expect(entriesOf(caches, 'sitemaps')).toBeGreaterThan(0);
    expect(entriesOf(caches, 'catalogue')).toBeGreaterThan(0);
  });

  it('is for administrators: 401 without a token, 403 for a viewer, 400 for a stray parameter', async () => {
    expectApiError(await t.app.inject(`${API}/caches`), 401);
    expectApiError(await t.app.inject({ url: `${API}/caches`, headers: viewer }), 403);
    expectApiError(await t.app.inject({ url: `${API}/caches?all=1`, headers: admin }), 400);
  });
});

describe('DELETE /catalog-api/caches/{name}', () => {
  it('empties that cache only and answers the list after', async () => {
    await fillCaches();
    const before = await list();
    const after = expectJson(await t.app.inject({ method: 'DELETE', url: `${API}/caches/images`, headers: admin }), 200, cacheListSchema);
    expect(entriesOf(after, 'images')).toBe(0);
    expect(entriesOf(after, 'sitemaps')).toBe(entriesOf(before, 'sitemaps'));
    expect(entriesOf(after, 'catalogue')).toBe(entriesOf(before, 'catalogue'));
  });

  it('makes the next read rebuild: a cleared sitemap shows a content added since', async () => {
    await t.app.inject(`${API}/sitemap.xml`);
    const meta = async () => expectJson(await t.app.inject({ url: `${API}/debug/meta/sitemap.xml`, headers: admin }), 200, sitemapMetaSchema);
    const before = await meta();
    await t.db.query("INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES (990002, 'caches-test-new', 'Новый', 'movie', 2026, '/p.jpg')");
    expect((await meta()).totalUrls).toBe(before.totalUrls);
    expectJson(await t.app.inject({ method: 'DELETE', url: `${API}/caches/sitemaps`, headers: admin }), 200, cacheListSchema);
    expect((await meta()).totalUrls).toBe(before.totalUrls + 1);
  });

  it('answers 404 for a cache that does not exist and 400 for a name that cannot be one', async () => {
    expect(expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/caches/nothing-here`, headers: admin }), 404).message).toMatch(/nothing-here/);
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/caches/Bad%20Name`, headers: admin }), 400);
  });

  it('is for administrators: 401 without a token, 403 for a viewer, and nothing is cleared', async () => {
    await fillCaches();
    const before = await list();
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/caches/images` }), 401);
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/caches/images`, headers: viewer }), 403);
    expect(entriesOf(await list(), 'images')).toBe(entriesOf(before, 'images'));
  });
});

describe('DELETE /catalog-api/caches', () => {
  it('empties every cache and answers the list after', async () => {
    await fillCaches();
    const after = expectJson(await t.app.inject({ method: 'DELETE', url: `${API}/caches`, headers: admin }), 200, cacheListSchema);
    expect(after.caches.length).toBeGreaterThanOrEqual(3);
    for (const cache of after.caches) expect(cache.entries, cache.name).toBe(0);
  });

  it('is for administrators: 401 without a token, 403 for a viewer, 400 for a stray parameter', async () => {
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/caches` }), 401);
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/caches`, headers: viewer }), 403);
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/caches?name=images`, headers: admin }), 400);
  });

  it('answers 405 with Allow for a method it does not take', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/caches`, headers: admin });
    expectApiError(response, 405);
    expect(response.headers.allow).toBe('GET, HEAD, DELETE');
  });
});
