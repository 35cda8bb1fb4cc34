import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import type { MailOutbox, OutboxMessage } from './mail-outbox.ts';
import { operatorAccess } from './operator-access.ts';

export const OUTBOX_ADMIN_PATH = '/admin/outbox';

const querySchema = z.strictObject({
  limit: z.string().regex(/^\d{1,3}$/, 'must be a whole number').transform(Number).pipe(z.number().min(1).max(500)).default(100),
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
    async preValidation(request, reply) {
      void reply.header('cache-control', 'no-store');
      const access = await operatorAccess(request, options.adminToken);
      if (access === 'disabled') throw new HttpError(503, 'the admin pages are off: set ADMIN_TOKEN or log in as an administrator');
      if (access === 'missing') {
        void reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, 'an admin token or an administrator\'s access token is needed');
      }
      if (access === 'wrong') throw new HttpError(403, 'this needs ADMIN_TOKEN or an administrator');
    },
    schema: { summary: 'The mail the service wrote, newest first', admin: true, security: SECURITY.operator, querystring: querySchema, errors: [401, 403, 503] },
  }, async (request): Promise<{ messages: OutboxMessage[] }> => ({ messages: await options.outbox.list(request.query.limit, request.query.to) }));
}
