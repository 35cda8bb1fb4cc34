import type { CallRecord } from './ledger.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  /** The counts behind the verdict, printed whatever it is. */
  detail: string;
  /** What went wrong, a line each (the first few). */
  problems: string[];
}

export function printCheck(check: CheckResult, print: (line: string) => void): void {
  print(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  if (!check.ok) for (const problem of check.problems.slice(0, 10)) print(`    ${problem}`);
}

export interface PhaseFigures {
  route: string;
  calls: number;
  failed: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** The q-quantile of sorted values (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

function figures(route: string, calls: readonly CallRecord[], seconds: number): PhaseFigures {
  const latencies = calls.map((call) => call.endedAt - call.startedAt).sort((a, b) => a - b);
  return {
    route,
    calls: calls.length,
    failed: calls.filter((call) => call.status < 200 || call.status >= 300).length,
    requestsPerSecond: Math.round(calls.length / seconds),
    p50: Math.round(quantile(latencies, 0.5)),
    p99: Math.round(quantile(latencies, 0.99)),
  };
}

/** Overall and per route: calls completed per second of the phase, and their latency. */
export function phaseFigures(calls: readonly CallRecord[], seconds: number): PhaseFigures[] {
  const routes = [...new Set(calls.map((call) => call.route))].sort();
  return [figures('all', calls, seconds), ...routes.map((route) => figures(route, calls.filter((call) => call.route === route), seconds))];
}

/** A Markdown table comparing the phases, route by route. */
export function throughputTable(phases: { name: string; figures: PhaseFigures[] }[]): string[] {
  const head = `| route | ${phases.map((phase) => `${phase.name} req/s | p50 ms | p99 ms`).join(' | ')} |`;
  const rule = `| --- | ${phases.map(() => '---: | ---: | ---:').join(' | ')} |`;
  const routes = phases[0]?.figures.map((row) => row.route) ?? [];
  const rows = routes.map((route) => `| ${route} | ${phases.map((phase) => {
    const row = phase.figures.find((candidate) => candidate.route === route);
    return row ? `${row.requestsPerSecond} | ${row.p50} | ${row.p99}` : '– | – | –';
  }).join(' | ')} |`);
  return [head, rule, ...rows];
}

/** Which servers answered the phase's calls, by HAProxy's X-Served-By: "server0 51 %, server1 49 %". */
export function servedShare(calls: readonly CallRecord[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call.servedBy ?? 'no answer', (counts.get(call.servedBy ?? 'no answer') ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([server, count]) => `${server} ${Math.round((100 * count) / Math.max(1, calls.length))} %`).join(', ');
}
