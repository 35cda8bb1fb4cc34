import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

/**
 * Applies, in order, every migration in server/db/migrations not yet recorded in
 * schema_migrations; each in its own transaction, so a failing one leaves nothing half done.
 * Returns the names applied in this call.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(new URL(name, `file://${dir}`), 'utf8');
    await db.transaction(async (tx) => {
      // The insert comes first: a second process migrating at the same time fails on the key
      // and rolls back instead of running the same DDL twice.
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      await tx.exec(sql);
    });
    applied.push(name);
  }
  return applied;
}
