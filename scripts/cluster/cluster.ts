/**
 * The whole deployment on one machine: PostgreSQL, Redis and ClickHouse, N server processes on
 * them, HAProxy in front. `npm run cluster` runs it (scripts/cluster.ts); tests drive it from
 * here: kill a server, start it again, read the balancer's view.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startClickHouse } from './clickhouse.ts';
import type { RunningEngine } from './engine.ts';
import { lockClusterFolder } from './folder-lock.ts';
import { startHaproxy, type RunningBalancer } from './haproxy.ts';
import { startPostgres } from './postgres.ts';
import type { ClusterProcess } from './processes.ts';
import { freePorts } from './processes.ts';
import { startRedis } from './redis.ts';
import { buildWhenStale, serverSlot, sharedAuthSecret, startServerProcess, stopLeftoverServer, stopServerProcess, type ServerSlot } from './servers.ts';
import { waitUntilBalanced } from './balancer-wait.ts';

export interface ClusterOptions {
  /** Server processes behind HAProxy; default 2. */
  servers?: number;
  /** Default <DATA_DIR or data>/cluster. */
  dataDir?: string;
  /** Extra environment for every server (rate limits, catalogue size…). */
  serverEnv?: Record<string, string>;
  /** Progress lines; default stderr. */
  log?: (line: string) => void;
}

export interface RunningCluster {
  /** HAProxy's frontend, http://127.0.0.1:PORT. */
  url: string;
  /** The current processes. */
  servers: { pid: number; port: number }[];
  /** The URLs as the servers get them. */
  postgres: string;
  redis: string;
  clickhouse: string;
  /** The servers' ADMIN_TOKEN (made up for each run). */
  adminToken: string;
  /** Resolves when the process has exited. Default SIGTERM (drains). */
  killServer(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** (Re)starts it on the same port; resolves when its /readyz is 200 and HAProxy reports it UP. */
  startServer(index: number): Promise<void>;
  /** HAProxy's view of each server. */
  balancerState(): Promise<{ port: number; status: string }[]>;
  /** SIGTERM to the servers (they drain), then the engines; idempotent. */
  stop(): Promise<void>;
}

export const MAX_SERVERS = 16;

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const count = options.servers ?? 2;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SERVERS) throw new Error(`servers: must be a whole number from 1 to ${MAX_SERVERS}, not ${count}`);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dir = path.resolve(options.dataDir ?? path.join(process.env.DATA_DIR ?? 'data', 'cluster'));
  const lock = await lockClusterFolder(dir);
  const started = Date.now();
  const engines: RunningEngine[] = [];
  const processes: (ClusterProcess | undefined)[] = [];
  let stopping: Promise<void> | undefined;

  const stop = () =>
    (stopping ??= (async () => {
      log('stopping: servers first (they drain), then HAProxy, ClickHouse, Redis, PostgreSQL');
      await Promise.all(processes.map((child) => (child ? stopServerProcess(child) : undefined)));
      for (const engine of [...engines].reverse()) await engine.stop().catch((error: unknown) => log(`${engine.process.name}: ${String(error)}`));
      await lock.release();
      log('stopped');
    })());

  try {
    const [pgPort, redisPort, chHttp, chTcp, chInterserver, frontPort, ...serverPorts] = await freePorts(6 + count) as [number, number, number, number, number, number, ...number[]];
    const slots: ServerSlot[] = serverPorts.map((port, index) => serverSlot(dir, index, port));
    for (let index = 0; index < MAX_SERVERS; index++) await stopLeftoverServer(serverSlot(dir, index, 0), log);
    const context = (name: string) => ({ dir: path.join(dir, name), log });
    const track = <T extends RunningEngine>(engine: Promise<T>) => engine.then((running) => (engines.push(running), running));
    // Engines and the build side by side; each engine is stopped by stop() whatever the others did.
    const [postgres, redis, clickhouse, balancer] = await settleAll([
      track(startPostgres(context('postgres'), pgPort)),
      track(startRedis(context('redis'), redisPort)),
      track(startClickHouse(context('clickhouse'), { http: chHttp, tcp: chTcp, interserver: chInterserver })),
      track(startHaproxy(context('haproxy'), frontPort, serverPorts)),
      buildWhenStale(log),
    ]) as [RunningEngine, RunningEngine, RunningEngine, RunningBalancer];
    log(`engines up in ${Date.now() - started} ms: PostgreSQL ${postgres.url}, Redis ${redis.url}, ClickHouse ${clickhouse.url}, HAProxy ${balancer.url}`);

    const adminToken = randomBytes(24).toString('base64url');
    const serverEnv = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      CLICKHOUSE_URL: clickhouse.url,
      PUBLIC_ORIGIN: balancer.url,
      ADMIN_TOKEN: adminToken,
      AUTH_SECRET: await sharedAuthSecret(dir),
      // X-Forwarded-For believed from HAProxy only: limits count by the real client.
      TRUSTED_PROXIES: '127.0.0.1',
      ...options.serverEnv,
    };
    const startOne = async (index: number) => {
      const slot = slots[index];
      if (!slot) throw new Error(`no server ${index}: the cluster has ${count} (0 to ${count - 1})`);
      if (processes[index] && !processes[index].hasExited()) throw new Error(`server ${index} already runs (process ${processes[index].pid})`);
      log(`server ${index}: starting on port ${slot.port}`);
      const child = await startServerProcess(slot, serverEnv);
      processes[index] = child;
      void child.exited.then((exit) => {
        if (!stopping) log(`server ${index} (process ${child.pid}) ended (${exit.code ?? exit.signal})`);
      });
    };
    // The first server migrates and seeds an empty database alone; the others find it done.
    await startOne(0);
    await Promise.all(slots.slice(1).map((slot) => startOne(slot.index)));
    await waitUntilBalanced(balancer, slots.map((slot) => slot.port));
    log(`cluster up in ${Date.now() - started} ms: ${balancer.url} → ${count} servers`);

    return {
      url: balancer.url,
      get servers() {
        return slots.flatMap((slot) => {
          const child = processes[slot.index];
          return child && !child.hasExited() ? [{ pid: child.pid, port: slot.port }] : [];
        });
      },
      postgres: postgres.url,
      redis: redis.url,
      clickhouse: clickhouse.url,
      adminToken,
      async killServer(index, signal = 'SIGTERM') {
        const child = processes[index];
        if (!child) throw new Error(`no server ${index}: the cluster has ${count} (0 to ${count - 1})`);
        await stopServerProcess(child, signal);
      },
      async startServer(index) {
        await startOne(index);
        const port = slots[index]?.port;
        if (port !== undefined) await waitUntilBalanced(balancer, [port]);
      },
      balancerState: () => balancer.state(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Like Promise.all, but waits for every promise before rejecting with the first failure. */
async function settleAll(promises: Promise<unknown>[]): Promise<unknown[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
}
