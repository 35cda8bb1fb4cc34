import type { Database } from '../database.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, NOT_BACKED_UP, type BackupLine } from './backup-format.ts';
import { quoted, tablesInDependencyOrder } from './schema-order.ts';

/** Rows fetched per round trip: a few MB at most for the widest tables. */
const FETCH_ROWS = 2_000;

/**
 * Writes the whole database as backup lines (server/db/backup/backup-format.ts), from one
 * snapshot: a PostgreSQL server may keep serving meanwhile, and the backup is still one moment
 * of it. Each row is built as JSON by the database itself, every value in its text form.
 * Returns the rows written per table.
 */
export async function writeBackup(db: Database, write: (line: string) => Promise<void>): Promise<Record<string, number>> {
  const line = (value: BackupLine) => write(JSON.stringify(value));
  return db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const migrations = (await tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name);
    await line({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), engine: db.kind, migrations });
    const counts: Record<string, number> = {};
    for (const table of await tablesInDependencyOrder(tx, NOT_BACKED_UP)) {
      await line({ table: table.name, columns: table.columns });
      const values = table.columns.map((column) => `${quoted(column.name)}::text`).join(', ');
      await tx.exec(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT json_build_array(${values})::text AS row FROM ${quoted(table.name)}`);
      let rows = 0;
      for (;;) {
        const batch = await tx.query<{ row: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
        for (const { row } of batch) await write(`{"row":${row}}`);
        rows += batch.length;
        if (batch.length < FETCH_ROWS) break;
      }
      await tx.exec('CLOSE backup_rows');
      counts[table.name] = rows;
      await line({ end: table.name, rows });
    }
    const sequences = await tx.query<{ name: string; last_value: string | null }>(
      'SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename',
    );
    for (const sequence of sequences) await line({ sequence: sequence.name, lastValue: sequence.last_value });
    await line({ done: true, tables: counts });
    return counts;
  });
}
