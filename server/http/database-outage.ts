import type { Queryable } from '../db/database.ts';

/** A database that has not answered `SELECT 1` in this long is down, whatever it does next. */
export const DATABASE_PROBE_TIMEOUT_MS = 2_000;
/** Seconds a client is asked to wait before trying again while the database is down. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether the database answers a trivial query in time: /readyz's test, and the error handler's.
 * The one statement outside a repository: it asks the connection whether it is alive, of no
 * table and no feature, the same probe whichever back end (database.ts) opened it.
 */
export async function databaseAnswers(db: Queryable, timeoutMs = DATABASE_PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    await withTimeout(db.query('SELECT 1'), timeoutMs);
    return true;
  } catch {
    return false;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
