/**
 * `npm run db:backup -- <file>`: a portable backup (server/db/backup/backup-format.ts) of the
 * database the server uses (DATABASE_URL, else DATA_DIR), restorable into either engine with
 * `npm run db:restore`. A name ending in .gz is gzipped. The embedded database is locked by a
 * running server: stop it first. A PostgreSQL server can keep serving; the backup is one snapshot.
 */
import { parseArgs } from 'node:util';
import { backupWriter, databaseFromEnv } from '../server/db/backup/backup-target.ts';
import { writeBackup } from '../server/db/backup/write-backup.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('usage: npm run db:backup -- <backup file>   (DATABASE_URL or DATA_DIR name the database, as for the server)');
  process.exit(2);
}
const source = databaseFromEnv();
try {
  const db = await source.open();
  const out = backupWriter(file);
  try {
    const counts = await writeBackup(db, (line) => out.write(line));
    await out.finish();
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(`backed up ${source.label}: ${Object.keys(counts).length} tables, ${rows} rows (contents: ${counts.contents ?? 0}) to ${file}`);
  } catch (error) {
    await out.abandon();
    throw error;
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`backup of ${source.label} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
