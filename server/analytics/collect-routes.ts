import type { FastifyInstance } from 'fastify';
import { analyticsBatchSchema, collectResultSchema, type CollectResult } from '../../src/contract/schemas/analytics-schema.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import type { AnalyticsStore } from './analytics-store.ts';

/**
 * 64 kB: what sendBeacon and fetch(keepalive) can carry at most. The player keeps its batches
 * under 60 000 bytes (MAX_BATCH_BYTES); anything past the browser's own limit is not a player.
 */
export const COLLECT_BODY_LIMIT_BYTES = 64 * 1024;

export interface CollectRoutesOptions {
  analytics: AnalyticsStore;
  /** Batches per minute per client; 0: no limit. */
  rateLimitPerMinute: number;
}

/**
 * POST /collect: the players' analytics batches (SPEC.md section 7). Registered in a scope of
 * its own: the text/plain parser below must not change how any other route reads its body.
 * CORS comes from the app (any origin, no credentials), so a host may run the collector apart.
 */
export async function collectRoutes(app: FastifyInstance, options: CollectRoutesOptions): Promise<void> {
  // navigator.sendBeacon with a string sends text/plain;charset=UTF-8 (and a JSON Blob would need
  // a CORS preflight a beacon cannot make): the text is the same JSON, parsed the same way.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  const rateLimit = options.rateLimitPerMinute > 0 ? { max: options.rateLimitPerMinute, timeWindow: 60_000 } : false;
  app.withTypeProvider<ZodTypeProvider>().post('/collect', {
    bodyLimit: COLLECT_BODY_LIMIT_BYTES,
    config: { rateLimit },
    schema: {
      summary: 'A batch of the players\' analytics events',
      description: 'Sent by fetch(keepalive) as JSON or by navigator.sendBeacon as text/plain holding the same JSON. Events already stored (same event id) count as duplicates.',
      // Text jsonb cannot store (NUL, a lone surrogate) is refused by the schema layer, as on every route.
      body: analyticsBatchSchema,
      consumes: ['application/json', 'text/plain'],
      response: { 200: collectResultSchema },
      errors: [413, 415, 429, 503],
    },
  }, async (request, reply): Promise<CollectResult> => {
    void reply.header('cache-control', 'no-store');
    return options.analytics.insertEvents(request.body.events);
  });
}
