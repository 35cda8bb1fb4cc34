import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { restrictDataDirPermissions, restrictUmask } from './data-dir-permissions.ts';
import { dataDirProblem, explainOpenFailure } from './pglite-startup-diagnosis.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** The extensions the search needs (migration 008), loaded as a PostgreSQL server has them installed. */
const OPTIONS: PGliteOptions = { extensions: { pg_trgm, fuzzystrmatch } };

/**
 * Embedded PostgreSQL (WebAssembly); `dataDir` is a folder, or 'memory://'. A folder is locked
 * for this process (a second server refuses to start), kept from other users, and checked
 * first, so a failure names its cause rather than PGlite's 'failed to initialize properly'.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  if (dataDir.startsWith('memory://')) return asDatabase(await PGlite.create(dataDir, OPTIONS), async () => undefined);
  const problem = await dataDirProblem(dataDir);
  if (problem) throw new Error(problem);
  restrictUmask();
  const lock = await lockDataDir(dataDir);
  let pg: PGlite;
  try {
    await restrictDataDirPermissions(dataDir);
    pg = await PGlite.create(dataDir, OPTIONS);
    // A new database's files come from PGlite's own image with its modes (0666, 0777).
    await restrictDataDirPermissions(dataDir);
  } catch (error) {
    await lock.release();
    throw await explainOpenFailure(dataDir, error);
  }
  return asDatabase(pg, async () => {
    // Whatever the file system set explicitly during the run loses its loose bits too.
    await restrictDataDirPermissions(dataDir).catch(() => 0);
    await lock.release();
  });
}

function asDatabase(pg: PGlite, afterClose: () => Promise<void>): Database {
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () =>
      (closing ??= (async () => {
        try {
          await pg.close();
        } finally {
          await afterClose();
        }
      })()),
  };
}
