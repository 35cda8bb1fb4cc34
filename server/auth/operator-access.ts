import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { adminAccess, type AdminAccess } from '../analytics/admin-auth.ts';

/** 'disabled': neither ADMIN_TOKEN nor an administrator's token opens the operator's pages. */
export type OperatorAccess = AdminAccess | 'disabled';

/**
 * The gate of the operator's pages under /admin (analytics, error reports, outbox): ADMIN_TOKEN
 * as before (Bearer, or the /admin login cookie), or a logged-in administrator's access token as
 * `Authorization: Bearer`. Without ADMIN_TOKEN only an administrator's token opens them.
 */
export async function operatorAccess(request: FastifyRequest, adminToken: string | undefined): Promise<OperatorAccess> {
  const account = await request.server.sessionGuard.bearerCaller(request);
  if (account?.role === 'admin') return 'granted';
  if (adminToken === undefined) return account ? 'wrong' : 'disabled';
  const byToken = await adminAccess(request, adminToken);
  return account && byToken !== 'granted' ? 'wrong' : byToken;
}

/**
 * The operator's JSON routes' gate, as a preValidation hook: 503 while nothing can open them,
 * 401 (with WWW-Authenticate: Bearer) without credentials, 403 with the wrong ones. Before the
 * query is read, so a stranger gets no field error.
 */
export function requireOperator(adminToken: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const access = await operatorAccess(request, adminToken);
    if (access === 'disabled') throw new HttpError(503, 'the admin pages are off: set ADMIN_TOKEN or log in as an administrator');
    if (access === 'missing') {
      void reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'an admin token or an administrator\'s access token is needed');
    }
    if (access === 'wrong') throw new HttpError(403, 'this needs ADMIN_TOKEN or an administrator');
  };
}
