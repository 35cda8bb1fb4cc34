import type { FastifyInstance } from 'fastify';
import { blockUserParamsSchema, usersQueryBodySchema, type User } from '../../src/api/auth-schema.ts';
import { AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import { parseRequestPart } from './request-validation.ts';

/** Administrators only (SPEC.md section 6): the list of accounts and blocking one. */
export function administrationRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { guard, users, accounts } = options;

  app.post('/administration/users', { bodyLimit: AUTH_BODY_LIMIT_BYTES }, async (request) => {
    await guard.requireRole(request, 'admin');
    const body = parseRequestPart(usersQueryBodySchema, request.body ?? {}, 'body');
    const { items, total } = await users.page(body);
    return { items, total, page: body.page, pageSize: body.pageSize };
  });

  app.post('/administration/block-user/:id', { bodyLimit: AUTH_BODY_LIMIT_BYTES }, async (request): Promise<User> => {
    const caller = await guard.requireRole(request, 'admin');
    const params = parseRequestPart(blockUserParamsSchema, request.params, 'path');
    return accounts.block(caller, params.id);
  });
}
