import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import type { SharedState } from '../shared-state/shared-state.ts';
import { databaseAnswers } from './database-outage.ts';
import type { ClosingState } from './graceful-shutdown.ts';

/**
 * Probes for an orchestrator or a load balancer, at the root:
 * /healthz: the process is alive and its event loop turns (restart it if not);
 * /readyz: the database answers a query (send it traffic); 503 otherwise, and from the moment
 * the server is told to stop ("closing": it still serves for DRAIN_GRACE_MS while the balancer
 * takes it out).
 * With REDIS_URL it also says whether Redis answers, without changing the verdict: every
 * process shares one Redis, and the server works without it (limits fail open, caches miss),
 * so taking every process out of the load balancer for it would turn a degradation into an outage.
 * With CLICKHOUSE_URL it says whether ClickHouse answers (`analytics`), without changing the
 * verdict either: only analytics needs it, the players keep their batches and send them again
 * (the collector answers 503 with Retry-After meanwhile), and playback goes on; every process
 * shares the one ClickHouse, so none would be better to send traffic to.
 */
const liveSchema = z.strictObject({ status: z.literal('ok') });
const readySchema = z.strictObject({ status: z.enum(['ready', 'not ready', 'closing']), database: z.enum(['ok', 'unavailable']), redis: z.enum(['ok', 'unavailable']).optional(), analytics: z.enum(['ok', 'unavailable']).optional() });

/** A store of its own apart from the database (ClickHouse) says whether it answers. */
interface SeparateStore {
  answers?(): Promise<boolean>;
}

/** What readiness looks at besides the database; each is optional. */
export interface ReadinessSources {
  shared?: SharedState | undefined;
  analytics?: SeparateStore | undefined;
  /** Set once the server is told to stop: /readyz answers 503 `closing` from then on. */
  closing?: Pick<ClosingState, 'started'> | undefined;
}

export function healthRoutes(app: FastifyInstance, db: Queryable, { shared, analytics, closing }: ReadinessSources = {}): void {
  app.get('/healthz', { schema: { summary: 'Alive', response: { 200: liveSchema } } }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', { schema: { summary: 'Ready: the database answers', response: { 200: readySchema, 503: readySchema } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const [database, redis, analyticsStore] = await Promise.all([databaseAnswers(db), shared?.redisAnswers(), analytics?.answers?.()]);
    const sideStores = {
      ...(redis === undefined ? {} : { redis: redis ? 'ok' as const : 'unavailable' as const }),
      ...(analyticsStore === undefined ? {} : { analytics: analyticsStore ? 'ok' as const : 'unavailable' as const }),
    };
    if (redis === false) request.log.warn('readiness: Redis did not answer');
    if (analyticsStore === false) request.log.warn('readiness: ClickHouse (analytics) did not answer');
    if (closing?.started) return reply.status(503).send({ status: 'closing', database: database ? 'ok' : 'unavailable', ...sideStores });
    if (database) return reply.send({ status: 'ready', database: 'ok', ...sideStores });
    request.log.warn('readiness: the database did not answer');
    return reply.status(503).send({ status: 'not ready', database: 'unavailable', ...sideStores });
  });
}
