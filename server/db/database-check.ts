import type { Queryable } from './database.ts';

/**
 * Tables up to this size are read whole at start, every column (a row as text); bigger ones
 * (analytics) only their first row.
 */
const FULL_READ_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Reads every table of the schema before the server listens: damage that the database itself
 * only meets when it reads a page (a scribbled relation file) stops the start with the table's
 * name, instead of a server that listens and answers 500.
 */
export async function checkTablesReadable(db: Queryable): Promise<void> {
  const tables = await db.query<{ name: string; bytes: string | number }>(
    `SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname = current_schema()
     ORDER BY c.relname`,
  );
  for (const { name, bytes } of tables) {
    const table = `"${name.replaceAll('"', '""')}"`;
    const sql = Number(bytes) <= FULL_READ_LIMIT_BYTES ? `SELECT sum(length(t::text)) FROM ${table} t` : `SELECT 1 FROM ${table} LIMIT 1`;
    try {
      await db.query(sql);
    } catch (error) {
      throw new Error(`table ${name} cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
