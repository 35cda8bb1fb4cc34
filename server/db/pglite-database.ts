import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './queryable.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { restrictDataDirPermissions, restrictUmask } from './data-dir-permissions.ts';
import { dataDirProblem, explainOpenFailure } from './pglite-startup-diagnosis.ts';

/** Throws once the folder's lock is lost: from then on another server may own the files. */
type LockCheck = () => void;

function wrap(target: PGlite | Transaction, checkLock: LockCheck): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      checkLock();
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      checkLock();
      await target.exec(sql);
    },
  };
}

/**
 * The extensions the search needs (migration 008), loaded as a PostgreSQL server has them
 * installed, and amcheck and pageinspect for the start-up check of the indexes (server/db/integrity/).
 * Data checksums are on: PGlite's initdb (PostgreSQL 18) makes every new folder with them, so a
 * page changed outside the database fails its read with XX001 instead of being served.
 */
const OPTIONS: PGliteOptions = { extensions: { pg_trgm, fuzzystrmatch, amcheck, pageinspect } };

/**
 * Embedded PostgreSQL (WebAssembly); `dataDir` is a folder, or 'memory://'. A folder is locked
 * for this process (a second server refuses to start; a lost lock stops every query and calls
 * `onLockLost`), kept from other users, and checked
 * first, so a failure names its cause rather than PGlite's 'failed to initialize properly'.
 */
export async function openPglite(dataDir: string, onLockLost: (error: Error) => void = () => undefined): Promise<Database> {
  if (dataDir.startsWith('memory://')) return asDatabase(await PGlite.create(dataDir, OPTIONS), async () => undefined, () => undefined);
  const problem = await dataDirProblem(dataDir);
  if (problem) throw new Error(problem);
  restrictUmask();
  let lost: Error | undefined;
  const lock = await lockDataDir(dataDir, {
    onLost(error) {
      lost = error;
      onLockLost(error);
    },
  });
  const checkLock: LockCheck = () => {
    if (lost) throw lost;
  };
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
  }, checkLock);
}

function asDatabase(pg: PGlite, afterClose: () => Promise<void>, checkLock: LockCheck): Database {
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...wrap(pg, checkLock),
    transaction: async (work) => {
      checkLock();
      return pg.transaction((tx) => work(wrap(tx, checkLock)));
    },
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
