import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { decodeClusterEvent, encodeClusterEvent, type ClusterEvent } from './cluster-events.ts';
import type { SharedState } from './shared-state.ts';

export interface RedisStateOptions {
  url: string;
  /** Before every key and the events channel, so deployments (or test suites) can share one Redis. */
  prefix: string;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  /** How long the start waits for Redis before going on without it (it keeps reconnecting). */
  connectWaitMs?: number;
}

/** A PING slower than this counts as no answer for /readyz. */
const PING_TIMEOUT_MS = 1_000;

/**
 * Redis shared by every process: one connection for commands and one subscribed to the events
 * channel (a subscribed connection can do nothing else).
 *
 * Commands fail at once while Redis is away rather than queue (`enableOfflineQueue: false`) and
 * give up after a second: a request is never held waiting for Redis, and every user of it
 * (rate limits, the boot-data cache) carries on without it. Both connections reconnect on their
 * own; the subscriber subscribes again when it does. Events published while a process was cut
 * off are lost to it: what they would have ended is bounded by each cache's own lifetime.
 */
export async function openRedisState(options: RedisStateOptions): Promise<SharedState> {
  const { log, prefix } = options;
  const self = randomUUID();
  const channel = `${prefix}events`;
  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);
  const redis = new Redis(options.url, {
    enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000, connectTimeout: 2_000, retryStrategy,
  });
  const subscriber = new Redis(options.url, { connectTimeout: 2_000, retryStrategy, maxRetriesPerRequest: null });
  reportConnection(redis, 'Redis', log);
  reportConnection(subscriber, 'Redis (events)', log);

  const handlers: ((event: ClusterEvent) => void)[] = [];
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const decoded = decodeClusterEvent(message);
    if (!decoded || decoded.from === self) return;
    for (const handler of handlers) {
      try {
        handler(decoded.event);
      } catch (error) {
        log.error(`a ${decoded.event.type} event from another process failed here: ${String(error)}`);
      }
    }
  });
  // Queued until the connection is up, and subscribed again after every reconnection.
  subscriber.subscribe(channel).catch((error: unknown) => log.warn(`Redis: could not subscribe to ${channel}: ${String(error)}`));
  await Promise.all([whenReady(redis, options.connectWaitMs ?? 3_000), whenReady(subscriber, options.connectWaitMs ?? 3_000)]);

  return {
    redis,
    prefix,
    publish(event) {
      redis.publish(channel, encodeClusterEvent(self, event)).catch((error: unknown) => {
        log.warn(`Redis: a ${event.type} event could not be sent to the other processes: ${String(error)}`);
      });
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    async redisAnswers() {
      const timeout = new Promise<false>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref());
      return Promise.race([redis.ping().then((answer) => answer === 'PONG', () => false), timeout]);
    },
    async close() {
      await Promise.all([redis, subscriber].map(closeConnection));
    },
  };
}

/**
 * QUIT when connected (what was sent is answered first), at most a second; otherwise, or after
 * that, the socket is simply closed. A QUIT to a Redis that is away would wait for it forever.
 */
async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
    await Promise.race([connection.quit().then(() => undefined, () => undefined), timeout]);
  }
  connection.disconnect();
}

/** Resolves when the connection is ready or after `waitMs`, whichever comes first; never rejects. */
function whenReady(connection: Redis, waitMs: number): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, waitMs);
    timer.unref();
    connection.once('ready', done);
    function done() {
      clearTimeout(timer);
      connection.off('ready', done);
      resolve();
    }
  });
}

/** One line when the connection is lost and one when it is back, not one per reconnection attempt. */
function reportConnection(connection: Redis, name: string, log: RedisStateOptions['log']): void {
  let up: boolean | undefined;
  connection.on('ready', () => {
    if (up === false) log.info(`${name}: connected again`);
    up = true;
  });
  connection.on('error', (error: Error) => {
    if (up === false) return;
    up = false;
    log.warn(`${name}: ${error.message}; carrying on without it and reconnecting`);
  });
}
