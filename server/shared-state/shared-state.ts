import type { Redis } from 'ioredis';
import type { ClusterEvent } from './cluster-events.ts';

/**
 * What the server's processes share. Without REDIS_URL there is one process and nothing to
 * share: `redis` is undefined (rate limits count in memory), `publish` tells nobody, and what
 * another process would have said never comes. With it, see ./redis-state.ts.
 */
export interface SharedState {
  /** The commands connection, for rate-limit counters and shared caches; undefined without Redis. */
  readonly redis: Redis | undefined;
  /** Before every key this server writes in Redis (REDIS_PREFIX). */
  readonly prefix: string;
  /** Tells every other process (this one has already done what the event says). */
  publish(event: ClusterEvent): void;
  /** Runs `handler` on each event another process publishes. */
  onEvent(handler: (event: ClusterEvent) => void): void;
  /** For /readyz: undefined without Redis, else whether it answered a PING in time. */
  redisAnswers(): Promise<boolean | undefined>;
  close(): Promise<void>;
}

/** One process on its own: nothing to tell, nothing to hear. */
export function processOnlyState(): SharedState {
  return {
    redis: undefined,
    prefix: '',
    publish: () => undefined,
    onEvent: () => undefined,
    redisAnswers: async () => undefined,
    close: async () => undefined,
  };
}
