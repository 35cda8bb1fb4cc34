/**
 * Runs a command against a throw-away ClickHouse: `node --import tsx scripts/with-clickhouse.ts
 * <command…>`. Installs Debian's clickhouse-server when missing (scripts/ensure-clickhouse.sh),
 * starts it on free loopback ports with the local cluster's configuration (scripts/cluster/
 * clickhouse.ts) in a temporary folder, runs the command with CLICKHOUSE_URL set, and stops
 * ClickHouse and removes the folder whatever happens; exits with the command's code.
 * Works as root and as any other user: the server runs as whoever calls, and every file it
 * touches is in the temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startClickHouse } from './cluster/clickhouse.ts';
import { freePorts } from './cluster/processes.ts';

const command = process.argv.slice(2);
if (command.length === 0) {
  process.stderr.write('usage: node --import tsx scripts/with-clickhouse.ts <command…>\n');
  process.exit(2);
}

const dir = await mkdtemp(path.join(tmpdir(), 'kino-clickhouse-'));
let code = 1;
try {
  const [http, tcp, interserver] = await freePorts(3) as [number, number, number];
  const clickhouse = await startClickHouse({ dir, log: (line) => process.stderr.write(`${line}\n`) }, { http, tcp, interserver });
  try {
    const version = (await (await fetch(`http://127.0.0.1:${http}/?query=SELECT%20version()`)).text()).trim();
    process.stdout.write(`ClickHouse ${version} at ${clickhouse.url}\n`);
    const child = spawn(command[0] ?? '', command.slice(1), { stdio: 'inherit', env: { ...process.env, CLICKHOUSE_URL: clickhouse.url } });
    // The command stops on a signal as it would alone; ClickHouse is stopped after it, below.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
    code = await new Promise<number>((resolve) => {
      child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
      child.once('error', (error) => {
        process.stderr.write(`${command[0]}: ${error.message}\n`);
        resolve(127);
      });
    });
  } finally {
    await clickhouse.stop();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
process.exit(code);
