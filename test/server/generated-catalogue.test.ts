import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { seedGeneratedCatalogue } from '../../server/db/generated-catalogue.ts';
import { MEDIA_URL_PREFIX } from '../../server/http/paths.ts';
import { MEDIA_DIR } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';

const SIZE = 400;
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  expect(await seedGeneratedCatalogue(db, { size: SIZE })).toBe(true);
});
afterAll(() => db.close());

async function fingerprint(database: Database): Promise<string> {
  const rows = await database.query(
    `SELECT c.id, c.slug, c.title, c.original_title, c.year, c.rating_kinopoisk, c.popularity,
       (SELECT string_agg(p.name || ':' || cp.person_type_id, ',' ORDER BY cp.position) FROM content_persons cp JOIN persons p ON p.id = cp.person_id WHERE cp.content_id = c.id) AS people,
       (SELECT count(*) FROM episodes e WHERE e.content_id = c.id) AS episodes
     FROM contents c ORDER BY c.id`,
  );
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

describe('the generated catalogue', () => {
  it('has the size asked for on top of the 8 demo contents, which keep their ids', async () => {
    const [counts] = await db.query<{ demo: number; generated: number }>(
      'SELECT count(*) FILTER (WHERE id BETWEEN 1 AND 8)::int AS demo, count(*) FILTER (WHERE id > 8)::int AS generated FROM contents',
    );
    expect(counts).toEqual({ demo: 8, generated: SIZE });
  });

  it('is the same on every machine: a second database seeded with the same size holds the same rows', async () => {
    const other = await openTestDatabase();
    try {
      await seedGeneratedCatalogue(other, { size: SIZE });
      expect(await fingerprint(other)).toBe(await fingerprint(db));
    } finally {
      await other.close();
    }
  });

  it('seeds once: a second call changes nothing', async () => {
    const before = await fingerprint(db);
    expect(await seedGeneratedCatalogue(db, { size: SIZE })).toBe(false);
    expect(await fingerprint(db)).toBe(before);
  });

  it('gives every content a unique slug, a Russian title, genres, a country, a director and actors', async () => {
    const problems = await db.query(
      `SELECT c.id FROM contents c
       WHERE c.title !~ '[А-Яа-яЁё]'
          OR NOT EXISTS (SELECT 1 FROM content_genres g WHERE g.content_id = c.id)
          OR NOT EXISTS (SELECT 1 FROM content_countries k WHERE k.content_id = c.id)
          OR NOT EXISTS (SELECT 1 FROM content_persons p WHERE p.content_id = c.id AND p.person_type_id = 1)
          OR NOT EXISTS (SELECT 1 FROM content_persons p WHERE p.content_id = c.id AND p.person_type_id = 2)`,
    );
    expect(problems).toEqual([]);
    const [slugs] = await db.query<{ all: number; distinct: number }>('SELECT count(*)::int AS all, count(DISTINCT slug)::int AS distinct FROM contents');
    expect(slugs?.distinct).toBe(slugs?.all);
  });

  it('makes every generated episode playable: a default source, and one per voice-over, on media that exists', async () => {
    const links = await db.query<{ link: string }>(
      `SELECT DISTINCT s.link FROM media_sources s JOIN episodes e ON e.id = s.episode_id WHERE e.content_id > 8`,
    );
    expect(links.length).toBeGreaterThan(0);
    for (const { link } of links) {
      expect(link.startsWith(MEDIA_URL_PREFIX), link).toBe(true);
      expect(existsSync(path.join(MEDIA_DIR, link.slice(MEDIA_URL_PREFIX.length))), link).toBe(true);
    }
    const silent = await db.query(
      `SELECT e.id FROM episodes e WHERE e.content_id > 8 AND NOT EXISTS
         (SELECT 1 FROM media_sources s WHERE s.episode_id = e.id AND s.variant_id IS NULL AND s.is_default)
       UNION ALL
       SELECT v.id FROM episode_variants v WHERE NOT EXISTS (SELECT 1 FROM media_sources s WHERE s.variant_id = v.id)`,
    );
    expect(silent).toEqual([]);
  });

  it('has series with several seasons and voice-overs named after their studios', async () => {
    const [series] = await db.query<{ multi: number; voiced: number }>(
      `SELECT count(*) FILTER (WHERE seasons > 1)::int AS multi, count(*) FILTER (WHERE voiced)::int AS voiced FROM (
         SELECT c.id, (SELECT count(*) FROM seasons s WHERE s.content_id = c.id) AS seasons,
           EXISTS (SELECT 1 FROM episode_variants v JOIN episodes e ON e.id = v.episode_id JOIN voice_authors a ON a.id = v.voice_author_id
                   WHERE e.content_id = c.id AND a.title = v.title) AS voiced
         FROM contents c WHERE c.content_type = 'series') counted`,
    );
    expect(series?.multi).toBeGreaterThan(0);
    expect(series?.voiced).toBeGreaterThan(0);
  });

  it('enriches the demo contents: original titles, genres, people, the promo slider, voice authors of the series', async () => {
    const demo = await db.query<{ id: number; original_title: string; genres: number; people: number; promo_position: number | null }>(
      `SELECT c.id, c.original_title, c.promo_position,
         (SELECT count(*)::int FROM content_genres g WHERE g.content_id = c.id) AS genres,
         (SELECT count(*)::int FROM content_persons p WHERE p.content_id = c.id) AS people
       FROM contents c WHERE c.id BETWEEN 1 AND 8 ORDER BY c.id`,
    );
    for (const row of demo) {
      expect(row.original_title, `content ${row.id}`).not.toBe('');
      expect(row.genres, `content ${row.id}`).toBeGreaterThan(0);
      expect(row.people, `content ${row.id}`).toBeGreaterThan(0);
    }
    expect(demo.filter((row) => row.promo_position !== null).length).toBeGreaterThanOrEqual(3);
    const unvoiced = await db.query('SELECT v.id FROM episode_variants v JOIN episodes e ON e.id = v.episode_id WHERE e.content_id = 2 AND v.voice_author_id IS NULL');
    expect(unvoiced).toEqual([]);
  });

  it('lays out the site: each type has all its contents, a category per genre and filled selections; a menu and redirects', async () => {
    const categories = await db.query<{ type: string; kind: string; slug: string; members: number }>(
      `SELECT t.slug AS type, k.kind, k.slug, (SELECT count(*)::int FROM category_contents m WHERE m.category_id = k.id) AS members
       FROM categories k JOIN content_types t ON t.id = k.content_type_id`,
    );
    for (const type of ['movie', 'series', 'cartoon']) {
      const own = categories.filter((category) => category.type === type);
      expect(own.some((category) => category.kind === 'all'), type).toBe(true);
      expect(own.filter((category) => category.kind === 'genre').length, type).toBeGreaterThanOrEqual(10);
      expect(own.find((category) => category.slug === 'novinki')?.members, type).toBeGreaterThan(0);
    }
    expect((await db.query('SELECT 1 FROM menu_items')).length).toBeGreaterThan(3);
    expect((await db.query('SELECT 1 FROM redirects')).length).toBeGreaterThan(0);
  });

  it('has the editors\' public playlists, each filled with what it is about', async () => {
    const playlists = await db.query<{ slug: string; owner_id: number | null; is_public: boolean; size: number }>(
      'SELECT p.slug, p.owner_id, p.is_public, (SELECT count(*)::int FROM playlist_contents m WHERE m.playlist_id = p.id) AS size FROM playlists p',
    );
    expect(playlists.length).toBeGreaterThanOrEqual(5);
    for (const playlist of playlists) {
      expect(playlist.owner_id, playlist.slug).toBeNull();
      expect(playlist.is_public, playlist.slug).toBe(true);
      expect(playlist.size, playlist.slug).toBeGreaterThan(0);
    }
    const love = await db.query<{ title: string; description: string }>(
      `SELECT c.title, c.description FROM playlist_contents m JOIN playlists p ON p.id = m.playlist_id JOIN contents c ON c.id = m.content_id
       WHERE p.slug = 'filmy-o-lyubvi'`,
    );
    for (const content of love) expect(`${content.title} ${content.description}`).toMatch(/любов|любв/i);
  });
});
