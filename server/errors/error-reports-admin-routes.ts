import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeNumberText } from '../http/request-schemas.ts';
import { requireOperator } from '../auth/operator-access.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import type { ErrorReportsRepository, StoredErrorReport } from './error-reports-repository.ts';

export const ERROR_REPORTS_ADMIN_PATH = '/admin/error-reports';

/** One stored envelope as listed (StoredErrorReport), for the document. */
const storedErrorReportSchema = z.strictObject({
  id: z.number().int(),
  receivedAt: z.string(),
  eventId: z.string().nullable(),
  itemTypes: z.array(z.string()),
  project: z.string().nullable(),
  errorId: z.string().nullable(),
  errorCode: z.string().nullable(),
  level: z.string().nullable(),
  title: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  header: z.record(z.string(), z.unknown()),
  sizeBytes: z.number().int(),
  forwarded: z.boolean(),
});

const querySchema = z.object({
  limit: wholeNumberText(1, 500).default(100),
});

export interface ErrorReportsAdminOptions {
  reports: ErrorReportsRepository;
  /** ADMIN_TOKEN; unset: the listing answers 503, as the analytics dashboard does. */
  adminToken: string | undefined;
}

/**
 * GET /admin/error-reports: the envelopes the tunnel stored, newest first, as JSON, for the
 * operator (the same ADMIN_TOKEN as the analytics dashboard: a Bearer header or its session).
 */
export function errorReportsAdminRoutes(app: FastifyInstance, options: ErrorReportsAdminOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get(ERROR_REPORTS_ADMIN_PATH, {
    // ADMIN_TOKEN, or an administrator's access token (server/auth/operator-access.ts), before the query is read.
    preValidation: requireOperator(options.adminToken),
    schema: { summary: 'The error reports stored, newest first', admin: true, security: SECURITY.operator, querystring: querySchema, response: { 200: z.strictObject({ reports: z.array(storedErrorReportSchema) }) }, errors: [401, 403, 503] },
  }, async (request, reply): Promise<{ reports: StoredErrorReport[] }> => {
    void reply.header('cache-control', 'no-store');
    return { reports: await options.reports.list(request.query.limit) };
  });
}
