/**
 * PostgreSQL of the local cluster: one database cluster in <cluster>/postgres/data, made once
 * (initdb with data checksums) and kept between runs, on a loopback port; the database kino is
 * created when missing. Run as the postgres user when the cluster runs as root.
 */
import { execFile } from 'node:child_process';
import { access, chown, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ENGINE_START_TIMEOUT_MS, ENGINE_STOP_TIMEOUT_MS, type EngineContext, type RunningEngine } from './engine.ts';
import { runToEnd, startProcess, stopLeftover, waitUntilReady } from './processes.ts';

const SCRIPTS = path.resolve(import.meta.dirname, '..');

export async function startPostgres({ dir, log }: EngineContext, port: number): Promise<RunningEngine> {
  // Installs PostgreSQL when missing and says where its programs are.
  const { stdout } = await promisify(execFile)('bash', [path.join(SCRIPTS, 'ensure-postgres.sh')]);
  const binDir = stdout.trim().split('\n').at(-1) ?? '';
  const user = process.getuid?.() === 0 ? await postgresUser() : undefined;
  const dataDir = path.join(dir, 'data');
  await mkdir(dir, { recursive: true });
  // Only the data folder is the postgres user's (and PostgreSQL wants it private): the logs and
  // pid file beside it stay the cluster's.
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (user) await chown(dataDir, user.uid, user.gid);
  // A postmaster of a cluster killed with -9 still holds the data folder: fast shutdown (SIGINT).
  await stopLeftover(path.join(dir, 'postgres.pid'), /postgres/, 'SIGINT', log);
  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    log(`postgres: initdb ${dataDir}`);
    // Data checksums, as PGlite has them: a page damaged on disk fails its read instead of being served.
    await runToEnd(path.join(binDir, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--data-checksums'], { user }).catch((error: unknown) => {
      const hint = user && /Permission denied/.test(String(error)) ? `\nThe postgres user must reach ${dataDir}: every folder above it needs o+x (chmod o+x).` : '';
      throw new Error(`${String(error)}${hint}`, { cause: error });
    });
  }
  const child = startProcess({
    name: 'postgres',
    command: path.join(binDir, 'postgres'),
    // No Unix socket: its path would depend on the folder's length, and everything connects by TCP.
    args: ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    logFile: path.join(dir, 'postgres.log'),
    pidFile: path.join(dir, 'postgres.pid'),
    user,
  });
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntilReady(child, 'accepting connections', () => query(admin, 'SELECT 1').then(() => true), ENGINE_START_TIMEOUT_MS);
  const found = await query(admin, "SELECT 1 FROM pg_database WHERE datname = 'kino'");
  if (found === 0) await query(admin, 'CREATE DATABASE kino');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/kino`,
    process: child,
    // SIGINT: fast shutdown (the servers have closed their connections by then; SIGTERM would wait for any left).
    stop: () => child.stop('SIGINT', ENGINE_STOP_TIMEOUT_MS),
  };
}

/** Rows the statement returned. */
async function query(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql)).rowCount ?? 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}
