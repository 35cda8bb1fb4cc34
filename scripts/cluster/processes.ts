/**
 * Child processes of the local cluster: each engine and server runs in a process group of its
 * own (a Ctrl-C in the terminal reaches the cluster only, which then stops them in order), writes
 * its output to a log file in its folder, and leaves a pid file there so that a cluster killed
 * with -9 does not leave processes that block the next start.
 */
import { spawn, execFile } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ClusterProcess {
  name: string;
  pid: number;
  logFile: string;
  /** Settles when the process has ended (never rejects). */
  exited: Promise<ProcessExit>;
  hasExited(): boolean;
  /** Sends `signal`, waits for the end; SIGKILL after `timeoutMs`. */
  stop(signal: NodeJS.Signals, timeoutMs: number): Promise<void>;
}

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  logFile: string;
  pidFile: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Run as this user (PostgreSQL refuses root). */
  user?: { uid: number; gid: number };
}

export function startProcess(spec: ProcessSpec): ClusterProcess {
  const log = openSync(spec.logFile, 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env ?? process.env,
    stdio: ['ignore', log, log],
    detached: true,
    ...spec.user,
  });
  closeSync(log);
  let ended = false;
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  }).finally(() => {
    ended = true;
  });
  const pid = child.pid ?? -1;
  if (pid > 0) void writeFile(spec.pidFile, `${pid}\n`);
  void exited.then(() => rm(spec.pidFile, { force: true }));
  return {
    name: spec.name,
    pid,
    logFile: spec.logFile,
    exited,
    hasExited: () => ended,
    async stop(signal, timeoutMs) {
      if (ended) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a program to its end (initdb); rejects with its output when it fails. */
export async function runToEnd(command: string, args: string[], options: { user?: { uid: number; gid: number }; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(command, args, { ...options.user, env: options.env ?? process.env, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** The last lines of a log, for a failure message. */
export async function logTail(file: string, lines = 30): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Polls `ready` until it says yes. Fails with the log's tail when the process ends first, or
 * when `timeoutMs` passes.
 */
export async function waitUntilReady(child: ClusterProcess, what: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ready().catch(() => false)) return;
    if (child.hasExited()) {
      const exit = await child.exited;
      throw new Error(`${child.name} ended (${exit.code ?? exit.signal}) before ${what}; the end of ${child.logFile}:\n${await logTail(child.logFile)}`);
    }
    if (Date.now() > deadline) throw new Error(`${child.name}: not ${what} after ${timeoutMs} ms; the end of ${child.logFile}:\n${await logTail(child.logFile)}`);
    await delay(100);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The program a pid runs, from /proc (empty when it has ended). */
export async function commandLineOf(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
}

/**
 * A process left by a cluster that was killed with -9 (its pid file says which): stopped when it
 * still runs the expected program, so that it frees its port and its data before this start.
 * A pid that has ended or now belongs to another program is only forgotten.
 */
export async function stopLeftover(pidFile: string, program: RegExp, signal: NodeJS.Signals, log: (line: string) => void): Promise<void> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && program.test(await commandLineOf(pid))) {
    log(`stopping process ${pid} left by an earlier run (${pidFile})`);
    process.kill(pid, signal);
    const deadline = Date.now() + 15_000;
    while (isAlive(pid) && Date.now() < deadline) await delay(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    while (isAlive(pid)) await delay(50);
  }
  await rm(pidFile, { force: true });
}

/**
 * `count` distinct free loopback ports: the kernel picks one for each socket bound to port 0;
 * all are held until every one is known, then released for the engines to take a moment later.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port from the kernel');
      ports.push(address.port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
