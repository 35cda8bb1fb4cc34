import { cp, mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { API } from './helpers.ts';
import { cleanUpAfterEach, spawnServer, startServerProcess, type ProcessExit, type ServerProcess } from './server-process.ts';
import { addFavourite, favourites, login, removeFavourite, signUp } from './server-process-api.ts';

// The real server on an embedded database it made itself, damaged the way a failing disk or a
// bad copy damages it (files cut short, emptied, overwritten) while the server is stopped. The
// server must refuse to start, saying so in its own words, rather than serve less.
const { cleanups, dataDir } = cleanUpAfterEach();
// Seeding 2 500 contents and restarting real servers on a busy two-core machine is honest work.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

/** Enough contents that their heap file is well over 1 MB (about 0.5 kB a content). */
const CATALOGUE_SIZE = '2500';
const ADMIN_TOKEN = 'damage-test-admin-token-0123456789';
const ENV = { CATALOGUE_SIZE, ADMIN_TOKEN };

let pristine: string;
let pristineParent: string;

beforeAll(async () => {
  pristineParent = await mkdtemp(path.join(tmpdir(), 'kino-damage-'));
  pristine = path.join(pristineParent, 'data');
  const server = await startServerProcess(pristine, ENV);
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
});
afterAll(async () => {
  await rm(pristineParent, { recursive: true, force: true });
});

/** A copy of the server-made database, in a folder of this test's. */
async function copyOfDatabase(): Promise<string> {
  const dir = await dataDir();
  await cp(pristine, dir, { recursive: true });
  return dir;
}

/** The file of a relation (table or index), found as the database names it. */
async function relationFile(dir: string, relation: string): Promise<string> {
  const db = await openDatabase({ dataDir: dir });
  try {
    const [row] = await db.query<{ file: string }>('SELECT pg_relation_filepath($1::regclass) AS file', [relation]);
    if (!row) throw new Error(`no file for ${relation}`);
    return path.join(dir, row.file);
  } finally {
    await db.close();
  }
}

async function started(dir: string): Promise<ServerProcess> {
  const server = await startServerProcess(dir, ENV);
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

/** The exit, or 'listening' as soon as the server says it listens (it served the damage). */
async function exitOrListening(dir: string): Promise<ProcessExit | 'listening'> {
  const server = spawnServer(dir, ENV);
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  const listening = new Promise<'listening'>((resolve) => {
    server.child.stdout?.on('data', () => {
      if (/Server listening/.test(server.output())) resolve('listening');
    });
  });
  return Promise.race([server.exited, listening]);
}

async function expectRefused(dir: string, finding: RegExp): Promise<void> {
  const outcome = await exitOrListening(dir);
  expect(outcome, 'the server started on the damaged database').not.toBe('listening');
  const exit = outcome as ProcessExit;
  expect(exit.code, exit.output).not.toBe(0);
  expect(exit.output).not.toMatch(/Server listening/);
  expect(exit.output).toContain(`The database in DATA_DIR (${dir}) is damaged: `);
  expect(exit.output).toMatch(finding);
  expect(exit.output).toMatch(/restore it from a backup \(npm run db:restore/);
  // Our words, not the engine's.
  expect(exit.output).not.toMatch(/made by PostgreSQL ;|PGlite failed|ERROR:|invalid page in block|could not read block/);
}

describe('a damaged embedded database', () => {
  it('the contents table cut to 1 MB: refused, naming the table and the rows missing', async () => {
    const dir = await copyOfDatabase();
    await truncate(await relationFile(dir, 'contents'), 1024 * 1024);
    await expectRefused(dir, /table contents holds \d+ rows where 2508 were written/);
  });

  it('the contents table emptied (0 bytes): refused', async () => {
    const dir = await copyOfDatabase();
    await truncate(await relationFile(dir, 'contents'), 0);
    await expectRefused(dir, /table contents holds 0 rows where 2508 were written/);
  });

  it('an emptied PG_VERSION: refused with the same message, not "made by PostgreSQL ;"', async () => {
    const dir = await copyOfDatabase();
    await writeFile(path.join(dir, 'PG_VERSION'), '');
    await expectRefused(dir, /PG_VERSION is empty/);
  });

  it('a scribbled page in the middle of a search index: refused, naming the index', async () => {
    const dir = await copyOfDatabase();
    const file = await relationFile(dir, 'content_search_document_idx');
    const handle = await open(file, 'r+');
    try {
      const { size } = await handle.stat();
      expect(size, 'the search index was built at the first start').toBeGreaterThan(8192 * 4);
      const middle = Math.floor(size / 8192 / 2) * 8192;
      await handle.write(Buffer.alloc(4096, 0x5a), 0, 4096, middle + 1024);
    } finally {
      await handle.close();
    }
    await expectRefused(dir, /index content_search_document_idx/);
  });
});

describe('an undamaged embedded database', () => {
  it('starts again after writes through the API, after a clean stop and after kill -9', async () => {
    const dir = await copyOfDatabase();
    const first = await started(dir);
    await signUp(first.origin, ADMIN_TOKEN, 'keeper@test.example', 'correct horse battery');
    const viewer = await login(first.origin, 'keeper@test.example', 'correct horse battery');
    for (const id of [1, 2, 3, 1001]) await addFavourite(first.origin, viewer, id);
    await removeFavourite(first.origin, viewer, 2);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    const second = await started(dir);
    const again = await login(second.origin, 'keeper@test.example', 'correct horse battery');
    expect(await favourites(second.origin, again)).toEqual([1001, 3, 1]);
    await signUp(second.origin, ADMIN_TOKEN, 'second@test.example', 'correct horse battery');
    await addFavourite(second.origin, again, 5);
    // A crash right after the writes: what was acknowledged and what was counted agree.
    second.child.kill('SIGKILL');
    await second.exited;

    const third = await started(dir);
    expect(await favourites(third.origin, await login(third.origin, 'keeper@test.example', 'correct horse battery'))).toEqual([5, 1001, 3, 1]);
    const listing = await fetch(`${third.origin}${API}/contents/1`);
    expect(listing.status).toBe(200);
  });
});
