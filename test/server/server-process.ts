import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { afterEach } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, WIDGET_FIXTURE_DIR } from './helpers.ts';

const SERVER_MAIN = path.join(REPO_ROOT, 'server/main.ts');
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port */
  origin: string;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<ProcessExit>;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

export interface SpawnServerOptions extends Pick<SpawnOptions, 'uid' | 'gid'> {
  /**
   * In a PID namespace of its own (`unshare --pid --fork --mount-proc`), as a server in another
   * container on the same volume is: its pids mean nothing to the other servers. Linux, as root.
   * `--kill-child`: killing the returned process (unshare) kills the server with it.
   */
  ownPidNamespace?: boolean;
}

const OWN_PID_NAMESPACE = ['--pid', '--fork', '--mount-proc', '--kill-child'];

/** The real server (`server/main.ts`) as a child process on the embedded database in `dataDir`. */
export function spawnServer(dataDir: string, env: Record<string, string> = {}, { ownPidNamespace = false, ...options }: SpawnServerOptions = {}): Omit<ServerProcess, 'origin'> {
  const node = [process.execPath, '--import', 'tsx', SERVER_MAIN];
  const [command = process.execPath, ...args] = ownPidNamespace ? ['unshare', ...OWN_PID_NAMESPACE, ...node] : node;
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WIDGET_DIR: WIDGET_FIXTURE_DIR,
      COLLECT_RATE_LIMIT: '0',
      // A small generated catalogue: these tests are about the process, not the catalogue's size.
      CATALOGUE_SIZE: '200',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' rather than 'exit': it waits for the output's last chunk.
  const closed = new Promise<ProcessExit>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, output }));
    // A process that could not be started at all ends here, not in 'exit'.
    child.once('error', (error) => resolve({ code: null, signal: null, output: `${output}${error.message}` }));
  });
  return { child, output: () => output, exited: closed };
}

/** Spawns the server and waits until it says where it listens; rejects if it exits first. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, options: SpawnServerOptions = {}): Promise<ServerProcess> {
  const server = spawnServer(dataDir, env, options);
  const origin = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = LISTENING.exec(server.output());
      if (found?.[1]) {
        server.child.stdout?.off('data', look);
        resolve(found[1]);
      }
    };
    server.child.stdout?.on('data', look);
    void server.exited.then((exit) => reject(new Error(`server exited (${exit.code ?? exit.signal}) before listening:\n${exit.output}`)));
  });
  return { ...server, origin };
}

/** A fresh folder under the system's temp dir, removed by the returned function. */
export async function tempDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const parent = await mkdtemp(path.join(tmpdir(), 'kino-data-'));
  return { dir: path.join(parent, 'data'), remove: () => rm(parent, { recursive: true, force: true }) };
}

/**
 * The calling test file's clean-ups, run after each test, last first; `dataDir()` gives a fresh
 * data directory that goes with them.
 */
export function cleanUpAfterEach(): { cleanups: Array<() => Promise<unknown>>; dataDir(): Promise<string> } {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    cleanups,
    async dataDir() {
      const { dir, remove } = await tempDataDir();
      cleanups.push(remove);
      return dir;
    },
  };
}
