/** What every engine of the local cluster gives back once it answers. */
import type { ClusterProcess } from './processes.ts';

export interface RunningEngine {
  /** The URL the servers get (DATABASE_URL, REDIS_URL, CLICKHOUSE_URL, the balancer's frontend). */
  url: string;
  process: ClusterProcess;
  /** Stops it the way that keeps its data (fast shutdown, append-only file flushed…). */
  stop(): Promise<void>;
}

export interface EngineContext {
  /** The engine's own folder under the cluster's. */
  dir: string;
  log: (line: string) => void;
}

/** Engines get this long to answer after they start; a first initdb or ClickHouse start is slow on a busy machine. */
export const ENGINE_START_TIMEOUT_MS = 60_000;
/** And this long to stop before SIGKILL. */
export const ENGINE_STOP_TIMEOUT_MS = 20_000;
