import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { CatalogueCache } from '../../server/catalogue/catalogue-cache.ts';
import type { Database } from '../../server/db/database.ts';
import { contentSchema } from '../../src/contract/schemas/schema.ts';
import { API, expectJson, testConfig } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

describe('CatalogueCache', () => {
  it('keeps a found value, and concurrent misses of one key share one load', async () => {
    const cache = new CatalogueCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { id: 1 };
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.json('content:1', load)));
    expect(loads).toBe(1);
    expect(new Set(answers.map((answer) => answer?.body))).toEqual(new Set(['{"id":1}']));
    await cache.json('content:1', load);
    expect(loads).toBe(1);
  });

  it('does not keep "not found", so guessing ids cannot fill it', async () => {
    const cache = new CatalogueCache();
    expect(await cache.json('content:999', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('forgets after the TTL', async () => {
    let now = 0;
    const cache = new CatalogueCache({ ttlMs: 1_000, now: () => now });
    let version = 1;
    const load = async () => ({ version });
    expect((await cache.json('k', load))?.body).toBe('{"version":1}');
    version = 2;
    now = 999;
    expect((await cache.json('k', load))?.body).toBe('{"version":1}');
    now = 1_000;
    expect((await cache.json('k', load))?.body).toBe('{"version":2}');
  });

  it('invalidate(): a load that began before it does not store what it read', async () => {
    const cache = new CatalogueCache();
    let finish: (value: unknown) => void = () => undefined;
    const pending = cache.json('k', () => new Promise((resolve) => (finish = resolve)));
    cache.invalidate();
    finish({ old: true });
    expect((await pending)?.body).toBe('{"old":true}');
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = new CatalogueCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.json(key, async () => key);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.json('a', async () => ((reloaded = true), 'a'));
    expect(reloaded).toBe(true);
  });
});

describe('the catalogue routes on the cache', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('serve what was cached until the catalogue is invalidated, then what the database holds', async () => {
    const cache = new CatalogueCache();
    const app = await buildApp({ config: testConfig(), db, catalogueCache: cache });
    try {
      const title = async () => expectJson(await app.inject(`${API}/contents/1`), 200, contentSchema).title;
      const original = await title();
      await db.query('UPDATE contents SET title = $1 WHERE id = 1', ['Новое название']);
      expect(await title()).toBe(original);
      // Whoever writes the catalogue says so.
      cache.invalidate();
      expect(await title()).toBe('Новое название');
    } finally {
      await db.query('UPDATE contents SET title = $1 WHERE id = 1', ['Северный маяк']);
      await app.close();
    }
  });
});
