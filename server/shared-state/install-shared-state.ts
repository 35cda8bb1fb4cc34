import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { processOnlyState, type SharedState } from './shared-state.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What this process shares with the deployment's others (Redis with REDIS_URL). */
    sharedState: SharedState;
  }
}

/**
 * Decorates the root instance with the shared state: the one given, else Redis when REDIS_URL is
 * set (closed with the app), else this process alone.
 */
export async function installSharedState(app: FastifyInstance, config: ServerConfig, given?: SharedState): Promise<SharedState> {
  let shared = given;
  if (!shared && config.redisUrl) {
    // Loaded only when configured, as the PostgreSQL client is: a single process never needs it.
    const { openRedisState } = await import('./redis-state.ts');
    const opened = await openRedisState({ url: config.redisUrl, prefix: config.redisPrefix, log: app.log });
    app.addHook('onClose', () => opened.close());
    shared = opened;
  }
  shared ??= processOnlyState();
  app.decorate('sharedState', shared);
  return shared;
}

/**
 * The options every scope registers @fastify/rate-limit with. With Redis the counters live there
 * (one budget per client across every process; each route's key is its own, as in memory), and
 * `skipOnError`: while Redis is away the limited routes answer as if under their limit rather
 * than fail. Failing closed would turn a Redis outage into an outage of login, collect, search
 * and the tracking pixel for everyone; failing open only lifts the limits for that while, and the
 * per-account login throttle (auth/redis-login-throttle.ts) still stands, counting in each process.
 */
export function rateLimitScope(app: FastifyInstance): RateLimitPluginOptions {
  const { redis, prefix } = app.sharedState;
  return redis ? { global: false, redis, nameSpace: `${prefix}rate-limit:`, skipOnError: true } : { global: false };
}
