import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireOperator } from '../auth/operator-access.ts';
import { HttpError } from '../http/http-error.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import {
  embedOriginBodySchema, embedOriginEntrySchema, embedOriginIdParamsSchema, embedOriginListQuerySchema, embedOriginListSchema,
} from './embed-access-schema.ts';
import type { EmbedOriginsRepository } from './embed-origins-repository.ts';

/**
 * Entries one scope (one content, or the global list) may hold. Every one of a content's origins
 * goes into its frame-ancestors header: 200 + 200 origins of 255 characters stay near 100 KB,
 * under Chromium's 256 KB for a response's headers (a reverse proxy may want a bigger buffer).
 */
export const MAX_ORIGINS_PER_SCOPE = 200;
/** `{"origin": …255 characters, "contentId": …}` with room to spare. */
const BODY_LIMIT_BYTES = 1_024;

export interface EmbedAccessRouteOptions {
  origins: EmbedOriginsRepository;
  /** The cached sets of allowed origins (embed-access-cache.ts), emptied on every change. */
  cache: { clear(): void };
  adminToken: string | undefined;
  maxPerScope?: number;
}

/**
 * The operator's allowlist of host sites (under /catalog-api): GET, POST /admin/embed-origins and
 * DELETE /admin/embed-origins/{id}, behind ADMIN_TOKEN or an administrator's access token, as the
 * other operator routes. Each change clears the cached sets, so the next /embed sees it.
 */
export function embedAccessRoutes(app: FastifyInstance, options: EmbedAccessRouteOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { origins, cache } = options;
  const limit = options.maxPerScope ?? MAX_ORIGINS_PER_SCOPE;
  const gate = {
    // The gate comes before the input is read: a stranger gets 401, not a field error.
    preValidation: requireOperator(options.adminToken),
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };
  const docs = { tags: ['admin'], admin: true as const, security: [{ bearerAuth: [] }] };

  api.get('/admin/embed-origins', {
    ...gate,
    schema: {
      summary: 'The sites allowed to frame the player, in id order; `content-id` keeps one content\'s own',
      ...docs, querystring: embedOriginListQuerySchema, response: { 200: embedOriginListSchema }, errors: [401, 403, 503],
    },
  }, async (request) => {
    const { 'content-id': contentId, after, limit: pageSize } = request.query;
    const items = await origins.list({ contentId, afterId: after, limit: pageSize });
    return { items, next: items.length === pageSize ? (items.at(-1)?.id ?? null) : null };
  });

  api.post('/admin/embed-origins', {
    ...gate,
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      summary: 'Allow a site to frame the player, everywhere or for one content (201; 200 with the entry when it is already there)',
      ...docs, body: embedOriginBodySchema, response: { 200: embedOriginEntrySchema, 201: embedOriginEntrySchema }, errors: [401, 403, 404, 409, 413, 503],
    },
  }, async (request, reply) => {
    const { origin, contentId } = request.body;
    const outcome = await origins.add({ origin, contentId }, limit);
    if (outcome.kind === 'unknown-content') throw new HttpError(404, `content ${contentId} not found`);
    if (outcome.kind === 'full') {
      throw new HttpError(409, `${contentId === undefined ? 'the global list' : `content ${contentId}`} already holds ${outcome.limit} origins, the most it may`);
    }
    if (outcome.kind === 'created') cache.clear();
    return reply.status(outcome.kind === 'created' ? 201 : 200).send(outcome.entry);
  });

  api.delete('/admin/embed-origins/:id', {
    ...gate,
    schema: { summary: 'Remove an entry; answers it', ...docs, params: embedOriginIdParamsSchema, response: { 200: embedOriginEntrySchema }, errors: [401, 403, 404, 503] },
  }, async (request) => {
    const removed = await origins.remove(request.params.id);
    if (!removed) throw new HttpError(404, `no embed origin ${request.params.id}`);
    cache.clear();
    return removed;
  });
}
