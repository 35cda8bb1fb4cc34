/**
 * `npm run cluster [-- --servers N]`: PostgreSQL, Redis, ClickHouse, N servers and HAProxy in
 * front, on this machine (scripts/cluster/). Prints one JSON line to stdout once every part
 * answers (progress goes to stderr); Ctrl-C or SIGTERM stops it all (servers drain first).
 */
import { MAX_SERVERS, startCluster, type RunningCluster } from './cluster/cluster.ts';

export interface ClusterArguments {
  servers: number;
}

const USAGE = `usage: npm run cluster [-- --servers N]   (N from 1 to ${MAX_SERVERS}, default 2)`;

/** Reads the command line; throws an error that says what is wrong and how to call it. */
export function parseClusterArguments(args: string[]): ClusterArguments {
  let servers = 2;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const inline = /^--servers=(.*)$/.exec(arg);
    if (arg !== '--servers' && !inline) throw new Error(`unknown argument: ${arg}\n${USAGE}`);
    const value = inline ? inline[1] ?? '' : args[++i];
    if (value === undefined) throw new Error(`--servers needs a number\n${USAGE}`);
    if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > MAX_SERVERS) throw new Error(`--servers: must be a whole number from 1 to ${MAX_SERVERS}, not "${value}"\n${USAGE}`);
    servers = Number(value);
  }
  return { servers };
}

async function main(): Promise<void> {
  let args: ClusterArguments;
  try {
    args = parseClusterArguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  let cluster: RunningCluster | undefined;
  let stopRequested = false;
  const stopAndExit = async (signal: NodeJS.Signals) => {
    if (stopRequested) return;
    stopRequested = true;
    process.stderr.write(`${signal}: stopping the cluster…\n`);
    // Still starting: the start finishes (or fails and cleans up) first, then main() stops it.
    if (!cluster) return;
    await cluster.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (received) => void stopAndExit(received));
  try {
    cluster = await startCluster({ servers: args.servers });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // A signal during the start is acted on once the start has finished (or failed).
  if (stopRequested) {
    await cluster.stop();
    process.exit(0);
  }
  const { url, servers, postgres, redis, clickhouse, adminToken } = cluster;
  process.stdout.write(`${JSON.stringify({ url, servers, postgres, redis, clickhouse, adminToken })}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
