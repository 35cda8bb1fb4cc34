/**
 * `npm run test:scale`: the deployment of scripts/cluster (HAProxy, 2 servers, PostgreSQL, Redis,
 * ClickHouse) under a bounded mixed traffic while one server is killed with SIGKILL and started
 * again, then the checks an operator counts on:
 *   - no write the clients saw acknowledged is lost (progress in PostgreSQL, events in ClickHouse);
 *   - no GET failed, and only the POSTs under way at the kill did;
 *   - one client's rate limit is one budget over both servers;
 *   - a blocked account is refused by every server within a second;
 *   - the dashboard from ClickHouse equals the one PostgreSQL gives for the same events.
 * Then the same mix for a few seconds on 1 server and on 2, for requests/s and p99.
 * Exits non-zero on any failed check; stops every process it started whatever happens.
 *
 *   npm run test:scale -- [--results]   (--results also writes bench/results/scale.md)
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCluster, type RunningCluster } from './cluster/cluster.ts';
import { adminLogin, newViewers } from './scale/accounts.ts';
import { seededRandom } from './scale/analytics-events.ts';
import { checkDashboardsAgree, freshDatabase, startComparisonServer, type ComparisonServer } from './scale/dashboard-check.ts';
import { failoverRun, measuredRun } from './scale/failover-run.ts';
import { checkOnlyKilledCallsFailed } from './scale/failure-checks.ts';
import { phaseFigures, printCheck, servedShare, throughputTable, type CheckResult } from './scale/report.ts';
import { clickhouseQueryUrl, demoEpisodes, knownContentIds } from './scale/setup.ts';
import { checkBlockEverywhere, checkSharedRateLimit } from './scale/shared-state-checks.ts';
import { eventsToCompare } from './scale/events-to-compare.ts';
import { checkEventsKept, checkProgressKept } from './scale/write-checks.ts';

/** The whole run must fit in CI's budget; past it, everything is stopped and the run fails. */
const RUN_DEADLINE_MS = 4 * 60_000;
const CLIENTS = 48;
const VIEWERS = 16;
/** The route whose limit is tested across servers, kept low; the mix's own routes are unlimited. */
const ABUSE_LIMIT = 6;
const ABUSE_EXTRA = 4;
const ADMIN = { email: 'scale-admin@kino.example', password: 'scale-admin-password-1' };
const EVENTS_TABLE = 'analytics_events';
const PHASE_SECONDS = 10;

const print = (line: string) => process.stdout.write(`${line}\n`);
const started = performance.now();
const since = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const step = (line: string) => print(`[${since()}] ${line}`);

