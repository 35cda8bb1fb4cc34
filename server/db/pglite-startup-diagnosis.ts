import { constants } from 'node:fs';
import { access, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LOCK_FILE_NAMES } from './data-dir-lock.ts';
import { damagedDatabaseMessage } from './integrity/damage.ts';

/** The PostgreSQL major version inside the PGlite we run; a data directory records its own in PG_VERSION. */
export const PGLITE_POSTGRES_MAJOR = '18';

/** Files every initialised data directory has; one missing means it was damaged or half copied. */
const REQUIRED_FILES = ['PG_VERSION', 'global/pg_control', 'base', 'pg_wal'];

/**
 * What is wrong with an embedded database folder, said so an operator can act, or undefined
 * when nothing is visibly wrong (missing or empty: a new database is made there).
 */
export async function dataDirProblem(dataDir: string): Promise<string | undefined> {
  const dir = path.resolve(dataDir);
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) {
    if (info.code === 'ENOENT') return undefined;
    return permissionMessage(dir, info.code);
  }
  if (!info.isDirectory()) return `DATA_DIR ${dir} is not a folder: point DATA_DIR at a folder for the embedded database.`;
  try {
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    return permissionMessage(dir, (error as NodeJS.ErrnoException).code);
  }
  const names = (await readdir(dir)).filter((name) => !LOCK_FILE_NAMES.includes(name));
  if (names.length === 0) return undefined;
  if (!names.includes('PG_VERSION')) {
    return `DATA_DIR ${dir} holds files but no PG_VERSION: it is not an embedded database. Point DATA_DIR at an empty or new folder.`;
  }
  const version = await readFile(path.join(dir, 'PG_VERSION'), 'utf8').catch((error: NodeJS.ErrnoException) => error);
  if (version instanceof Error) return permissionMessage(dir, version.code);
  // Emptied or overwritten: a file of a damaged folder, not a version to compare.
  if (version.trim() === '') return damagedMessage(dir, 'PG_VERSION is empty');
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(version.trim())) return damagedMessage(dir, 'PG_VERSION holds no version number');
  if (version.trim() !== PGLITE_POSTGRES_MAJOR) {
    return (
      `The embedded database at ${dir} was made by PostgreSQL ${version.trim().slice(0, 16)}; this server runs ${PGLITE_POSTGRES_MAJOR}. ` +
      'Dump it with the version that made it (pg_dump) and load the dump into a new DATA_DIR, or set DATA_DIR to a new folder.'
    );
  }
  for (const required of REQUIRED_FILES) {
    const found = await access(path.join(dir, required), constants.R_OK | constants.W_OK).then(() => true, (error: NodeJS.ErrnoException) => error.code);
    if (found === 'EACCES' || found === 'EPERM') return permissionMessage(dir, found);
    if (found !== true) return damagedMessage(dir, `${required} is missing`);
  }
  return undefined;
}

/**
 * The error to show when PGlite failed to open a folder: PGlite itself only says
 * 'PGlite failed to initialize properly', so the folder is inspected for the cause; PGlite's
 * words stay in the error's cause.
 */
export async function explainOpenFailure(dataDir: string, error: unknown): Promise<Error> {
  const problem = await dataDirProblem(dataDir).catch(() => undefined);
  return new Error(problem ?? damagedMessage(path.resolve(dataDir), 'the database engine cannot open its files'), { cause: error });
}

export function damagedMessage(dataDir: string, finding: string): string {
  return damagedDatabaseMessage({ kind: 'data-dir', dir: dataDir }, finding);
}

function permissionMessage(dir: string, code: string | undefined): string {
  const user = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : '';
  return (
    `The embedded database at ${dir} is not readable and writable by this user${user}: ${code ?? 'access denied'}. ` +
    'Give the server\'s user the folder (chown -R) or set DATA_DIR to a folder it owns.'
  );
}
