import type { Queryable } from '../database.ts';
import type { BackupColumn } from './backup-format.ts';

export interface TableShape {
  name: string;
  columns: BackupColumn[];
  /** A foreign key to itself (categories.parent_id): its rows go in as one statement, whose end the key is checked at. */
  selfReferencing: boolean;
}

/**
 * The schema's tables, each after the tables it references (its foreign keys), with their stored
 * columns (generated ones are computed again) and types as PostgreSQL spells them.
 */
export async function tablesInDependencyOrder(db: Queryable, skip: ReadonlySet<string>): Promise<TableShape[]> {
  const tables = (await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace ORDER BY relname`,
  )).map((row) => row.name).filter((name) => !skip.has(name));
  const keys = await db.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`,
  );
  const columns = await db.query<{ table_name: string; name: string; type: string }>(
    `SELECT c.relname AS table_name, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
       AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`,
  );
  const parents = new Map<string, Set<string>>(tables.map((name) => [name, new Set()]));
  const selfReferencing = new Set<string>();
  for (const { child, parent } of keys) {
    if (child === parent) selfReferencing.add(child);
    else parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    for (const parent of parents.get(name) ?? []) if (parents.has(parent)) place(parent, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of tables) place(name, []);
  return ordered.map((name) => ({
    name,
    columns: columns.filter((column) => column.table_name === name).map(({ name: column, type }) => ({ name: column, type })),
    selfReferencing: selfReferencing.has(name),
  }));
}

export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
