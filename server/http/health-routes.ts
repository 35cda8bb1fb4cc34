import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import { databaseAnswers } from './database-outage.ts';

/**
 * Probes for an orchestrator or a load balancer, at the root:
 * /healthz: the process is alive and its event loop turns (restart it if not);
 * /readyz: the database answers a query (send it traffic); 503 otherwise, and while closing.
 */
const liveSchema = z.strictObject({ status: z.literal('ok') });
const readySchema = z.strictObject({ status: z.enum(['ready', 'not ready']), database: z.enum(['ok', 'unavailable']) });

export function healthRoutes(app: FastifyInstance, db: Queryable): void {
  app.get('/healthz', { schema: { summary: 'Alive', response: { 200: liveSchema } } }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', { schema: { summary: 'Ready: the database answers', response: { 200: readySchema, 503: readySchema } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (await databaseAnswers(db)) return reply.send({ status: 'ready', database: 'ok' });
    request.log.warn('readiness: the database did not answer');
    return reply.status(503).send({ status: 'not ready', database: 'unavailable' });
  });
}
