import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../../src/contract/schemas/auth-schema.ts';
import type { Caller, SessionGuard } from './session-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by installAuth (server/auth/install-auth.ts) on the root instance: every route sees it. */
    sessionGuard: SessionGuard;
  }
}

/**
 * For any route of the server: the authenticated caller with at least `role` ('viewer': any
 * logged-in account). 401 without a valid session, 403 with the wrong role, in the usual error
 * shape. A token from the authToken cookie also needs the XSRF header on unsafe methods.
 */
export function requireRole(request: FastifyRequest, role: Role): Promise<Caller> {
  return request.server.sessionGuard.requireRole(request, role);
}

/** The same as a route's preHandler: `{ preHandler: roleGuard('admin') }`. */
export function roleGuard(role: Role): preHandlerAsyncHookHandler {
  return async (request) => {
    await requireRole(request, role);
  };
}
