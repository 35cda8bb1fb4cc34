import type { Database, Queryable } from '../database.ts';
import { DatabaseDamage } from './damage.ts';
import { expectedSchema, type ExpectedSchema } from './expected-schema.ts';
import { availableChecks, checkIndexes, preferIndexScans, type IndexCheckOptions } from './index-checks.ts';
import { compactCounts, compareCounts, readTables, recordedCounts } from './table-reads.ts';

export interface VerifyOptions {
  /** false: check indexes without amcheck and pageinspect even where they are installed (the PostgreSQL fallback, for its tests). */
  amcheck?: boolean;
}

export interface Verification {
  tables: number;
  /** How the indexes were checked. */
  indexes: string;
  ms: number;
}

/**
 * The start-up check of a migrated database, before the server listens: the migrations' tables
 * and indexes exist, every table reads through its heap, the counted tables hold exactly the rows
 * written to them, and every index reads back and agrees with its table. All in one read-only
 * snapshot, so servers writing to the same PostgreSQL database meanwhile cannot make it disagree.
 * Throws DatabaseDamage with what was found; other errors (a lost connection) as they are.
 */
export async function verifyDatabase(db: Database, options: VerifyOptions = {}): Promise<Verification> {
  const began = performance.now();
  const expected = await expectedSchema();
  const checks: IndexCheckOptions = options.amcheck === false ? { amcheck: false, ginCheck: false, pageSweep: false } : await availableChecks(db, db.kind);
  let tables = 0;
  await db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await checkSchema(tx, expected);
    const { counted, recorded } = await recordedCounts(tx);
    const reads = await readTables(tx, counted);
    tables = reads.length;
    compareCounts(reads, counted, recorded);
    await preferIndexScans(tx);
    await checkIndexes(tx, reads, counted, checks);
  });
  await compactCounts(db);
  return {
    tables,
    indexes: describeChecks(checks),
    ms: Math.round(performance.now() - began),
  };
}

async function checkSchema(tx: Queryable, expected: ExpectedSchema): Promise<void> {
  const present = await tx.query<{ name: string; kind: string }>(
    `SELECT relname AS name, relkind::text AS kind FROM pg_class
     WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'i')`,
  );
  const tables = new Set(present.filter((row) => row.kind === 'r').map((row) => row.name));
  const indexes = new Set(present.filter((row) => row.kind === 'i').map((row) => row.name));
  for (const table of expected.tables) if (!tables.has(table)) throw new DatabaseDamage(`table ${table} is missing`);
  for (const index of expected.indexes) if (!indexes.has(index)) throw new DatabaseDamage(`index ${index} is missing`);
}

function describeChecks({ amcheck, ginCheck, pageSweep }: IndexCheckOptions): string {
  const btree = amcheck ? 'amcheck' : 'ordered scans';
  const gin = [pageSweep && 'every block read', ginCheck && 'amcheck'].filter(Boolean).join(' and ') || 'not checked';
  return `B-tree ${btree}, GIN ${gin}`;
}