const dataDir = await mkdtemp(path.join(tmpdir(), 'kino-scale-'));
// PostgreSQL runs as its own user when the run is root's: it must reach its folder inside.
await chmod(dataDir, 0o755);
let cluster: RunningCluster | undefined;
let comparison: ComparisonServer | undefined;
let cleaning: Promise<void> | undefined;
/** Stops what this run started, once, whichever way the run ends. */
const cleanUp = () => (cleaning ??= (async () => {
  await comparison?.stop().catch((error: unknown) => print(`stopping the comparison server: ${String(error)}`));
  await cluster?.stop().catch((error: unknown) => print(`stopping the cluster: ${String(error)}`));
  await rm(dataDir, { recursive: true, force: true });
})());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    print(`${signal}: stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  });
}
const overdue = setTimeout(() => {
  print(`✗ the run took longer than ${RUN_DEADLINE_MS / 60_000} minutes: stopping everything`);
  void cleanUp().finally(() => process.exit(1));
}, RUN_DEADLINE_MS);
overdue.unref();

const checks: CheckResult[] = [];
const failure = (error: unknown) => [error instanceof Error ? (error.stack ?? error.message) : String(error)];
/** A check that could not be made fails with its error; the others are still made. */
const attempt = (name: string, check: () => Promise<CheckResult>): Promise<CheckResult> =>
  check().catch((error: unknown) => ({ name, ok: false, detail: 'could not be checked', problems: failure(error) }));
const report: string[] = [];
try {
  const clusterLog: string[] = [];
  cluster = await startCluster({
    servers: 2,
    dataDir,
    log: (line) => clusterLog.push(line),
    serverEnv: {
      ABUSE_RATE_LIMIT: String(ABUSE_LIMIT),
      SEARCH_RATE_LIMIT: '0',
      COLLECT_RATE_LIMIT: '0',
      AUTH_RATE_LIMIT: '0',
      CATALOGUE_SIZE: '200',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_VIEWER: 'false',
    },
  }).catch((error: unknown) => {
    for (const line of clusterLog.slice(-30)) print(`  cluster: ${line}`);
    throw error;
  });
  const base = cluster.url;
  step(`cluster up: ${base} → servers on ${cluster.servers.map((server) => server.port).join(', ')}; ${cpus().length} CPUs`);

  const adminAccess = await adminLogin(base, ADMIN.email, ADMIN.password);
  const run = randomBytes(3).toString('hex');
  const [viewers, episodes, contentIds] = await Promise.all([
    newViewers(base, cluster.adminToken, VIEWERS + 1, run),
    demoEpisodes(base),
    knownContentIds(base),
  ]);
  const blocked = viewers.pop();
  if (!blocked) throw new Error('no viewer to block');
  step(`${viewers.length} viewers signed up (and one to block); ${episodes.length} episodes, ${contentIds.length} contents to read`);

  const traffic = { clients: CLIENTS, viewers, episodes, contentIds, random: seededRandom(Number.parseInt(run, 16)), sequences: new Map<string, number>() };
  step(`mixed traffic: ${CLIENTS} clients through HAProxy; server 1 is killed with SIGKILL after 12 s and started again 3 s later`);
  const failover = await failoverRun(cluster, traffic, { beforeKillMs: 12_000, downMs: 3_000, afterRestartMs: 12_000 }, step);
  const mixed = phaseFigures(failover.ledger.calls, failover.seconds);
  step(`traffic over: ${failover.ledger.calls.length} calls in ${failover.seconds.toFixed(1)} s (${mixed[0]?.requestsPerSecond ?? 0}/s), ${failover.ledger.failures.length} failed`);

  const clickhouse = clickhouseQueryUrl(cluster.clickhouse);
  const ledger = failover.ledger;
  checks.push(await attempt('no acknowledged progress write lost (PostgreSQL)', () => checkProgressKept(base, ledger)));
  checks.push(await attempt('no acknowledged analytics event lost (ClickHouse)', () => checkEventsKept(clickhouse, EVENTS_TABLE, ledger)));
  checks.push(...checkOnlyKilledCallsFailed(ledger, failover.kill));
  checks.push(await attempt('one client\'s rate limit holds across servers', () => checkSharedRateLimit(base, ABUSE_LIMIT, ABUSE_EXTRA, 2)));
  const origins = cluster.servers.map((server) => `http://127.0.0.1:${server.port}`);
  checks.push(await attempt('a blocked account is refused by every server within 1 s', () => checkBlockEverywhere(base, origins, adminAccess, blocked)));

  step('the dashboard compared: the same events on a server of its own with the analytics on PostgreSQL');
  const postgres = cluster.postgres;
  const adminToken = cluster.adminToken;
  checks.push(await attempt('the dashboard from ClickHouse equals the one from PostgreSQL', async () => {
    comparison = await startComparisonServer(await freshDatabase(postgres, 'kino_compare'), adminToken);
    return checkDashboardsAgree(base, comparison, adminToken, await eventsToCompare(clickhouse, EVENTS_TABLE, ledger));
  }));
  await comparison?.stop();
  comparison = undefined;

  // Both servers warm from the failover run first; then server 1 stopped (SIGTERM: HAProxy takes
  // it out before it stops accepting) and the same mix on server 0 alone.
  step(`throughput: the same mix for ${PHASE_SECONDS} s on 2 servers, then on 1 (server 1 stopped)`);
  const twoServers = await measuredRun(base, traffic, PHASE_SECONDS);
  await cluster.killServer(1, 'SIGTERM');
  const oneServer = await measuredRun(base, traffic, PHASE_SECONDS);
  const table = throughputTable([
    { name: '1 server', figures: phaseFigures(oneServer.ledger.calls, oneServer.seconds) },
    { name: '2 servers', figures: phaseFigures(twoServers.ledger.calls, twoServers.seconds) },
    { name: 'failover run', figures: mixed },
  ]);
  report.push(`${CLIENTS} clients, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end; ` +
    'HAProxy, PostgreSQL, Redis, ClickHouse and the clients share the machine, so on 2 cores a second server adds no CPU and the figures vary from run to run.', '', ...table, '',
    ...[{ name: '1 server', phase: oneServer }, { name: '2 servers', phase: twoServers }].flatMap(({ name, phase }) => phase.ledger.failures.slice(0, 5).map((failed) =>
      `Failed in the ${name} phase: ${failed.method} ${failed.route}, ${failed.error} after ${Math.round(failed.endedAt - failed.startedAt)} ms, answered by ${failed.servedBy ?? 'none'}.`)),
    `Answered by: 1 server: ${servedShare(oneServer.ledger.calls)}; 2 servers: ${servedShare(twoServers.ledger.calls)}; failover run: ${servedShare(failover.ledger.calls)}.`);
} catch (error) {
  checks.push({ name: 'the run itself', ok: false, detail: 'stopped by an error', problems: failure(error) });
} finally {
  await cleanUp();
  clearTimeout(overdue);
}

print('');
for (const check of checks) printCheck(check, print);
if (report.length > 0) {
  print('');
  for (const line of report) print(line);
  if (process.argv.includes('--results')) {
    await writeFile('bench/results/scale.md', `# npm run test:scale\n\n${report.join('\n')}\n`);
    print('\nwritten to bench/results/scale.md');
  }
}
const failed = checks.filter((check) => !check.ok);
print(`\n${failed.length === 0 ? '✓ all' : `✗ ${failed.length} of`} ${checks.length} checks ${failed.length === 0 ? 'passed' : 'failed'} in ${since()}`);
process.exit(failed.length === 0 ? 0 : 1);
