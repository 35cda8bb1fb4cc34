/**
 * Redis of the local cluster: its append-only file in <cluster>/redis, kept between runs (rate
 * limits and caches outlive a restart of the cluster, as they would a restart of one server).
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { ENGINE_START_TIMEOUT_MS, ENGINE_STOP_TIMEOUT_MS, type EngineContext, type RunningEngine } from './engine.ts';
import { startProcess, stopLeftover, waitUntilReady } from './processes.ts';

const SCRIPTS = path.resolve(import.meta.dirname, '..');

export async function startRedis({ dir, log }: EngineContext, port: number): Promise<RunningEngine> {
  await promisify(execFile)('bash', [path.join(SCRIPTS, 'ensure-redis.sh')]);
  await mkdir(dir, { recursive: true });
  await stopLeftover(path.join(dir, 'redis.pid'), /redis-server/, 'SIGTERM', log);
  const child = startProcess({
    name: 'redis',
    command: 'redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no', '--logfile', ''],
    logFile: path.join(dir, 'redis.log'),
    pidFile: path.join(dir, 'redis.pid'),
  });
  await waitUntilReady(child, 'answering PING', () => ping(port), ENGINE_START_TIMEOUT_MS);
  return {
    url: `redis://127.0.0.1:${port}`,
    process: child,
    // SIGTERM: Redis flushes the append-only file, then exits.
    stop: () => child.stop('SIGTERM', ENGINE_STOP_TIMEOUT_MS),
  };
}

/** PING in Redis's inline protocol; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
  });
}
