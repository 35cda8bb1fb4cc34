import type { Database, Queryable } from '../database.ts';
import { migrate } from '../migrate.ts';
import { expectedSchema } from '../integrity/expected-schema.ts';
import { verifyDatabase } from '../integrity/verify-database.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, NOT_BACKED_UP, type BackupColumn, type BackupHeader } from './backup-format.ts';
import { quoted, tablesInDependencyOrder, type TableShape } from './schema-order.ts';

/** Rows per INSERT: one array parameter per column. */
const INSERT_ROWS = 2_000;

/** A restore that cannot go on, said for the operator; nothing was written. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreOptions {
  /** Replace the rows of a target that holds some; without it such a target is refused. */
  force?: boolean;
}

/**
 * Loads a backup (lines of server/db/backup/backup-format.ts) into `db`: migrates it, refuses
 * one that holds rows beyond the migrations' own unless `force`, checks the backup was made at the same migrations, then
 * writes every table in one transaction (all or nothing), sets the sequences, compares each
 * table's count with the backup's and runs the start-up check. Returns the rows per table.
 */
export async function restoreBackup(db: Database, lines: AsyncIterable<string>, { force = false }: RestoreOptions = {}): Promise<Record<string, number>> {
  await migrate(db);
  const shapes = new Map((await tablesInDependencyOrder(db, NOT_BACKED_UP)).map((shape) => [shape.name, shape]));
  // The rows the migrations put in are no one's data: the backup holds them too.
  const { filled } = await expectedSchema();
  const occupied = await firstTableWithRows(db, [...shapes.keys()].filter((table) => !filled.has(table)));
  if (occupied && !force) {
    throw new RestoreRefused(`the target database is not empty (table ${occupied} holds rows): restore into an empty one, or add --force to replace its data`);
  }
  const applied = (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name);
  const iterator = lines[Symbol.asyncIterator]();
  const header = await readHeader(iterator);
  if (header.migrations.join() !== applied.join()) {
    throw new RestoreRefused(
      `the backup was made at migration ${header.migrations.at(-1) ?? 'none'}, this database is at ${applied.at(-1) ?? 'none'}: ` +
        'restore it with the server version that made it, then upgrade',
    );
  }
  const expected = await db.transaction(async (tx) => {
    await tx.exec(`TRUNCATE ${[...shapes.keys()].map(quoted).join(', ')} RESTART IDENTITY CASCADE`);
    return loadLines(tx, iterator, shapes);
  });
  for (const [table, rows] of Object.entries(expected)) {
    const [row] = await db.query<{ rows: string | number }>(`SELECT count(*) AS rows FROM ${quoted(table)}`);
    if (Number(row?.rows) !== rows) throw new Error(`after the restore table ${table} holds ${row?.rows} rows, the backup ${rows}`);
  }
  await verifyDatabase(db);
  return expected;
}

async function firstTableWithRows(db: Queryable, tables: readonly string[]): Promise<string | undefined> {
  for (const table of tables) {
    const [row] = await db.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quoted(table)}) AS found`);
    if (row?.found) return table;
  }
  return undefined;
}

async function readHeader(iterator: AsyncIterator<string>): Promise<BackupHeader> {
  const first = await iterator.next();
  const header = first.done ? undefined : (parse(first.value) as Partial<BackupHeader>);
  if (header?.format !== BACKUP_FORMAT) throw new RestoreRefused('the file is not a backup made by npm run db:backup');
  if (header.version !== BACKUP_VERSION) throw new RestoreRefused(`the backup is of format version ${header.version}; this server reads ${BACKUP_VERSION}`);
  return header as BackupHeader;
}

/** The tables' rows, each table as the backup lists it; returns the counts of its last line. */
async function loadLines(tx: Queryable, iterator: AsyncIterator<string>, shapes: ReadonlyMap<string, TableShape>): Promise<Record<string, number>> {
  let table: { shape: TableShape; rows: Array<Array<string | null>>; written: number } | undefined;
  const flush = async () => {
    if (!table || table.rows.length === 0) return;
    await insertRows(tx, table.shape, table.rows);
    table.written += table.rows.length;
    table.rows = [];
  };
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    if (next.value.trim() === '') continue;
    const line = parse(next.value) as Record<string, unknown>;
    if (Array.isArray(line.row)) {
      if (!table) throw new RestoreRefused('the backup has a row before its table');
      table.rows.push(line.row as Array<string | null>);
      // A table that references itself goes in as one statement: its keys are checked at its end.
      if (!table.shape.selfReferencing && table.rows.length >= INSERT_ROWS) await flush();
    } else if (typeof line.table === 'string') {
      const shape = shapes.get(line.table);
      if (!shape) throw new RestoreRefused(`the backup holds table ${line.table}, which this database does not have`);
      sameColumns(shape, line.columns as BackupColumn[]);
      table = { shape, rows: [], written: 0 };
    } else if (typeof line.end === 'string') {
      await flush();
      if (!table || table.shape.name !== line.end || table.written !== line.rows) throw new RestoreRefused(`the backup's table ${line.end} is incomplete`);
      table = undefined;
    } else if (typeof line.sequence === 'string') {
      await setSequence(tx, line.sequence, line.lastValue as string | null);
    } else if (line.done === true) {
      return line.tables as Record<string, number>;
    }
  }
  throw new RestoreRefused('the backup is cut short (its last line is missing): nothing was restored');
}

function sameColumns(shape: TableShape, columns: readonly BackupColumn[]): void {
  const theirs = columns.map((column) => column.name).join();
  const ours = shape.columns.map((column) => column.name).join();
  if (theirs !== ours) throw new RestoreRefused(`table ${shape.name} has columns (${ours}); the backup's are (${theirs})`);
}

async function insertRows(tx: Queryable, shape: TableShape, rows: ReadonlyArray<ReadonlyArray<string | null>>): Promise<void> {
  const names = shape.columns.map((column) => quoted(column.name)).join(', ');
  const arrays = shape.columns.map((_, index) => `$${index + 1}::text[]`).join(', ');
  const aliases = shape.columns.map((_, index) => `c${index}`);
  const values = shape.columns.map((column, index) => `${aliases[index]}::${column.type}`).join(', ');
  const params = shape.columns.map((_, index) => rows.map((row) => row[index] ?? null));
  // OVERRIDING SYSTEM VALUE: identity columns (GENERATED ALWAYS) take the backup's ids.
  await tx.query(
    `INSERT INTO ${quoted(shape.name)} (${names}) OVERRIDING SYSTEM VALUE
     SELECT ${values} FROM unnest(${arrays}) AS r(${aliases.join(', ')})`,
    params,
  );
}

async function setSequence(tx: Queryable, name: string, lastValue: string | null): Promise<void> {
  const [found] = await tx.query<{ oid: number | null }>('SELECT to_regclass($1)::oid::int AS oid', [quoted(name)]);
  if (!found?.oid) throw new RestoreRefused(`the backup sets sequence ${name}, which this database does not have`);
  if (lastValue === null) {
    await tx.query('SELECT setval($1::oid::regclass, seqstart, false) FROM pg_sequence WHERE seqrelid = $1::oid', [found.oid]);
  } else {
    await tx.query('SELECT setval($1::oid::regclass, $2::bigint, true)', [found.oid, lastValue]);
  }
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new RestoreRefused('the backup holds a line that is not JSON: it is damaged or not a backup');
  }
}
