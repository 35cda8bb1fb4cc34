import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tagSchema } from '../../src/contract/schemas/browse-schema.ts';
import { cacheListSchema } from '../../src/contract/schemas/site-schema.ts';
import { bearer, FIRST_ADMIN, login, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectJson, type TestApp } from './helpers.ts';

coversCatalogue('GET /tags', 'GET /menu');

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startAuthApp();
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
});
afterAll(() => t.close());

const tags = async () => expectJson(await t.app.inject(`${API}/tags`), 200, z.array(tagSchema)).map((tag) => tag.slug);

describe('the browsing answers\' cache', () => {
  it('keeps an answer until the operator clears the "browse" cache, and shows its size', async () => {
    const before = await tags();
    expect(before).not.toContain('zt-late');
    await t.db.query("INSERT INTO tags (id, slug, title) VALUES (990001, 'zt-late', 'Зт поздний')");
    // Kept: the catalogue is read-only while the server runs; a minute bounds an outside write.
    expect(await tags()).toEqual(before);
    const caches = expectJson(await t.app.inject({ url: `${API}/caches`, headers: admin }), 200, cacheListSchema);
    expect(caches.caches.find((cache) => cache.name === 'browse')?.entries).toBeGreaterThan(0);

    const cleared = expectJson(await t.app.inject({ method: 'DELETE', url: `${API}/caches/browse`, headers: admin }), 200, cacheListSchema);
    expect(cleared.caches.find((cache) => cache.name === 'browse')?.entries).toBe(0);
    const after = await tags();
    expect(after).toContain('zt-late');
    expect(after).toHaveLength(before.length + 1);
  });

  it('answers a conditional request with 304 while the answer is unchanged', async () => {
    const first = await t.app.inject(`${API}/menu`);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await t.app.inject({ url: `${API}/menu`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
