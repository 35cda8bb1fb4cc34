import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type RunningCluster } from '../../scripts/cluster/cluster.ts';
import { isAlive } from '../../scripts/cluster/processes.ts';
import { clusterPids, runClusterCommand } from './cluster-command.ts';

// A small catalogue: these tests are about the topology, not the catalogue's size.
const SERVER_ENV = { CATALOGUE_SIZE: '200' };
let parent: string;
let dataDir: string;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'kino-cluster-'));
  // PostgreSQL runs as the postgres user when the tests run as root: it must reach its folder.
  await chmod(parent, 0o755);
  dataDir = path.join(parent, 'cluster');
});
afterAll(() => rm(parent, { recursive: true, force: true }));

/** Which server answered each of `count` GETs through HAProxy (it names it in X-Served-By); throws on any failure. */
async function getThrough(cluster: { url: string }, count: number, pathname = '/catalog-api/contents/2'): Promise<string[]> {
  const servedBy: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${cluster.url}${pathname}`);
    expect(response.status, `GET ${pathname} #${i}: ${await response.clone().text()}`).toBe(200);
    await response.arrayBuffer();
    servedBy.push(response.headers.get('x-served-by') ?? 'nobody');
  }
  return servedBy;
}

async function balancerSays(cluster: RunningCluster, port: number, status: RegExp): Promise<void> {
  for (;;) {
    const server = (await cluster.balancerState()).find((each) => each.port === port);
    if (server && status.test(server.status)) return;
    await delay(100);
  }
}

describe('startCluster: 2 servers behind HAProxy', () => {
  let cluster: RunningCluster;
  const progress: string[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ servers: 2, dataDir, serverEnv: SERVER_ENV, log: (line) => progress.push(line) });
  });
  afterAll(() => cluster?.stop());

  it('spreads requests over both servers', async () => {
    expect(cluster.servers).toHaveLength(2);
    expect(new Set(await getThrough(cluster, 6))).toEqual(new Set(['server0', 'server1']));
    expect((await cluster.balancerState()).map((server) => server.status)).toEqual(['UP', 'UP']);
  });

  it('a server killed with -9: GETs keep succeeding (retried on the other), /readyz through HAProxy stays 200', async () => {
    const killed = cluster.servers[1];
    await cluster.killServer(1, 'SIGKILL');
    expect(killed && isAlive(killed.pid)).toBe(false);
    // At once, before the health checks have noticed: connection refused is retried elsewhere.
    expect(new Set(await getThrough(cluster, 20))).toEqual(new Set(['server0']));
    await balancerSays(cluster, killed?.port ?? 0, /^DOWN/);
    expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
    expect(cluster.servers).toHaveLength(1);
  });

  it('restarted on the same port, it is UP again and gets its share', async () => {
    const port = (await cluster.balancerState())[1]?.port;
    await cluster.startServer(1);
    expect(cluster.servers.map((server) => server.port)).toContain(port);
    // Round robin lets a server back from DOWN catch up first: a few answers in a row are its.
    const servedBy = await getThrough(cluster, 20);
    expect(new Set(servedBy), servedBy.join(' ')).toEqual(new Set(['server0', 'server1']));
  });

  it('a server stopped with SIGTERM drains: requests sent all along are answered', async () => {
    let stopped = false;
    const stopping = cluster.killServer(0).then(() => (stopped = true));
    let answered = 0;
    while (!stopped) answered += (await getThrough(cluster, 1)).length;
    await stopping;
    expect(answered).toBeGreaterThan(0);
    expect(await getThrough(cluster, 4)).toEqual(['server1', 'server1', 'server1', 'server1']);
    const log = await readFile(path.join(dataDir, 'servers', '0', 'server.log'), 'utf8');
    expect(log).toMatch(/SIGTERM: not ready; serving \d+ ms more/);
    await cluster.startServer(0);
  });

  it('stop() ends every process it started', async () => {
    const pids = await clusterPids(dataDir);
    expect(pids.length).toBeGreaterThanOrEqual(6);
    await cluster.stop();
    expect(pids.filter(isAlive)).toEqual([]);
  });
});

describe('npm run cluster', () => {
  it('prints one JSON line when all answer, refuses a second run on the same folder, stops everything on SIGTERM', async () => {
    const run = runClusterCommand(['--servers', '2'], { ...process.env, ...SERVER_ENV, DATA_DIR: parent });
    const started = await run.firstLine;
    const printed = JSON.parse(started) as Record<string, unknown>;
    expect(printed).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      postgres: expect.stringMatching(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/kino$/),
      redis: expect.stringMatching(/^redis:\/\/127\.0\.0\.1:\d+$/),
      clickhouse: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/kino$/),
      adminToken: expect.stringMatching(/^[\w-]{32}$/),
    });
    const servers = printed.servers as { pid: number; port: number }[];
    expect(servers).toHaveLength(2);
    expect(await getThrough({ url: String(printed.url) }, 2)).toHaveLength(2);
    // The data of the first describe's cluster was kept: no initdb this time.
    expect(run.stderr()).not.toMatch(/initdb/);

    const second = runClusterCommand([], { ...process.env, DATA_DIR: parent });
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    expect(second.stderr()).toMatch(new RegExp(`A cluster already runs on ${dataDir} \\(process ${run.pid}\\)`));

    const pids = await clusterPids(dataDir);
    run.kill('SIGTERM');
    const exit = await run.exited;
    expect(exit.code, run.stderr()).toBe(0);
    expect(run.stdout().trim().split('\n')).toEqual([started]);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(servers.map((server) => server.pid).filter(isAlive)).toEqual([]);
  });
});
