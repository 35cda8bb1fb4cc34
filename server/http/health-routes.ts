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
 */
const liveSchema = z.strictObject({ status: z.literal('ok') });
const readySchema = z.strictObject({ status: z.enum(['ready', 'not ready', 'closing']), database: z.enum(['ok', 'unavailable']), redis: z.enum(['ok', 'unavailable']).optional() });

export function healthRoutes(app: FastifyInstance, db: Queryable, shared?: SharedState, closing?: Pick<ClosingState, 'started'>): void {
  app.get('/healthz', { schema: { summary: 'Alive', response: { 200: liveSchema } } }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', { schema: { summary: 'Ready: the database answers', response: { 200: readySchema, 503: readySchema } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const [database, redis] = await Promise.all([databaseAnswers(db), shared?.redisAnswers()]);
    const redisState = redis === undefined ? {} : { redis: redis ? 'ok' as const : 'unavailable' as const };
    if (redis === false) request.log.warn('readiness: Redis did not answer');
    if (closing?.started) return reply.status(503).send({ status: 'closing', database: database ? 'ok' : 'unavailable', ...redisState });
    if (database) return reply.send({ status: 'ready', database: 'ok', ...redisState });
    request.log.warn('readiness: the database did not answer');
    return reply.status(503).send({ status: 'not ready', database: 'unavailable', ...redisState });
  });
}
