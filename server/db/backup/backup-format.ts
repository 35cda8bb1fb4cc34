/**
 * The portable backup (npm run db:backup / db:restore): JSON lines, gzipped when the file name
 * ends in .gz. Every value is PostgreSQL's own text form of it (what `value::text` gives and
 * `'…'::type` reads back), so a backup of the embedded database restores into a PostgreSQL
 * server and the reverse, whatever the types, without pg_dump.
 *
 *   {"format":"kino-backup","version":1,"createdAt":"…","engine":"pglite","migrations":[…]}
 *   {"table":"contents","columns":[{"name":"id","type":"integer"},…]}
 *   {"row":["1","lost-film",…]}                 one line per row, null for NULL
 *   {"end":"contents","rows":5008}
 *   …every table, referenced tables before the tables that reference them…
 *   {"sequence":"media_sources_id_seq","lastValue":"1234"}   null: never used
 *   {"done":true,"tables":{"contents":5008,…}}   a backup cut short has no such line
 */
export const BACKUP_FORMAT = 'kino-backup';
export const BACKUP_VERSION = 1;

/** Not backed up: the migrations are the target's own (their names are compared instead), and row_counts is rebuilt by its triggers as the rows go in. */
export const NOT_BACKED_UP: ReadonlySet<string> = new Set(['schema_migrations', 'row_counts']);

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  migrations: string[];
}

export interface BackupColumn {
  name: string;
  type: string;
}

export type BackupLine =
  | BackupHeader
  | { table: string; columns: BackupColumn[] }
  | { row: Array<string | null> }
  | { end: string; rows: number }
  | { sequence: string; lastValue: string | null }
  | { done: true; tables: Record<string, number> };
