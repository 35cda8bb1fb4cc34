import type { Queryable } from '../database.ts';
import { damageOfReadError, DatabaseDamage } from './damage.ts';

/**
 * Tables up to this size are read whole, every variable-length value of every row (TOASTed ones
 * too); bigger ones (analytics) are only counted when their count is recorded.
 */
export const FULL_READ_LIMIT_BYTES = 32 * 1024 * 1024;

export interface TableRead {
  name: string;
  bytes: number;
  /** Rows found by a sequential read of the heap; undefined for a big table nobody counts. */
  rows: number | undefined;
}

/** Quotes a name from the catalogue for SQL (names are never parameters). */
export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Reads every table of the schema through its heap, never an index: a page that does not read
 * (a checksum, a header) fails here with the table's name, and the row counts are the heap's own.
 * Every page is read by the count; the variable-length values (text, jsonb, tsvector…) are
 * measured too, which reads each one stored out of line (TOAST) and decompresses it. Values of
 * fixed width are not turned into text: that doubled the cost and reads no page more. A heap cut
 * short reads without error, only shorter: `recordedCounts` catches that.
 */
export async function readTables(tx: Queryable, counted: ReadonlySet<string>): Promise<TableRead[]> {
  await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_bitmapscan = off');
  const tables = await tx.query<{ name: string; bytes: string | number; lengths: string[] | null }>(
    `SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes,
       ARRAY(SELECT CASE WHEN a.atttypid IN ('text'::regtype, 'varchar'::regtype, 'bpchar'::regtype)
                         THEN format('coalesce(length(%I), 0)', a.attname)
                         ELSE format('coalesce(length(%I::text), 0)', a.attname) END
             FROM pg_attribute a
             WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attlen = -1
             ORDER BY a.attnum) AS lengths
     FROM pg_class c
     WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
     ORDER BY c.relname`,
  );
  const reads: TableRead[] = [];
  for (const { name, bytes, lengths } of tables) {
    const size = Number(bytes);
    const whole = size <= FULL_READ_LIMIT_BYTES;
    const measured = lengths && lengths.length > 0 ? `, sum(${lengths.join(' + ')}) AS chars` : '';
    const sql = whole
      ? `SELECT count(*) AS rows${measured} FROM ${quoted(name)}`
      : counted.has(name) ? `SELECT count(*) AS rows FROM ${quoted(name)}` : `SELECT NULL AS rows FROM ${quoted(name)} LIMIT 1`;
    try {
      const [row] = await tx.query<{ rows: string | number | null }>(sql);
      reads.push({ name, bytes: size, rows: row?.rows === null || row?.rows === undefined ? undefined : Number(row.rows) });
    } catch (error) {
      throw damageOfReadError(`table ${name}`, error) ?? error;
    }
  }
  return reads;
}

/**
 * The counted tables (those with the row_counts triggers of migration 016) and their recorded
 * counts: the sum of each table's deltas, as committed with the rows themselves.
 */
export async function recordedCounts(tx: Queryable): Promise<{ counted: Set<string>; recorded: Map<string, number> }> {
  const triggers = await tx.query<{ name: string }>(
    `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE t.tgname = 'row_counts_insert' AND c.relnamespace = current_schema()::regnamespace`,
  );
  let sums: Array<{ table_name: string; total: string | number }>;
  try {
    sums = await tx.query('SELECT table_name, sum(delta) AS total FROM row_counts GROUP BY table_name');
  } catch (error) {
    throw damageOfReadError('table row_counts', error) ?? error;
  }
  return {
    counted: new Set(triggers.map((row) => row.name)),
    recorded: new Map(sums.map((row) => [row.table_name, Number(row.total)])),
  };
}

/** Zero tolerance: these tables change only in transactions that record the change with it. */
export function compareCounts(reads: readonly TableRead[], counted: ReadonlySet<string>, recorded: ReadonlyMap<string, number>): void {
  for (const read of reads) {
    if (!counted.has(read.name)) continue;
    const expected = recorded.get(read.name);
    if (expected === undefined) throw new DatabaseDamage(`table ${read.name} has no recorded row count (the table row_counts lost its rows)`);
    if (read.rows !== expected) throw new DatabaseDamage(`table ${read.name} holds ${read.rows ?? 'an unknown number of'} rows where ${expected} were written`);
  }
}

/**
 * Folds each table's deltas into one row, so the record stays small. Safe beside writers (other
 * servers on one PostgreSQL database): rows committed after this statement's snapshot stay.
 */
export async function compactCounts(db: Queryable): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM row_counts RETURNING table_name, delta)
     INSERT INTO row_counts (table_name, delta) SELECT table_name, sum(delta) FROM gone GROUP BY table_name`,
  );
}
