/**
 * `npm run db:restore -- <file> [--force]`: loads a backup of `npm run db:backup` into the
 * database the server uses (DATABASE_URL, else DATA_DIR; a new DATA_DIR is made). A database
 * holding rows is replaced only with --force. All or nothing: one transaction, then each table's
 * count is compared with the backup's and the server's start-up check is run.
 */
import { access } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { backupLines, databaseFromEnv } from '../server/db/backup/backup-target.ts';
import { restoreBackup } from '../server/db/backup/restore-backup.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('usage: npm run db:restore -- <backup file> [--force]   (DATABASE_URL or DATA_DIR name the database, as for the server)');
  process.exit(2);
}
const target = databaseFromEnv();
try {
  await access(file).catch(() => {
    throw new Error(`no backup file ${file}`);
  });
  const db = await target.open();
  try {
    const counts = await restoreBackup(db, backupLines(file), { force: values.force });
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(`restored ${file} into ${target.label}: ${Object.keys(counts).length} tables, ${rows} rows (contents: ${counts.contents ?? 0}), checked`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`restore into ${target.label} refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
