import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

/**
 * Held by a transaction that changes the schema (pg_advisory_xact_lock, on PGlite as on
 * PostgreSQL): servers started together on one PostgreSQL take turns, and the second finds each
 * migration done instead of failing on it. Any fixed number; 8008 is migration 008's own.
 */
const MIGRATION_LOCK = 8_000_001;

/**
 * Applies, in order, every migration in server/db/migrations not yet recorded in
 * schema_migrations; each in its own transaction, so a failing one leaves nothing half done.
 * Returns the names applied in this call.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(new URL(name, `file://${dir}`), 'utf8');
    const ran = await db.transaction(async (tx) => {
      // A server started at the same moment waits here while this one migrates, then finds the
      // migration recorded and goes on to the next.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).length > 0) return false;
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      await tx.exec(sql);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
