import type { FastifyInstance } from 'fastify';
import { blockUserParamsSchema, userSchema, usersPageSchema, usersQueryBodySchema, type User } from '../../src/contract/schemas/auth-schema.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import { AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import { authenticated, callerOf } from './authenticated.ts';

/** Administrators only (SPEC.md section 6): the list of accounts and blocking one. */
export function administrationRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { guard, users, accounts } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { security: SECURITY.session, admin: true as const, errors: [401, 403] };

  api.post('/administration/users', {
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    ...authenticated(guard, 'admin'),
    schema: { summary: 'A page of the accounts', ...adminOnly, body: usersQueryBodySchema.prefault({}), response: { 200: usersPageSchema } },
  }, async (request) => {
    const { body } = request;
    const { items, total } = await users.page(body);
    return { items, total, page: body.page, pageSize: body.pageSize };
  });

  api.post('/administration/block-user/:id', {
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    ...authenticated(guard, 'admin'),
    schema: { summary: 'Block an account and end its sessions', ...adminOnly, params: blockUserParamsSchema, response: { 200: userSchema }, errors: [401, 403, 404] },
  }, async (request): Promise<User> => accounts.block(callerOf(request), request.params.id));
}
