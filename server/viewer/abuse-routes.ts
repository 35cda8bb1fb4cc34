import rateLimit from '@fastify/rate-limit';
import { rateLimitScope } from '../shared-state/install-shared-state.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { abuseReportBodySchema, abuseReportCreatedSchema, abuseReportListSchema } from '../../src/contract/schemas/site-schema.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { wholeNumberText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { AbuseRepository } from './abuse-repository.ts';
import { adminOnly } from '../auth/admin-only.ts';

const reportsQuerySchema = z.strictObject({ limit: wholeNumberText(1, 500).default(100) });

export interface AbuseRouteOptions {
  db: Queryable;
  /** ABUSE_RATE_LIMIT: reports one client address may post per minute; 0: no limit. */
  reportsPerMinute: number;
}

/**
 * POST /abuse/new (SPEC.md section 7): a viewer reports a content or one of its episodes.
 * Anyone may post and each report is a row, so one client gets `reportsPerMinute` (429 with
 * Retry-After past it), counted in a scope of its own. GET /admin/abuse-reports lists them.
 */
export async function abuseRoutes(app: FastifyInstance, options: AbuseRouteOptions): Promise<void> {
  const reports = new AbuseRepository(options.db);
  await app.register(rateLimit, rateLimitScope(app));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limit = options.reportsPerMinute > 0 ? { max: options.reportsPerMinute, timeWindow: 60_000 } : false;

  api.post('/abuse/new', {
    config: { rateLimit: limit },
    schema: {
      summary: 'Report a content or an episode (copyright, violence, broken…)',
      body: abuseReportBodySchema,
      response: { 201: abuseReportCreatedSchema },
      errors: [404, 429],
    },
  }, async (request, reply) => {
    const { contentId, episodeId, reason, message, email } = request.body;
    const created = await reports.insert({ contentId, episodeId, reason, message, email, clientIp: request.ip });
    if (!created) {
      if (episodeId !== undefined && (await reports.contentExists(contentId))) throw new HttpError(404, `content ${contentId} has no episode ${episodeId}`);
      throw new HttpError(404, `content ${contentId} not found`);
    }
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  const admin = adminOnly(app);
  api.get('/admin/abuse-reports', {
    ...admin.options,
    schema: { summary: 'The latest abuse reports, newest first', tags: ['admin'], ...admin.docs, querystring: reportsQuerySchema, response: { 200: abuseReportListSchema }, errors: [401, 403] },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { items: await reports.latest(request.query.limit) };
  });
}
