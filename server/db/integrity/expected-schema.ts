import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
const NAME = '([a-z_][a-z0-9_]*)';
const CREATED_TABLE = new RegExp(`CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${NAME}`, 'gi');
const CREATED_INDEX = new RegExp(`CREATE\\s+(?:UNIQUE\\s+)?INDEX\\s+(?:CONCURRENTLY\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?${NAME}`, 'gi');
const DROPPED_TABLE = new RegExp(`DROP\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?${NAME}`, 'gi');
const FILLED_TABLE = new RegExp(`INSERT\\s+INTO\\s+${NAME}`, 'gi');
const DROPPED_INDEX = new RegExp(`DROP\\s+INDEX\\s+(?:CONCURRENTLY\\s+)?(?:IF\\s+EXISTS\\s+)?${NAME}`, 'gi');

export interface ExpectedSchema {
  tables: Set<string>;
  indexes: Set<string>;
  /** Tables the migrations themselves put rows in (content types, countries…). */
  filled: Set<string>;
}

/**
 * The tables and named indexes the migrations make (and do not drop again), read from their
 * SQL: the start-up check finds one missing (a lost relation, a half-restored copy) by name.
 */
export async function expectedSchema(dir = MIGRATIONS_DIR): Promise<ExpectedSchema> {
  const expected: ExpectedSchema = { tables: new Set(['schema_migrations']), indexes: new Set(), filled: new Set() };
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()) {
    const sql = withoutComments(await readFile(`${dir}${name}`, 'utf8'));
    for (const [, table] of sql.matchAll(CREATED_TABLE)) expected.tables.add(table!.toLowerCase());
    for (const [, index] of sql.matchAll(CREATED_INDEX)) expected.indexes.add(index!.toLowerCase());
    for (const [, table] of sql.matchAll(FILLED_TABLE)) expected.filled.add(table!.toLowerCase());
    for (const [, table] of sql.matchAll(DROPPED_TABLE)) expected.tables.delete(table!.toLowerCase());
    for (const [, index] of sql.matchAll(DROPPED_INDEX)) expected.indexes.delete(index!.toLowerCase());
  }
  return expected;
}

function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}
