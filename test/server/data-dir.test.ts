import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, lstat, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { thisProcess } from '../../server/db/data-dir-lock-holder.ts';
import { HOLDER_FILE_NAME, LEASE_DIR_NAME, LEASE_STALE_MS } from '../../server/db/data-dir-lock.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoCatalogue } from '../../server/db/seed.ts';
import { cleanUpAfterEach } from './server-process.ts';

// The embedded database's folder: one process at a time, nothing for other users, and a
// refusal that names its cause. (PGlite only, whatever DATABASE_URL says.)
const { dataDir } = cleanUpAfterEach();

/** Every file and folder under `dir`, with its permission bits. */
async function modesUnder(dir: string): Promise<Array<{ file: string; mode: number }>> {
  const found: Array<{ file: string; mode: number }> = [];
  const visit = async (entry: string) => {
    const info = await lstat(entry);
    found.push({ file: path.relative(dir, entry) || '.', mode: info.mode & 0o777 });
    if (info.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(dir);
  return found;
}

describe('the lock', () => {
  it('refuses a second opening while the first holds it, naming the holder, and is gone once it closes', async () => {
    const dir = await dataDir();
    const first = await openDatabase({ dataDir: dir });
    const leaseDir = path.join(dir, LEASE_DIR_NAME);
    const holder = JSON.parse(await readFile(path.join(dir, HOLDER_FILE_NAME), 'utf8')) as { pid: number; host: string };
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      new RegExp(`database at ${dir} is in use by another server: pid ${process.pid} on ${hostname()}, started .* \\(lock ${leaseDir}\\)`),
    );
    await first.close();
    await expect(stat(leaseDir)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(path.join(dir, HOLDER_FILE_NAME))).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over at once a fresh lock whose holder, on this machine, no longer runs', async () => {
    const dir = await dataDir();
    const created = await openDatabase({ dataDir: dir });
    await created.close();
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    // As a kill -9 leaves it: a lease renewed a moment ago, and the dead holder's details.
    await mkdir(path.join(dir, LEASE_DIR_NAME));
    await writeFile(path.join(dir, HOLDER_FILE_NAME), JSON.stringify({ ...thisProcess(), pid: gone.pid }));
    const began = Date.now();
    const db = await openDatabase({ dataDir: dir });
    expect(Date.now() - began).toBeLessThan(LEASE_STALE_MS);
    expect(JSON.parse(await readFile(path.join(dir, HOLDER_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid });
    await db.close();
  });

  it('once lost, refuses every query and says so', async () => {
    const dir = await dataDir();
    const lost: Error[] = [];
    const db = await openDatabase({ dataDir: dir, onLockLost: (error) => lost.push(error) });
    await rm(path.join(dir, LEASE_DIR_NAME), { recursive: true });
    await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 3 * LEASE_STALE_MS, interval: 100 });
    expect(lost[0]?.message).toContain(`The lock on DATA_DIR ${dir} was lost`);
    await expect(db.query('SELECT 1')).rejects.toThrow(/was lost/);
    await expect(db.transaction(async () => undefined)).rejects.toThrow(/was lost/);
    await db.close();
  });
});

describe('permissions', () => {
  it('no file or folder is writable by the group or open to others, after a run and after loose bits were set', async () => {
    const dir = await dataDir();
    const db = await openDatabase({ dataDir: dir });
    await migrate(db);
    await seedDemoCatalogue(db);
    await db.close();
    const afterRun = await modesUnder(dir);
    expect(afterRun.length).toBeGreaterThan(100);
    expect(afterRun.filter(({ mode }) => (mode & 0o027) !== 0)).toEqual([]);

    // As an earlier version (or a careless copy) left them: world-writable. The next open fixes them.
    await chmod(path.join(dir, 'PG_VERSION'), 0o666);
    await chmod(path.join(dir, 'base'), 0o777);
    const reopened = await openDatabase({ dataDir: dir });
    await reopened.close();
    expect((await modesUnder(dir)).filter(({ mode }) => (mode & 0o027) !== 0)).toEqual([]);
  });
});

describe('refusals that name their cause', () => {
  it('a folder of other files', async () => {
    const dir = await dataDir();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'notes.txt'), 'not a database');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`DATA_DIR ${dir} holds files but no PG_VERSION`);
  });

  it('a data directory of another PostgreSQL version', async () => {
    const dir = await dataDir();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'PG_VERSION'), '15\n');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/made by PostgreSQL 15; this server runs 18/);
    // Refused before the lock: nothing is left behind.
    expect(await readdir(dir)).toEqual(['PG_VERSION']);
  });

  it('a data directory missing a required file', async () => {
    const dir = await dataDir();
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    await rm(path.join(dir, 'global/pg_control'));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`The database in DATA_DIR (${dir}) is damaged: global/pg_control is missing; restore it from a backup`);
  });
});
