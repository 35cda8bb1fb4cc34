import type { LightMyRequestResponse } from 'fastify';
import { rebuildSearchIndex } from '../../server/catalogue/search/search-index.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { searchPageSchema, type SearchPage } from '../../src/contract/schemas/search-schema.ts';
import { API, expectJson, startTestApp, type TestApp } from './helpers.ts';
import { openEmptyTestDatabase } from './test-database.ts';

/** A content of the search tests' own catalogue; ids from 1001, away from any seed. */
export interface SearchFixtureContent {
  id: number;
  title: string;
  originalTitle?: string;
  description?: string;
  type?: 'movie' | 'series' | 'cartoon';
  year?: number;
  popularity?: number;
  rating?: number;
  genres?: string[];
  /** Directors' and actors' names. */
  people?: string[];
}

const GENRES = [
  { id: 1, slug: 'drama', title: 'Драма' },
  { id: 2, slug: 'comedy', title: 'Комедия' },
  { id: 3, slug: 'fantasy', title: 'Фантастика' },
  { id: 4, slug: 'horror', title: 'Ужасы' },
];

/**
 * A migrated database with only `contents` in it (no demo seed, so every ranking the tests
 * assert is decided by these rows alone), its search index built, and the app on top.
 */
export async function startSearchApp(contents: readonly SearchFixtureContent[], { buildIndex = true } = {}): Promise<TestApp> {
  const db = await openEmptyTestDatabase();
  try {
    await migrate(db);
    await insertContents(db, contents);
    if (buildIndex) await rebuildSearchIndex(db);
    const t = await startTestApp({}, db);
    return { ...t, close: async () => { await t.close(); await db.close(); } };
  } catch (error) {
    await db.close();
    throw error;
  }
}

export async function insertContents(db: Database, contents: readonly SearchFixtureContent[]): Promise<void> {
  for (const genre of GENRES) {
    await db.query('INSERT INTO genres (id, slug, title, position) VALUES ($1, $2, $3, $1) ON CONFLICT DO NOTHING', [genre.id, genre.slug, genre.title]);
  }
  const personIds = new Map<string, number>();
  for (const content of contents) {
    await db.query(
      `INSERT INTO contents (id, slug, title, original_title, description, content_type, year, rating_kinopoisk, popularity, poster_path)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [content.id, `content-${content.id}`, content.title, content.originalTitle ?? '', content.description ?? '',
        content.type ?? 'movie', content.year ?? 2000, content.rating ?? null, content.popularity ?? 0, `/posters/${content.id}.jpg`],
    );
    for (const [position, slug] of (content.genres ?? []).entries()) {
      const genre = GENRES.find((candidate) => candidate.slug === slug);
      if (!genre) throw new Error(`no genre ${slug} in the fixture`);
      await db.query('INSERT INTO content_genres (content_id, genre_id, position) VALUES ($1, $2, $3)', [content.id, genre.id, position]);
    }
    for (const [position, name] of (content.people ?? []).entries()) {
      let personId = personIds.get(name);
      if (personId === undefined) {
        personId = personIds.size + 1;
        personIds.set(name, personId);
        await db.query('INSERT INTO persons (id, slug, name) VALUES ($1, $2, $3)', [personId, `person-${personId}`, name]);
      }
      await db.query(
        'INSERT INTO content_persons (content_id, person_id, person_type_id, position) VALUES ($1, $2, $3, $4)',
        [content.id, personId, position === 0 ? 1 : 2, position],
      );
    }
  }
}

export const SEARCH = `${API}/v2/contents/search`;
export const FILTERED_SEARCH = `${API}/v2/contents/search-with-filter`;

export function postSearch(t: TestApp, body: unknown, url = SEARCH): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload: body as object });
}

/** A successful search's page, shape checked. */
export async function search(t: TestApp, body: Record<string, unknown>, url = SEARCH): Promise<SearchPage> {
  return expectJson(await postSearch(t, body, url), 200, searchPageSchema);
}

/** The titles found, in order. */
export async function titlesFor(t: TestApp, query: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const url = Object.keys(extra).some((key) => key !== 'page' && key !== 'pageSize') ? FILTERED_SEARCH : SEARCH;
  return (await search(t, { query, ...extra }, url)).items.map((item) => item.title);
}
