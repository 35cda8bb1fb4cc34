import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoCatalogue } from '../../server/db/seed.ts';

/**
 * A database of its own for one test file: a fresh schema on the PostgreSQL server named by
 * DATABASE_URL (dropped again on close), else an in-memory PGlite. Not migrated or seeded.
 */
export async function openEmptyTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ dataDir: 'memory://' });
  const schema = `test_${randomBytes(8).toString('hex')}`;
  const db = await openDatabase({ url, schema });
  let closing: Promise<void> | undefined;
  return {
    kind: db.kind,
    query: <Row extends object>(sql: string, params?: readonly unknown[]) => db.query<Row>(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    close: () =>
      (closing ??= (async () => {
        try {
          await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await db.close();
        }
      })()),
  };
}

/** A migrated database holding the demo catalogue (see openEmptyTestDatabase); an app on it fills the search index. */
export async function openTestDatabase(): Promise<Database> {
  const db = await openEmptyTestDatabase();
  try {
    await migrate(db);
    await seedDemoCatalogue(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
