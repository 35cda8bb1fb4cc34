import type { Queryable } from '../database.ts';
import { damageOfReadError, DatabaseDamage } from './damage.ts';
import { FULL_READ_LIMIT_BYTES, quoted, type TableRead } from './table-reads.ts';

interface IndexRow {
  oid: number;
  name: string;
  table_name: string;
  method: string;
  valid: boolean;
  plain: boolean;
  primary: boolean;
  order_by: string | null;
}

export interface IndexCheckOptions {
  /** amcheck's bt_index_check can be called. */
  amcheck: boolean;
  /** amcheck's gin_index_check (PostgreSQL 18) can be called. */
  ginCheck: boolean;
  /** pageinspect's get_raw_page can be called: a read of every block, whose checksum is verified. */
  pageSweep: boolean;
}

/**
 * Every index of the tables read whole is valid and reads back. Checksums make any read of a
 * scribbled page fail, so reading each index is what finds one.
 * - B-trees, with amcheck: every page in use is read and its structure checked, and the primary
 *   key of each counted table is checked to hold every row of its heap (heapallindexed: a heap
 *   and its index disagreeing); that on every index would cost about as much again, a second
 *   read of each heap per index.
 * - GIN (the search's): every block of the file is read (pageinspect), the free ones too: a
 *   rebuilt search index has many, reused later; then amcheck checks the structure.
 * - Without amcheck (a PostgreSQL server without the extension): each plain B-tree is read end to
 *   end by an ordered index scan and counts as many rows as the heap; GIN indexes are then only
 *   read when used.
 */
export async function checkIndexes(tx: Queryable, reads: readonly TableRead[], counted: ReadonlySet<string>, options: IndexCheckOptions): Promise<void> {
  const readWhole = new Map(reads.filter((read) => read.bytes <= FULL_READ_LIMIT_BYTES).map((read) => [read.name, read]));
  const indexes = await tx.query<IndexRow>(
    `SELECT ic.oid::int AS oid, ic.relname AS name, c.relname AS table_name, am.amname AS method,
       (i.indisvalid AND i.indisready) AS valid, (i.indpred IS NULL AND i.indexprs IS NULL) AS plain, i.indisprimary AS primary,
       (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true)
                 || CASE WHEN i.indoption[k - 1] & 1 = 1 THEN ' DESC' ELSE ' ASC' END
                 || CASE WHEN i.indoption[k - 1] & 2 = 2 THEN ' NULLS FIRST' ELSE ' NULLS LAST' END, ', ' ORDER BY k)
        FROM generate_series(1, i.indnkeyatts) AS k) AS order_by
     FROM pg_index i
     JOIN pg_class ic ON ic.oid = i.indexrelid
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_am am ON am.oid = ic.relam
     WHERE c.relnamespace = current_schema()::regnamespace
     ORDER BY c.relname, ic.relname`,
  );
  for (const index of indexes) {
    if (!index.valid) throw new DatabaseDamage(`index ${index.name} of table ${index.table_name} is not valid (a build of it did not finish)`);
    const table = readWhole.get(index.table_name);
    if (!table) continue;
    try {
      await checkIndex(tx, index, table, { ...options, heapAllIndexed: index.primary && counted.has(index.table_name) });
    } catch (error) {
      if (error instanceof DatabaseDamage) throw error;
      throw damageOfReadError(`index ${index.name} of table ${index.table_name}`, error) ?? error;
    }
  }
}

async function checkIndex(tx: Queryable, index: IndexRow, table: TableRead, { amcheck, ginCheck, pageSweep, heapAllIndexed }: IndexCheckOptions & { heapAllIndexed: boolean }): Promise<void> {
  if (index.method === 'btree' && amcheck) {
    await tx.query('SELECT bt_index_check($1::oid::regclass, $2)', [index.oid, heapAllIndexed]);
  } else if (index.method === 'gin') {
    if (pageSweep) {
      await tx.query(
        `SELECT count(get_raw_page($1::oid::regclass::text, block::bigint))
         FROM generate_series(0, pg_relation_size($1::oid::regclass) / current_setting('block_size')::bigint - 1) AS block`,
        [index.oid],
      );
    }
    if (ginCheck) await tx.query('SELECT gin_index_check($1::oid::regclass)', [index.oid]);
  } else if (index.method === 'btree' && index.plain && index.order_by && table.rows !== undefined) {
    const [row] = await tx.query<{ rows: string | number }>(
      `SELECT count(*) AS rows FROM (SELECT 1 FROM ${quoted(index.table_name)} ORDER BY ${index.order_by}) AS through_index`,
    );
    const rows = Number(row?.rows);
    if (rows !== table.rows) throw new DatabaseDamage(`index ${index.name} of table ${index.table_name} holds ${rows} rows where the table holds ${table.rows}`);
  }
}

/**
 * What can be used here: the embedded database gets amcheck and pageinspect (it is ours); a
 * PostgreSQL server only what its operator installed (CREATE EXTENSION needs a superuser). Each
 * function is tried once on a small index of ours: a function whose library cannot be loaded
 * fails with 58P01, which must not read as a missing file of the index being checked.
 */
export async function availableChecks(db: Queryable, kind: 'pglite' | 'postgres'): Promise<IndexCheckOptions> {
  if (kind === 'pglite') await db.exec('CREATE EXTENSION IF NOT EXISTS amcheck; CREATE EXTENSION IF NOT EXISTS pageinspect');
  const [row] = await db.query<{ bt: boolean; gin: boolean; raw: boolean }>(
    `SELECT to_regprocedure('bt_index_check(regclass, boolean)') IS NOT NULL AS bt,
            to_regprocedure('gin_index_check(regclass)') IS NOT NULL AS gin,
            to_regprocedure('get_raw_page(text, bigint)') IS NOT NULL AS raw`,
  );
  const works = (sql: string) => db.query(sql).then(() => true, () => false);
  return {
    amcheck: row?.bt === true && (await works("SELECT bt_index_check(to_regclass('schema_migrations_pkey'), false)")),
    ginCheck: row?.gin === true && (await works("SELECT gin_index_check(to_regclass('content_search_title_trgm_idx'))")),
    pageSweep: row?.raw === true && (await works("SELECT length(get_raw_page('schema_migrations_pkey', 0::bigint))")),
  };
}

/** For the fallback's ordered scans: the planner must walk the index, not sort the heap. */
export async function preferIndexScans(tx: Queryable): Promise<void> {
  await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_indexscan = on; SET LOCAL enable_indexonlyscan = on');
}
