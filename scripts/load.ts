/**
 * `npm run load`: the hot routes under 100 concurrent clients, against the real server in a
 * child process on loopback: the embedded database by default, PostgreSQL with --postgres
 * (a throw-away server through scripts/with-postgres.sh). Prints p50, p99 and throughput.
 *
 *   npm run load -- [--postgres] [--connections=100] [--duration=10] [--routes=embed,content] [--compressed]
 *
 * Each route also gets the server's CPU time per request (and PostgreSQL's with --postgres,
 * ClickHouse's when run inside scripts/with-clickhouse.sh): what sizes a fleet (docs/deploy.md).
 *
 * --compressed sends a browser's Accept-Encoding (gzip, deflate, br): the answers' compression is
 * then measured too.
 * --routes measures only the targets whose names (scripts/load/load-targets.ts) are listed,
 * comma-separated, each matched exactly; --help lists them.
 */
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { LOAD_TARGETS, type LoadTarget } from './load/load-targets.ts';
import { startLoadServer, type LoadServer } from './load/load-server.ts';

const MAX_CONNECTIONS = 200;
const MAX_DURATION_S = 60;

function option(name: string, fallback: number, max: number): number {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const value = given === undefined ? fallback : Number(given);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  return value;
}

if (process.argv.includes('--help')) {
  console.log('npm run load -- [--postgres] [--connections=100] [--duration=10] [--routes=name,name] [--compressed]\n\nRoutes:');
  for (const target of LOAD_TARGETS) console.log(`  ${target.name}  (${target.method} ${target.path})`);
  process.exit(0);
}

/** The targets --routes names, in the order given; all of them without it. */
function chosenTargets(): readonly LoadTarget[] {
  const given = process.argv.find((arg) => arg.startsWith('--routes='))?.slice('--routes='.length);
  if (given === undefined) return LOAD_TARGETS;
  return given.split(',').map((name) => {
    const target = LOAD_TARGETS.find((candidate) => candidate.name === name.trim());
    if (!target) throw new Error(`no route named "${name}"; --help lists them`);
    return target;
  });
}

const targets = chosenTargets();
/** What a browser sends, when --compressed asks for the cost of compression to be measured too. */
const acceptEncoding: Record<string, string> = process.argv.includes('--compressed') ? { 'accept-encoding': 'gzip, deflate, br' } : {};
const postgres = process.argv.includes('--postgres');
/** Analytics go to ClickHouse when the server finds CLICKHOUSE_URL (scripts/with-clickhouse.sh sets it). */
const clickhouse = process.env.CLICKHOUSE_URL !== undefined;
const connections = option('connections', 100, MAX_CONNECTIONS);
const duration = option('duration', 10, MAX_DURATION_S);

// --postgres without a server: run again inside a throw-away one.
if (postgres && !process.env.DATABASE_URL) {
  const again = spawnSync('bash', ['scripts/with-postgres.sh', process.execPath, '--import', 'tsx', 'scripts/load.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}
if (!postgres) delete process.env.DATABASE_URL;

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failed: number;
  /** The server's CPU time per answered request, in ms: what sizes a fleet, whatever the cores. */
  cpuMsPerRequest: number | undefined;
  /** PostgreSQL's CPU time per answered request (with --postgres), in ms. */
  databaseCpuMsPerRequest: number | undefined;
  /** ClickHouse's CPU time per answered request (with CLICKHOUSE_URL), in ms. */
  clickhouseCpuMsPerRequest: number | undefined;
}

/** The q-quantile of sorted latencies (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** The demo viewer's access token (README: demo@kino.example), for the routes a signed-in player calls. */
async function viewerToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/authenticator/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kino.example', password: 'kino-demo-viewer' }),
  });
  const session = (await response.json()) as { accessToken?: unknown };
  if (!response.ok || typeof session.accessToken !== 'string') throw new Error(`the demo viewer could not log in: ${response.status}`);
  return session.accessToken;
}

async function measure(server: LoadServer, target: LoadTarget): Promise<Figures> {
  const origin = server.origin;
  const signedIn = target.signedIn ? { authorization: `Bearer ${await viewerToken(origin)}` } : {};
  const cpuBefore = await server.cpuMs();
  const databaseBefore = await server.engineCpuMs('postgres');
  const clickhouseBefore = await server.engineCpuMs('clickhouse');
  // autocannon reports no 95th percentile: every response's time is kept to compute it.
  const latencies: number[] = [];
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon({
    url: origin,
    connections,
    duration,
    requests: [{
      method: target.method,
      path: target.path,
      headers: { ...acceptEncoding, ...signedIn, ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) },
      ...(target.body ? { setupRequest: (request: autocannon.Request) => ({ ...request, body: target.body?.() }) } : {}),
    }],
  }, (error, result) => (error ? fail(error) : finish(result)));
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await done;
  const cpuAfter = await server.cpuMs();
  const databaseAfter = await server.engineCpuMs('postgres');
  const clickhouseAfter = await server.engineCpuMs('clickhouse');
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: Math.round(quantile(latencies, 0.95)),
    p99: result.latency.p99,
    max: result.latency.max,
    failed: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
      ? undefined
      : (cpuAfter - cpuBefore) / result.requests.total,
    // A backend that exits between the two readings takes its time with it: never below 0.
    databaseCpuMsPerRequest: postgres && result.requests.total > 0 ? Math.max(0, databaseAfter - databaseBefore) / result.requests.total : undefined,
    clickhouseCpuMsPerRequest: clickhouse && result.requests.total > 0 ? Math.max(0, clickhouseAfter - clickhouseBefore) / result.requests.total : undefined,
  };
}

const server = await startLoadServer();
if (new URL(server.origin).hostname !== '127.0.0.1') throw new Error(`refusing to load anything but loopback: ${server.origin}`);
try {
  const cpu = cpus();
  console.log(`${postgres ? 'PostgreSQL' : 'embedded PGlite'}; ${connections} connections, ${duration} s per route${acceptEncoding['accept-encoding'] ? ', compressed answers' : ''}; ` +
    `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  const rows: Figures[] = [];
  for (const target of targets) rows.push(await measure(server, target));
  console.log('\n| route | req/s | p50 ms | p95 ms | p99 ms | max ms | failed | server CPU ms/req | PostgreSQL CPU ms/req | ClickHouse CPU ms/req |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.max} | ${row.failed} | ${row.cpuMsPerRequest?.toFixed(2) ?? '–'} | ${row.databaseCpuMsPerRequest?.toFixed(2) ?? '–'} | ${row.clickhouseCpuMsPerRequest?.toFixed(2) ?? '–'} |`);
} finally {
  await server.stop();
}
