import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { demoCatalogue } from '../../server/db/demo-catalogue.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoCatalogue } from '../../server/db/seed.ts';
import { openEmptyTestDatabase } from './test-database.ts';

// Migrations and the demo seed, on the embedded database or on PostgreSQL (DATABASE_URL).
const TABLES = [
  'contents', 'content_countries', 'content_languages', 'content_blocked_countries', 'seasons', 'episodes',
  'episode_variants', 'media_sources', 'subtitles', 'ad_creatives', 'ad_list_items', 'ad_tracking_events', 'app_meta',
];
const MIGRATIONS_DIR = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));

const open: Database[] = [];
async function emptyDatabase(): Promise<Database> {
  const db = await openEmptyTestDatabase();
  open.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
    counts[table] = row?.count ?? -1;
  }
  return counts;
}

describe('migrate', () => {
  it('applies every migration once, in order, and nothing the second time', async () => {
    const db = await emptyDatabase();
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{3}-.*\.sql$/.test(name)).sort();
    expect(files.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual(files);
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((row) => row.name)).toEqual(files);
  });

  it('two servers migrating one empty database at once both start: each migration runs once', async () => {
    const db = await emptyDatabase();
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{3}-.*\.sql$/.test(name)).sort();
    const [first, second] = await Promise.all([migrate(db), migrate(db)]);
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual(files);
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((row) => row.name)).toEqual(files);
  });
});

describe('seedDemoCatalogue', () => {
  it('seeds a fresh database once (true, then false) with contents 1 to 8; row counts stay the same', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    expect(await seedDemoCatalogue(db)).toBe(true);
    const contents = await db.query<{ id: number }>('SELECT id FROM contents ORDER BY id');
    expect(contents.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const first = await rowCounts(db);
    const episodes = demoCatalogue.contents.flatMap((content) => content.seasons.flatMap((season) => season.episodes));
    expect(first.episodes).toBe(episodes.length);
    expect(await seedDemoCatalogue(db)).toBe(false);
    expect(await rowCounts(db)).toEqual(first);
    expect(first.contents).toBe(demoCatalogue.contents.length);
    expect(first.ad_creatives).toBe(demoCatalogue.ads.length);
  });

  it('two seeds at the same time seed once', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    const results = await Promise.all([seedDemoCatalogue(db), seedDemoCatalogue(db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await rowCounts(db)).contents).toBe(demoCatalogue.contents.length);
  });

  it('a failing seed leaves nothing behind', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    // A clashing slug makes the seed fail half-way through its transaction.
    await db.query(
      "INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES (100, 'steklyannyj-sad', 'x', 'movie', 2000, 'x')",
    );
    await expect(seedDemoCatalogue(db)).rejects.toThrow();
    const counts = await rowCounts(db);
    expect(counts.app_meta).toBe(0);
    expect(counts.contents).toBe(1);
    expect(counts.episodes).toBe(0);
  });
});
