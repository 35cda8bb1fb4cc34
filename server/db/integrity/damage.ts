import path from 'node:path';

/**
 * Something found in the database that it cannot have come to by itself: rows missing, a page
 * that does not read, an index gone. `finding` says what, in our words; the engine's own text
 * stays in `cause` (for a debugger), never in what the operator reads.
 */
export class DatabaseDamage extends Error {
  readonly finding: string;

  constructor(finding: string, options?: ErrorOptions) {
    super(finding, options);
    this.name = 'DatabaseDamage';
    this.finding = finding;
  }
}

/** Where the database is, as the operator named it: the folder, or the URL without its password. */
export type DatabasePlace = { kind: 'data-dir'; dir: string } | { kind: 'url'; url: string };

/** The one message of a refused start. */
export function damagedDatabaseMessage(place: DatabasePlace, finding: string): string {
  if (place.kind === 'data-dir') {
    const dir = path.resolve(place.dir);
    return (
      `The database in DATA_DIR (${dir}) is damaged: ${finding}; restore it from a backup (npm run db:restore -- <backup file> --force), ` +
      `or move it aside (mv ${dir} ${dir}.damaged) to start with an empty database. Its files were left as they are.`
    );
  }
  return (
    `The database ${withoutPassword(place.url)} is damaged: ${finding}; restore it from a backup (npm run db:restore -- <backup file> --force). ` +
    'Its data was left as it is.'
  );
}

/** postgres://user:secret@host/db → postgres://user@host/db, and no query string (it may hold a password too). */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'named by DATABASE_URL';
  }
}

/**
 * A failed read of `what` ('table contents', 'index contents_pkey') in our words, from the
 * SQLSTATE of the error (class XX: data corrupted, class 58: the file system), or undefined when
 * the error is not one of damage (a lost connection, a bug) and must travel as it is.
 */
export function damageOfReadError(what: string, error: unknown): DatabaseDamage | undefined {
  const code = sqlState(error);
  if (!code) return undefined;
  const finding = DAMAGE_CODES[code] ?? (code.startsWith('XX') ? 'does not read back as it was written' : code.startsWith('58') ? 'cannot be read from disk' : undefined);
  return finding === undefined ? undefined : new DatabaseDamage(`${what} ${finding} (SQLSTATE ${code})`, { cause: error });
}

const DAMAGE_CODES: Record<string, string> = {
  XX001: 'has a corrupted page (its checksum or header does not match)',
  XX002: 'is corrupted (its structure or its entries do not match the table)',
  '58P01': 'is missing a file',
  '58030': 'cannot be read from disk (an I/O error)',
};

function sqlState(error: unknown): string | undefined {
  for (let at: unknown = error; at instanceof Object; at = (at as { cause?: unknown }).cause) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    if (!('cause' in at)) break;
  }
  return undefined;
}
