/**
 * One narrow interface over the two SQL back ends: embedded PGlite (the default, no set-up)
 * and a PostgreSQL server (when DATABASE_URL is set). Both speak PostgreSQL, so the SQL,
 * migrations and repositories are the same; only opening and closing differ.
 */
import type { Database } from './queryable.ts';

export type { Database, Queryable } from './queryable.ts';

export interface DatabaseOptions {
  /** postgres://… connection string; when absent the embedded database is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory://' for a database that lives only in this process. */
  dataDir?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests use one schema per suite). */
  schema?: string | undefined;
  /**
   * Embedded database only: its folder's lock was lost while open (another server may write
   * there now). The database already refuses every query; the server should stop.
   */
  onLockLost?: ((error: Error) => void) | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import('./postgres-database.ts');
    return openPostgres(options.url, options.schema);
  }
  const { openPglite } = await import('./pglite-database.ts');
  return openPglite(options.dataDir ?? 'memory://', options.onLockLost);
}
