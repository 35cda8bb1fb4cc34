import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import type { AnalyticsBatch } from '../../src/contract/schemas/analytics-schema.ts';
import { bearer, expectJson } from './http.ts';
import type { CheckResult } from './report.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
const DASHBOARD_DATA = '/admin/analytics/data.json?days=7';

export interface ComparisonServer {
  origin: string;
  stop(): Promise<void>;
}

/** A fresh database beside the cluster's on the same PostgreSQL, dropped first if a run left it. */
export async function freshDatabase(postgresUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One more server process with the analytics on PostgreSQL: its own database, no ClickHouse, no
 * Redis; no limit on /collect, so the run's batches all go in; no generated catalogue (the
 * dashboard reads the events alone). Stopped by the caller.
 */
export async function startComparisonServer(databaseUrl: string, adminToken: string): Promise<ComparisonServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kino-scale-compare-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ADMIN_TOKEN: adminToken, COLLECT_RATE_LIMIT: '0', CATALOGUE_SIZE: '0' };
  delete env.CLICKHOUSE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  let output = '';
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const found = LISTENING.exec(output);
        if (!found?.[1]) return;
        child.stdout.off('data', read);
        child.stdout.resume();
        resolve(found[1]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the comparison server exited (${code}) before listening:\n${output.slice(-2000)}`)));
    });
    return { origin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The first place two JSON values differ, as a path. */
function firstDifference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`;
}

/**
 * The dashboard's figures from ClickHouse equal those PostgreSQL gives for the same events: the
 * batches ClickHouse holds are posted to the comparison server, then both dashboards' JSON for
 * the same days are compared whole.
 */
export async function checkDashboardsAgree(clusterBase: string, comparison: ComparisonServer, adminToken: string, batches: readonly AnalyticsBatch[]): Promise<CheckResult> {
  const events = batches.reduce((sum, batch) => sum + batch.events.length, 0);
  // A few at a time: the same batches, sooner.
  let next = 0;
  const sender = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) await expectJson('POST', `${comparison.origin}/collect`, { json: batch });
  };
  await Promise.all(Array.from({ length: 8 }, sender));
  const [fromClickHouse, fromPostgres] = await Promise.all([
    expectJson('GET', `${clusterBase}${DASHBOARD_DATA}`, { headers: bearer(adminToken) }),
    expectJson('GET', `${comparison.origin}${DASHBOARD_DATA}`, { headers: bearer(adminToken) }),
  ]);
  const difference = firstDifference(fromClickHouse, fromPostgres);
  // Two empty dashboards would agree too: the one from PostgreSQL must count every event posted.
  const counted = typeof fromPostgres === 'object' && fromPostgres !== null && 'events' in fromPostgres ? fromPostgres.events : undefined;
  const problems = [...(difference ? [difference] : []), ...(counted === events ? [] : [`the dashboard counts ${String(counted)} events, not the ${events} posted`])];
  return {
    name: 'the dashboard from ClickHouse equals the one from PostgreSQL',
    ok: problems.length === 0,
    detail: `${events} events in ${batches.length} batches on both, ${String(counted)} counted; the 7-day dashboard JSON ${difference === undefined ? 'is identical' : 'differs'}`,
    problems,
  };
}
