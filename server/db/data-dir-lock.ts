import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Beside PostgreSQL's own files, which the database ignores. */
export const LOCK_FILE_NAME = 'kino-server.lock';

/** Directories this process holds: a lock with our own pid is ours only if listed here. */
const heldHere = new Set<string>();

export interface DataDirLock {
  /** The lock file's path. */
  file: string;
  /** Deletes the lock file; idempotent. */
  release(): Promise<void>;
}

/**
 * Two processes on one embedded database each keep their own copy of its pages and overwrite
 * each other's writes, so the second one must not start. The lock is a file created
 * exclusively (O_EXCL) holding the owner's pid; a lock whose process no longer runs (a crash,
 * kill -9) is stale and taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE_NAME);
  await mkdir(dir, { recursive: true, mode: 0o750 });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o640);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(error, file);
      const owner = await lockOwner(file);
      if (owner !== undefined && isRunning(owner) && (owner !== process.pid || heldHere.has(dir))) {
        throw new Error(
          `The embedded database at ${dir} is in use by process ${owner} (lock file ${file}). ` +
            'Stop that server first, or give this one another DATA_DIR. If no such server runs, delete the lock file.',
          { cause: error },
        );
      }
      // Stale: moved aside, then created afresh. Two servers taking over the same stale lock in
      // the same instant could both succeed; one starting while the other runs cannot.
      await rename(file, `${file}.stale-${process.pid}`).catch(() => undefined);
      await unlink(`${file}.stale-${process.pid}`).catch(() => undefined);
    }
  }
  heldHere.add(dir);
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(dir);
      await unlink(file).catch(() => undefined);
    },
  };
}

async function lockOwner(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return /^\d+\s*$/.test(text) ? Number(text) : undefined;
}

/** Signal 0 checks without signalling: ESRCH means no such process, EPERM one we may not signal. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockError(error: unknown, file: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new Error(`Cannot create the lock file ${file} (${code}): the server's user must be able to write to ${path.dirname(file)}.`);
  }
  if (code === 'EEXIST') return new Error(`The lock file ${file} was taken by another server starting at the same time.`);
  return error instanceof Error ? error : new Error(String(error));
}
