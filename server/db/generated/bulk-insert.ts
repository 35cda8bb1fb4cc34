import type { Queryable } from '../database.ts';

/** Rows per statement: large enough to be few statements, small enough for modest parameter arrays. */
const CHUNK = 5_000;

/**
 * Inserts `rows` into `table` with one `INSERT … SELECT * FROM unnest(…)` per chunk: each column
 * goes as one typed array parameter, so thousands of rows cost a handful of round trips and the
 * values are never spliced into the SQL text.
 */
export async function bulkInsert(tx: Queryable, table: string, columns: ReadonlyArray<readonly [string, string]>, rows: readonly unknown[][]): Promise<void> {
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const params = columns.map((_, column) => chunk.map((row) => row[column] ?? null));
    await tx.query(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`, params);
  }
}
