import { performance } from 'node:perf_hooks';
import type { RunningCluster } from '../cluster/cluster.ts';
import type { KillMoment } from './failure-checks.ts';
import { Ledger } from './ledger.ts';
import { runTraffic, type TrafficOptions } from './traffic.ts';

export interface FailoverTimings {
  /** Mixed traffic before the kill, ms. */
  beforeKillMs: number;
  /** After the exit, how long server 1 stays down before it is started again, ms. */
  downMs: number;
  /** Traffic after server 1 is back, ms. */
  afterRestartMs: number;
}

export interface FailoverResult {
  ledger: Ledger;
  kill: KillMoment;
  /** From the exit until HAProxy had server 1 UP again, ms. */
  restartMs: number;
  seconds: number;
}

/**
 * The mixed traffic through HAProxy while server 1 is killed with SIGKILL and started again: the
 * clients keep calling throughout, and stop once server 1 has been back for `afterRestartMs`.
 */
export async function failoverRun(cluster: RunningCluster, traffic: Omit<TrafficOptions, 'ledger' | 'done' | 'base'>, timings: FailoverTimings, log: (line: string) => void): Promise<FailoverResult> {
  const ledger = new Ledger();
  let stopAt = Number.POSITIVE_INFINITY;
  const started = performance.now();
  let failed: unknown;
  const clients = runTraffic({ ...traffic, base: cluster.url, ledger, done: () => failed !== undefined || performance.now() >= stopAt });
  const schedule = async () => {
    await new Promise((resolve) => setTimeout(resolve, timings.beforeKillMs));
    const sentAt = performance.now();
    const postsInFlight = ledger.postsInFlight;
    await cluster.killServer(1, 'SIGKILL');
    const exitedAt = performance.now();
    log(`server 1 killed with SIGKILL at ${Math.round((sentAt - started) / 1000)} s (${postsInFlight} POSTs under way), exited ${Math.round(exitedAt - sentAt)} ms later`);
    await new Promise((resolve) => setTimeout(resolve, timings.downMs));
    await cluster.startServer(1);
    const restartMs = performance.now() - exitedAt;
    log(`server 1 started again and UP in HAProxy ${Math.round(restartMs / 1000)} s after the kill`);
    stopAt = performance.now() + timings.afterRestartMs;
    return { kill: { sentAt, exitedAt, postsInFlight, server: 'server1' }, restartMs };
  };
  // A failure of the schedule stops the clients too, so the run never hangs on them.
  const scheduled = schedule().catch((error: unknown) => {
    failed = error;
    throw error;
  });
  const [{ kill, restartMs }] = await Promise.all([scheduled, clients]);
  return { ledger, kill, restartMs, seconds: (performance.now() - started) / 1000 };
}

/**
 * The same mix for `seconds`, on the servers HAProxy has UP now: the figures of one phase of the
 * throughput comparison.
 */
export async function measuredRun(base: string, traffic: Omit<TrafficOptions, 'ledger' | 'done' | 'base'>, seconds: number): Promise<{ ledger: Ledger; seconds: number }> {
  const ledger = new Ledger();
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await runTraffic({ ...traffic, base, ledger, done: () => performance.now() >= stopAt });
  return { ledger, seconds: (performance.now() - started) / 1000 };
}
