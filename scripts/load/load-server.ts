import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export interface LoadServer {
  origin: string;
  /** The server process's CPU time so far (user + system), in ms; undefined where /proc is absent. */
  cpuMs(): Promise<number | undefined>;
  /** The CPU time so far of every process of an engine on this machine, in ms (0 when none runs). */
  engineCpuMs(engine: Engine): Promise<number>;
  stop(): Promise<void>;
}

/** Linux's clock ticks per second for /proc/<pid>/stat's times (getconf CLK_TCK: 100 on every distribution we run). */
const CLOCK_TICKS_PER_S = 100;

export type Engine = 'postgres' | 'clickhouse';

/** Process names as /proc/<pid>/comm gives them (15 characters at most). */
const ENGINE_PROCESS_NAMES: Record<Engine, string> = { postgres: 'postgres', clickhouse: 'clickhouse-serv' };

/**
 * The CPU time of an engine's processes (PostgreSQL's backends stay open: the server pools them;
 * ClickHouse is one process).
 */
async function engineCpuMs(engine: Engine): Promise<number> {
  const pids = (await readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name));
  const times = await Promise.all(pids.map(async (pid) => {
    const comm = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
    return comm.trim() === ENGINE_PROCESS_NAMES[engine] ? (await processCpuMs(Number(pid))) ?? 0 : 0;
  }));
  return times.reduce((sum, ms) => sum + ms, 0);
}

/** utime + stime of a process, from /proc/<pid>/stat (fields 14 and 15, after the command's parenthesis). */
async function processCpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the parenthesis the fields start at 3 (state): utime is field 14, stime 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/**
 * The real server in a child process of its own (so the load generator does not share its event
 * loop), on loopback, a free port, and a fresh embedded database unless DATABASE_URL is set.
 * No rate limits: the point is to measure the server, not its refusals.
 */
export async function startLoadServer(): Promise<LoadServer> {
  const parent = await mkdtemp(path.join(tmpdir(), 'kino-load-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(parent, 'data'),
      COLLECT_RATE_LIMIT: '0',
      TRACKING_RATE_LIMIT: '0',
      SEARCH_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = LISTENING.exec(output);
      if (!found?.[1]) return;
      // From here on the server writes an access line per request: drained unread, so the load
      // generator spends its share of the two cores on requests, not on scanning a growing log.
      child.stdout?.off('data', read);
      child.stdout?.resume();
      resolve(found[1]);
    };
    child.stdout?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return {
    origin,
    cpuMs: () => processCpuMs(child.pid),
    engineCpuMs,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      await rm(parent, { recursive: true, force: true });
    },
  };
}
