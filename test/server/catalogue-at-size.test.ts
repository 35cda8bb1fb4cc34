import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rebuildSearchIndex } from '../../server/catalogue/search/search-index.ts';
import { seedGeneratedCatalogue } from '../../server/db/generated-catalogue.ts';
import { cardPageSchema, filteredListingSchema, shelfSchema } from '../../src/contract/schemas/browse-schema.ts';
import { searchPageSchema } from '../../src/contract/schemas/search-schema.ts';
import { contentSchema } from '../../src/contract/schemas/schema.ts';
import { API, CONTENT_IDS, expectJson, startTestApp, type TestApp } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

// The catalogue as `npm start` seeds it (5 000 generated contents around the 8 demo ones):
// listings, filters, categories and search give whole, consistent answers at that size.
const SIZE = 5000;
let t: TestApp;

beforeAll(async () => {
  const db = await openTestDatabase();
  await seedGeneratedCatalogue(db, { size: SIZE });
  await rebuildSearchIndex(db);
  t = await startTestApp({}, db);
}, 120_000);
afterAll(async () => {
  await t.close();
  await t.db.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload });

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) counted`, params);
  return row?.n ?? -1;
}

describe(`a catalogue of ${SIZE} generated contents`, () => {
  it('lists every content, page after page, without overlap', async () => {
    const first = expectJson(await post('/v2/contents', { page: 1, pageSize: 100, sort: 'rating' }), 200, cardPageSchema);
    const second = expectJson(await post('/v2/contents', { page: 2, pageSize: 100, sort: 'rating' }), 200, cardPageSchema);
    expect(first.total).toBe(SIZE + CONTENT_IDS.length);
    const ids = new Set([...first.items, ...second.items].map((card) => card.id));
    expect(ids.size).toBe(200);
    const ratings = [...first.items, ...second.items].map((card) => card.rating.kinopoisk ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('filters by genre, country and years as the database counts them, with facets for the panel', async () => {
    const filters = { genres: ['drama'], countries: ['ru'], yearFrom: 2000, yearTo: 2020 };
    const listing = expectJson(await post('/v2/types/filter-v2/movie/categories/all/contents', { page: 1, pageSize: 24, ...filters }), 200, filteredListingSchema);
    const expected = await count(
      `SELECT c.id FROM contents c WHERE c.content_type = 'movie' AND c.year BETWEEN 2000 AND 2020
         AND EXISTS (SELECT 1 FROM content_genres g JOIN genres n ON n.id = g.genre_id WHERE g.content_id = c.id AND n.slug = 'drama')
         AND EXISTS (SELECT 1 FROM content_countries k WHERE k.content_id = c.id AND k.slug = 'ru')`,
    );
    expect(expected).toBeGreaterThan(24);
    expect(listing.total).toBe(expected);
    for (const card of listing.items) {
      expect(card.contentType.slug).toBe('movie');
      expect(card.genres.map((genre) => genre.slug)).toContain('drama');
      expect(card.year).toBeGreaterThanOrEqual(2000);
      expect(card.year).toBeLessThanOrEqual(2020);
    }
    expect(listing.facets.genres.find((genre) => genre.slug === 'drama')?.count).toBeGreaterThan(0);
  });

  it('answers a genre category of a type with exactly the contents of that genre and type', async () => {
    const listing = expectJson(await post('/v2/types/series/categories/detective/contents', { page: 1, pageSize: 24 }), 200, cardPageSchema);
    expect(listing.total).toBe(await count(
      `SELECT c.id FROM contents c JOIN content_genres g ON g.content_id = c.id JOIN genres n ON n.id = g.genre_id
       WHERE c.content_type = 'series' AND n.slug = 'detective'`,
    ));
  });

  it('fills the home page shelves', async () => {
    const shelves = expectJson(await t.app.inject(`${API}/categories/main-mart`), 200, z.array(shelfSchema));
    expect(shelves.length).toBeGreaterThanOrEqual(5);
    for (const shelf of shelves) expect(shelf.items.length, shelf.category.slug).toBeGreaterThan(0);
  });

  it('finds typos, stems and people among thousands', async () => {
    const typo = expectJson(await post('/v2/contents/search', { query: 'масква', page: 1, pageSize: 20 }), 200, searchPageSchema);
    expect(typo.total).toBeGreaterThan(0);
    expect(`${typo.items[0]?.title} ${typo.items[0]?.highlight.snippet.map((part) => part.text).join('')}`).toMatch(/Москв/);

    const stems = expectJson(await post('/v2/contents/search', { query: 'фильмы о любви', page: 1, pageSize: 20 }), 200, searchPageSchema);
    expect(stems.items[0]?.title).toMatch(/[Лл]юбов/);
    expect(stems.items[0]?.highlight.title.some((part) => part.match && /любов/i.test(part.text))).toBe(true);

    const [person] = await t.db.query<{ name: string }>(
      `SELECT p.name FROM persons p JOIN content_persons cp ON cp.person_id = p.id WHERE cp.person_type_id = 1 GROUP BY p.name ORDER BY p.name LIMIT 1`,
    );
    const byPerson = expectJson(await post('/v2/contents/search', { query: person?.name ?? '', page: 1, pageSize: 20 }), 200, searchPageSchema);
    const directed = await t.db.query<{ id: number }>(
      `SELECT cp.content_id AS id FROM content_persons cp JOIN persons p ON p.id = cp.person_id WHERE p.name = $1`, [person?.name],
    );
    expect(byPerson.items.map((item) => item.id)).toEqual(expect.arrayContaining(directed.slice(0, 3).map((row) => row.id)));
  });

  it('finds a generated content by its slug and outside ids', async () => {
    const [row] = await t.db.query<{ id: number; slug: string; kinopoisk_id: number; imdb_id: string }>('SELECT id, slug, kinopoisk_id, imdb_id FROM contents WHERE id = 4321');
    for (const url of [`/contents/by-slug/${row?.slug}`, `/kinopoisk/contents/${row?.kinopoisk_id}`, `/contents/by-imdb-id/${row?.imdb_id}`, '/contents/4321']) {
      expect(expectJson(await t.app.inject(`${API}${url}`), 200, contentSchema).id, url).toBe(4321);
    }
  });
});
