/**
 * The reference server's processes in the local cluster: `node --import tsx server/main.ts`, as
 * `npm start` runs it, each with its own folder (<cluster>/servers/<n>: DATA_DIR, log, pid file)
 * and port, all on the same PostgreSQL, Redis and ClickHouse.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startProcess, stopLeftover, waitUntilReady, type ClusterProcess } from './processes.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** A first start on an empty database migrates and seeds the catalogue. */
const SERVER_START_TIMEOUT_MS = 180_000;

/**
 * Longer than 2 health checks 1 s apart (haproxy.ts): HAProxy has taken a stopping server out
 * before it stops accepting.
 */
export const CLUSTER_DRAIN_GRACE_MS = 2_500;
/** The grace, then the drain of what is in flight (SHUTDOWN_TIMEOUT_MS covers both). */
export const CLUSTER_SHUTDOWN_TIMEOUT_MS = 15_000;

/** Builds the widget, site and SDK when their sources changed, as `npm start` does; its output goes to `log`. */
export async function buildWhenStale(log: (line: string) => void): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await (await import('./scripts/widget-build.ts')).buildWidgetIfStale()"], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => log(`build: ${line}`));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`building the widget failed (exit ${code}); its output is above`);
}

/**
 * The AUTH_SECRET every server signs and checks access tokens with: one for all (a token one
 * server issued verifies on the others), kept in <cluster>/auth-secret so that sessions outlive
 * a restart of the cluster.
 */
export async function sharedAuthSecret(clusterDir: string): Promise<string> {
  const file = path.join(clusterDir, 'auth-secret');
  const kept = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (kept.length >= 32) return kept;
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface ServerSlot {
  index: number;
  port: number;
  dir: string;
}

export function serverSlot(clusterDir: string, index: number, port: number): ServerSlot {
  return { index, port, dir: path.join(clusterDir, 'servers', String(index)) };
}

/** Stops a server left running by a cluster killed with -9 (it would hold the port). */
export async function stopLeftoverServer(slot: ServerSlot, log: (line: string) => void): Promise<void> {
  await stopLeftover(path.join(slot.dir, 'server.pid'), /server\/main\.ts/, 'SIGTERM', log);
}

/** Starts one server; resolves when its /readyz answers 200. */
export async function startServerProcess(slot: ServerSlot, env: Record<string, string>): Promise<ClusterProcess> {
  await mkdir(path.join(slot.dir, 'data'), { recursive: true });
  const child = startProcess({
    name: `server ${slot.index} (port ${slot.port})`,
    command: process.execPath,
    args: ['--import', 'tsx', 'server/main.ts'],
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SHUTDOWN_TIMEOUT_MS: String(CLUSTER_SHUTDOWN_TIMEOUT_MS),
      DRAIN_GRACE_MS: String(CLUSTER_DRAIN_GRACE_MS),
      ...env,
      PORT: String(slot.port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(slot.dir, 'data'),
    },
    logFile: path.join(slot.dir, 'server.log'),
    pidFile: path.join(slot.dir, 'server.pid'),
  });
  await waitUntilReady(child, 'ready (/readyz 200)', async () => (await fetch(`http://127.0.0.1:${slot.port}/readyz`)).status === 200, SERVER_START_TIMEOUT_MS);
  return child;
}

/** SIGTERM drains (grace, then in-flight requests); SIGKILL after the server's own deadline and a margin. */
export function stopServerProcess(child: ClusterProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return child.stop(signal, CLUSTER_SHUTDOWN_TIMEOUT_MS + 5_000);
}
