import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from './helpers.ts';
import { cleanUpAfterEach, startServerProcess, type ServerProcess } from './server-process.ts';
import { addFavourite, catalogueAnswers, favourites, login, removeFavourite, signUp } from './server-process-api.ts';

// npm run db:backup and db:restore as an operator runs them: real processes on real files, and
// the real server started on what was restored. The other engine is PostgreSQL when the suite
// runs under scripts/with-postgres.sh (DATABASE_URL), else a second embedded database.
const { cleanups, dataDir } = cleanUpAfterEach();
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const ADMIN_TOKEN = 'backup-test-admin-token-0123456789';
const ENV = { CATALOGUE_SIZE: '300', ADMIN_TOKEN };
const VIEWER = { email: 'kept@test.example', password: 'correct horse battery' };
const run = promisify(execFile);

let parent: string;
let source: string;
/** What the source server answered before it was backed up. */
let before: { catalogue: Record<string, unknown>; favourites: number[] };

/** Runs `npm run db:<script>` (through tsx, as npm does) against the database `env` names. */
async function dbScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, `scripts/db-${script}.ts`), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function started(dir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(dir, { ...ENV, ...env });
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

async function stopped(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
}

/** The server on `dir` (or on the PostgreSQL database of `env`) answers as the source did. */
async function expectSameAnswers(dir: string, env: Record<string, string> = {}): Promise<void> {
  const server = await started(dir, env);
  expect(await catalogueAnswers(server.origin)).toEqual(before.catalogue);
  expect(await favourites(server.origin, await login(server.origin, VIEWER.email, VIEWER.password))).toEqual(before.favourites);
  // New rows get new ids: the sequences came along.
  await signUp(server.origin, ADMIN_TOKEN, `after-${randomBytes(3).toString('hex')}@test.example`, VIEWER.password);
  await stopped(server);
}

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'kino-backup-'));
  source = path.join(parent, 'source');
  const server = await startServerProcess(source, ENV);
  try {
    await signUp(server.origin, ADMIN_TOKEN, VIEWER.email, VIEWER.password);
    const viewer = await login(server.origin, VIEWER.email, VIEWER.password);
    for (const id of [4, 1002, 2, 7]) await addFavourite(server.origin, viewer, id);
    await removeFavourite(server.origin, viewer, 2);
    before = { catalogue: await catalogueAnswers(server.origin), favourites: await favourites(server.origin, viewer) };
  } finally {
    await stopped(server);
  }
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('npm run db:backup and db:restore', () => {
  it('backs up the embedded database and restores it into a new DATA_DIR: the server answers the same', async () => {
    const file = path.join(parent, 'plain.jsonl.gz');
    const backup = await dbScript('backup', [file], { DATA_DIR: source });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/backed up the embedded database in DATA_DIR .*contents: 308\)/);

    const target = await dataDir();
    const restore = await dbScript('restore', [file], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/contents: 308\), checked/);
    await expectSameAnswers(target);
  });

  it('refuses a target that holds data unless --force; refuses a backup cut short, changing nothing', async () => {
    const file = path.join(parent, 'force.jsonl');
    expect((await dbScript('backup', [file], { DATA_DIR: source })).code).toBe(0);
    // A server-made database with its own catalogue (10 generated contents) and nothing else.
    const target = await dataDir();
    await stopped(await started(target, { CATALOGUE_SIZE: '10' }));

    const refused = await dbScript('restore', [file], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/the target database is not empty \(table \w+ holds rows\): restore into an empty one, or add --force/);

    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const cut = path.join(parent, 'cut.jsonl');
    await writeFile(cut, lines.slice(0, -20).join('\n'));
    const cutShort = await dbScript('restore', [cut, '--force'], { DATA_DIR: target });
    expect(cutShort.code).toBe(1);
    expect(cutShort.output).toMatch(/the backup is cut short/);
    const untouched = await started(target, { CATALOGUE_SIZE: '10' });
    expect(((await catalogueAnswers(untouched.origin)).generated as { status: number }).status).toBe(404);
    await stopped(untouched);

    const forced = await dbScript('restore', [file, '--force'], { DATA_DIR: target });
    expect(forced.code, forced.output).toBe(0);
    await expectSameAnswers(target);
  });

  it(`restores into ${process.env.DATABASE_URL ? 'PostgreSQL' : 'another embedded database'} and back again: the same answers`, async () => {
    const file = path.join(parent, 'across.jsonl');
    expect((await dbScript('backup', [file], { DATA_DIR: source })).code).toBe(0);
    const other = await otherEngine();
    const restore = await dbScript('restore', [file], other.env);
    expect(restore.code, restore.output).toBe(0);
    await expectSameAnswers(other.dir, other.env);

    // And back: a backup of that database restored into a new embedded one.
    const back = path.join(parent, 'back.jsonl');
    const backup = await dbScript('backup', [back], other.env);
    expect(backup.code, backup.output).toBe(0);
    const target = await dataDir();
    expect((await dbScript('restore', [back], { DATA_DIR: target })).code).toBe(0);
    await expectSameAnswers(target);
  });
});

/** A new empty database on the PostgreSQL server of DATABASE_URL (dropped afterwards), or a new DATA_DIR. */
async function otherEngine(): Promise<{ dir: string; env: Record<string, string> }> {
  const url = process.env.DATABASE_URL;
  const dir = await dataDir();
  if (!url) return { dir, env: { DATA_DIR: dir } };
  const name = `kino_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { dir, env: { DATABASE_URL: target.toString() } };
}
