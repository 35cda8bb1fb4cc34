import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeNumberText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import { outboxMessageSchema, type MailOutbox, type OutboxMessage } from './mail-outbox.ts';
import { requireOperator } from './operator-access.ts';

export const OUTBOX_ADMIN_PATH = '/admin/outbox';

const querySchema = z.strictObject({
  limit: wholeNumberText(1, 500).default(100),
  to: z.string().min(3).max(254).refine((text) => ![...text].some((char) => char < ' ' || char === '\u007f'), 'must not contain control characters').transform((email) => email.toLowerCase()).optional(),
});

export interface OutboxAdminOptions {
  outbox: MailOutbox;
  adminToken: string | undefined;
}

/**
 * GET /admin/outbox: the mail the service wrote (signup codes, restore links), newest first, as
 * JSON; `?to=` keeps one address's. The local demo's mailbox, behind the operator's gate.
 */
export function outboxAdminRoutes(app: FastifyInstance, options: OutboxAdminOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get(OUTBOX_ADMIN_PATH, {
    config: { cors: false },
    // The gate comes before the query is read: a stranger gets 401, not a field error.
    preValidation: requireOperator(options.adminToken),
    onSend: async (_request, reply) => void reply.header('cache-control', 'no-store'),
    schema: { summary: 'The mail the service wrote, newest first', admin: true, security: SECURITY.operator, querystring: querySchema, response: { 200: z.strictObject({ messages: z.array(outboxMessageSchema) }) }, errors: [401, 403, 503] },
  }, async (request): Promise<{ messages: OutboxMessage[] }> => ({ messages: await options.outbox.list(request.query.limit, request.query.to) }));
}
