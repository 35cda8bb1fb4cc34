import type { FastifyRequest } from 'fastify';
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
  const byToken = adminAccess(request, adminToken);
  return account && byToken !== 'granted' ? 'wrong' : byToken;
}
