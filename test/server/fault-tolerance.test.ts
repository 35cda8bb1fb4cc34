import { once } from 'node:events';
import { chmod, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoCatalogue } from '../../server/db/seed.ts';
import { batchOf, eventOf, newViewId } from './analytics-events.ts';
import { cleanUpAfterEach, spawnServer, startServerProcess, type ProcessExit, type ServerProcess, type SpawnServerOptions } from './server-process.ts';

// The real server as a child process on a data directory of its own: crashes, a second server,
// a stalled client at shutdown, damaged and unreadable data. Only the embedded database: with
// PostgreSQL, durability and locking are the database server's.
const { cleanups, dataDir } = cleanUpAfterEach();
// Each test starts real server processes (and the first writes 2 000 events): on a busy two-core
// machine that is honest work taking longer than the suite's 30 s, not a wait on a timer.
vi.setConfig({ testTimeout: 120_000 });

async function started(dir: string, env: Record<string, string> = {}, options: SpawnServerOptions = {}): Promise<ServerProcess> {
  const server = await startServerProcess(dir, env, options);
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

describe('kill -9 under write load', () => {
  it('loses no event whose batch was acknowledged', async () => {
    const dir = await dataDir();
    const server = await started(dir);
    const acknowledged: string[] = [];
    const viewId = newViewId();
    let enough: () => void = () => undefined;
    const enoughAcknowledged = new Promise<void>((resolve) => (enough = resolve));
    const writer = async () => {
      for (;;) {
        const events = Array.from({ length: 10 }, () => eventOf({ event: 'play', viewId, ts: Date.now() }));
        try {
          const response = await fetch(`${server.origin}/collect`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(batchOf(events)),
          });
          expect(response.status).toBe(200);
          await response.json();
        } catch {
          return; // the connection died with the server: this batch was never acknowledged
        }
        acknowledged.push(...events.map((event) => event.event_id));
        if (acknowledged.length >= 2_000) enough();
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    await enoughAcknowledged;
    // Killed while the writers keep writing: some batches are mid-flight at this instant.
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    await Promise.all(writers);

    // A restart takes over the dead process's lock and recovers; then it stops cleanly.
    const restarted = await started(dir);
    restarted.child.kill('SIGTERM');
    expect((await restarted.exited).code).toBe(0);

    const db = await openDatabase({ dataDir: dir });
    try {
      const rows = await db.query<{ event_id: string }>('SELECT event_id FROM analytics_events');
      const stored = new Set(rows.map((row) => row.event_id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost, `${lost.length} of ${acknowledged.length} acknowledged events lost`).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('a second server on the same data directory', () => {
  /** Resolves with the exit, or with 'listening' as soon as the server says it listens (a lock that did not hold). */
  async function exitOrListening(server: ReturnType<typeof spawnServer>): Promise<ProcessExit | 'listening'> {
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    const listening = new Promise<'listening'>((resolve) => {
      const look = () => {
        if (/Server listening/.test(server.output())) resolve('listening');
      };
      server.child.stdout?.on('data', look);
    });
    return Promise.race([server.exited, listening]);
  }

  async function expectRefusedNamingTheHolder(dir: string, first: ServerProcess, ownPidNamespace: boolean): Promise<void> {
    const outcome = await exitOrListening(spawnServer(dir, {}, { ownPidNamespace }));
    expect(outcome, 'the second server started and serves the same folder').not.toBe('listening');
    const exit = outcome as ProcessExit;
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain(`The embedded database at ${dir} is in use by another server`);
    // The holder as the lock knows it: its pid in its own namespace, its host, when it started.
    expect(exit.output).toContain(`pid ${first.child.pid} on ${hostname()}`);
    expect(exit.output).toMatch(/started \d{4}-\d\d-\d\dT/);
    expect((await fetch(`${first.origin}/readyz`)).status).toBe(200);
  }

  it('in the same PID namespace: refuses to start, naming the folder and the holder; the first keeps serving', async () => {
    const dir = await dataDir();
    const first = await started(dir);
    await expectRefusedNamingTheHolder(dir, first, false);
  });

  it('in another PID namespace (another container on the volume): refuses to start too', async () => {
    const dir = await dataDir();
    const first = await started(dir);
    await expectRefusedNamingTheHolder(dir, first, true);
    // Writes still go to the first server, whose database is intact.
    const response = await fetch(`${first.origin}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batchOf([eventOf({ event: 'play', viewId: newViewId(), ts: Date.now() })])),
    });
    expect(response.status).toBe(200);
  });

  it('takes over the folder of a server killed with -9 in another PID namespace within a few seconds', async () => {
    const dir = await dataDir();
    const first = await started(dir, {}, { ownPidNamespace: true });
    first.child.kill('SIGKILL');
    await first.exited;
    const next = await started(dir, {}, { ownPidNamespace: true });
    // Its pid (1, in its namespace) tells nothing here: the lease ran out instead.
    const taken = /took over the lock of .* after (\d+) ms/.exec(next.output());
    expect(taken, next.output()).not.toBeNull();
    expect(Number(taken?.[1])).toBeLessThan(10_000);
    expect((await fetch(`${next.origin}/readyz`)).status).toBe(200);
  });
});

describe('a lost lock', () => {
  it('stops the server at once with a message naming the folder, rather than writing on', async () => {
    const dir = await dataDir();
    const server = await started(dir);
    // As if another host had taken the lease away: the heartbeat finds it gone.
    await rm(path.join(dir, 'kino-server.lease'), { recursive: true });
    const exit = await server.exited;
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain(`The lock on DATA_DIR ${dir} was lost`);
  });
});

describe('SIGTERM', () => {
  it('finishes the request in flight, cuts a stalled client and exits within SHUTDOWN_TIMEOUT_MS', async () => {
    const deadlineMs = 3_000;
    const server = await started(await dataDir(), { SHUTDOWN_TIMEOUT_MS: String(deadlineMs) });
    const { port } = new URL(server.origin);
    // A client that sends half a body and then nothing.
    const stalled = net.connect({ port: Number(port), host: '127.0.0.1' });
    await once(stalled, 'connect');
    stalled.write('POST /collect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"sent_at":');
    const stalledClosed = once(stalled, 'close');
    // A slow answer (the demo VAST's delay) that is still being worked on at the signal.
    const slow = fetch(`${server.origin}/catalog-api/vast.xml?creativeId=c1&delayMs=500`);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect((await slow).status).toBe(200);
    const exit = await server.exited;
    const took = Date.now() - signalled;
    await stalledClosed;

    expect(exit.code).toBe(0);
    expect(took).toBeLessThan(deadlineMs + 1_000);
    expect(exit.output).toMatch(/SIGTERM: shutting down within 3000 ms/);
    expect(exit.output).toMatch(/SIGTERM: cut 1 connections still open after \d+ ms.*database closed/);
  });
});

describe('a damaged or unreadable data directory', () => {
  /** A data directory made by the server, closed cleanly; returns the demo catalogue's contents file. */
  async function madeDataDir(): Promise<{ dir: string; contentsFile: string }> {
    const dir = await dataDir();
    const db = await openDatabase({ dataDir: dir });
    await migrate(db);
    await seedDemoCatalogue(db);
    const [row] = await db.query<{ file: string }>("SELECT pg_relation_filepath('contents') AS file");
    await db.close();
    return { dir, contentsFile: path.join(dir, row?.file ?? 'missing') };
  }

  async function expectRefusedStart(dir: string, ...messages: RegExp[]): Promise<void> {
    const exit = await spawnServer(dir).exited;
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).not.toMatch(/Server listening/);
    expect(exit.output).toContain(dir);
    for (const message of messages) expect(exit.output).toMatch(message);
  }

  it('a scribbled control file: fails at start, naming the folder and what to do', async () => {
    const { dir } = await madeDataDir();
    await writeFile(path.join(dir, 'global/pg_control'), Buffer.alloc(8192, 0x5a));
    await expectRefusedStart(dir, /is damaged: the database engine cannot open its files/, /npm run db:restore/, /move it aside/);
  });

  it('a scribbled table: fails at start (every table is read before listening)', async () => {
    const { dir, contentsFile } = await madeDataDir();
    const file = await open(contentsFile, 'r+');
    await file.write(Buffer.alloc(64, 0xa5), 0, 64, 0);
    await file.close();
    await expectRefusedStart(dir, /is damaged: table contents has a corrupted page/, /npm run db:restore/);
  });

  it('made by another PostgreSQL version: says which and what to do', async () => {
    const dir = await dataDir();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'PG_VERSION'), '16\n');
    await expectRefusedStart(dir, /made by PostgreSQL 16; this server runs 18/, /pg_dump/);
  });

  it('not readable by the server\'s user: says so (EACCES)', async () => {
    const dir = await dataDir();
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Root reads every folder: as root the server runs as nobody, who cannot enter this one.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) {
      await chmod(dir, 0o000);
      cleanups.push(() => chmod(dir, 0o700));
    }
    const exit = await spawnServer(dir, {}, asRoot ? { uid: 65534, gid: 65534 } : {}).exited;
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain(dir);
    expect(exit.output).toMatch(/not readable and writable by this user.*EACCES/);
  });
});
