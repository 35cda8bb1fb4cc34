import { mkdir, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { describeHolder, isRunning, readHolder, removeHolder, sharesOurPids, thisProcess, writeHolder, type LockHolder } from './data-dir-lock-holder.ts';

/** A folder whose mtime is the lease, renewed while the server runs. */
export const LEASE_DIR_NAME = 'kino-server.lease';
/** Who holds the lease (host, pid, start time), for the message of a server refused. */
export const HOLDER_FILE_NAME = 'kino-server.holder';
/** The lock's files, and the pid file of earlier versions: beside PostgreSQL's own files, which the database ignores. */
export const LOCK_FILE_NAMES: readonly string[] = [LEASE_DIR_NAME, HOLDER_FILE_NAME, 'kino-server.lock'];

/**
 * The holder renews the lease every second; a lease not renewed for 5 s is a dead holder's.
 * Shorter would take a crashed server's folder sooner but risk a live one losing its lease while
 * its event loop is busy; clocks of hosts sharing the folder must agree to well within this.
 */
export const LEASE_STALE_MS = 5_000;
const LEASE_RENEW_MS = 1_000;
const RETRY_EVERY_MS = 250;
/** A starting server watches a held lease for longer than it takes to go stale: a live holder renews it meanwhile. */
const RETRIES = Math.ceil((LEASE_STALE_MS + 2 * LEASE_RENEW_MS) / RETRY_EVERY_MS);

export interface DataDirLock {
  /** The lease folder's path. */
  leaseDir: string;
  /** Gives the lease up; idempotent. */
  release(): Promise<void>;
}

export interface LockOptions {
  /** The lease was lost while held (taken away, or not renewed in time): stop writing. */
  onLost(error: Error): void;
}

/**
 * Two processes on one embedded database each keep their own copy of its pages and overwrite
 * each other's writes, so the second one must not start, even from another container or host
 * sharing the folder, where the holder's pid means nothing. The lock is a lease (proper-lockfile):
 * a folder created atomically (mkdir) whose mtime the holder renews; a starting server waits
 * until the lease either is renewed (refused: the holder lives) or runs out (taken over). A holder
 * whose pid we can check (same host, boot and PID namespace) and which is gone is taken at once.
 */
export async function lockDataDir(dataDir: string, { onLost }: LockOptions): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const leaseDir = path.join(dir, LEASE_DIR_NAME);
  const holderFile = path.join(dir, HOLDER_FILE_NAME);
  await mkdir(dir, { recursive: true, mode: 0o750 });
  const began = Date.now();
  const previous = await readHolder(holderFile);
  const held = await leaseExists(leaseDir);
  let why = 'its lease ran out';
  if (held && previous && sharesOurPids(previous)) {
    if (isRunning(previous.pid)) throw inUse(dir, previous);
    why = 'its process is gone';
    await rmdir(leaseDir).catch(() => undefined);
  }
  let releaseLease: () => Promise<void>;
  try {
    releaseLease = await lockfile.lock(dir, {
      lockfilePath: leaseDir,
      realpath: false,
      stale: LEASE_STALE_MS,
      update: LEASE_RENEW_MS,
      retries: { retries: RETRIES, factor: 1, minTimeout: RETRY_EVERY_MS, maxTimeout: RETRY_EVERY_MS },
      onCompromised: (error) => onLost(lostError(dir, error)),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw inUse(dir, await readHolder(holderFile), error);
    throw lockError(error, leaseDir);
  }
  await writeHolder(holderFile, thisProcess());
  if (held) console.warn(`DATA_DIR ${dir}: took over the lock of ${describeHolder(previous)} after ${Date.now() - began} ms (${why}).`);
  let released = false;
  return {
    leaseDir,
    async release() {
      if (released) return;
      released = true;
      // The holder file first: once the lease is free, the file may already be the next holder's.
      await removeHolder(holderFile);
      await releaseLease().catch(() => undefined); // a lost lease is not ours to remove
    },
  };
}

async function leaseExists(leaseDir: string): Promise<boolean> {
  return stat(leaseDir).then(
    () => true,
    () => false,
  );
}

function inUse(dir: string, holder: LockHolder | undefined, cause?: unknown): Error {
  return new Error(
    `The embedded database at ${dir} is in use by another server: ${describeHolder(holder)} (lock ${path.join(dir, LEASE_DIR_NAME)}). ` +
      'Stop that server first, or give this one another DATA_DIR. A crashed server\'s lock is taken over by itself within ' +
      `${LEASE_STALE_MS / 1000} s: delete nothing by hand.`,
    { cause },
  );
}

function lostError(dir: string, cause: Error): Error {
  return new Error(
    `The lock on DATA_DIR ${dir} was lost (${cause.message}): another server may be using the folder. ` +
      'Stopping at once, without writing more, so as not to overwrite its data; start again to wait for the lock.',
    { cause },
  );
}

function lockError(error: unknown, leaseDir: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new Error(`Cannot create the lock ${leaseDir} (${code}): the server's user must be able to write to ${path.dirname(leaseDir)}.`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
