/** `npm run cluster` as a child process, for the cluster's tests. */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface ClusterCommand {
  pid: number;
  /** The first line on stdout (the JSON line); rejects if the command ends before printing one. */
  firstLine: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
  kill(signal: NodeJS.Signals): void;
}

export function runClusterCommand(args: string[], env: NodeJS.ProcessEnv): ClusterCommand {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts', ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const end = stdout.indexOf('\n');
      if (end >= 0) resolve(stdout.slice(0, end));
    });
    void exited.then(() => reject(new Error(`npm run cluster ended without its JSON line:\n${stderr}`)));
  });
  // A run expected to fail is awaited through `exited` only.
  firstLine.catch(() => undefined);
  return { pid: child.pid ?? -1, firstLine, exited, stdout: () => stdout, stderr: () => stderr, kill: (signal) => child.kill(signal) };
}

/** Every pid the cluster in `dir` has written down (engines and servers). */
export async function clusterPids(dir: string): Promise<number[]> {
  const servers = await readdir(path.join(dir, 'servers')).catch(() => []);
  const files = [
    ...['postgres', 'redis', 'clickhouse', 'haproxy'].map((engine) => path.join(dir, engine, `${engine}.pid`)),
    ...servers.map((index) => path.join(dir, 'servers', index, 'server.pid')),
  ];
  const pids = await Promise.all(files.map(async (file) => Number((await readFile(file, 'utf8').catch(() => '')).trim())));
  return pids.filter((pid) => pid > 0);
}
