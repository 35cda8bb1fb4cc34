import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticated } from './authenticated.ts';
import { SECURITY } from '../openapi/route-docs.ts';

/**
 * Route options and document keys of the operator's tools under /catalog-api (caches, debug,
 * abuse reports): an administrator's session (SPEC.md section 6 leaves the role open; these
 * clear caches and read viewers' reports, so only administrators may).
 */
export function adminOnly(app: FastifyInstance) {
  return {
    options: authenticated(app.sessionGuard, 'admin'),
    docs: { security: SECURITY.session, admin: true as const },
    /** For the tools that take no query: a stray parameter is a mistake worth a 400, not silence. */
    noQuery: z.strictObject({}),
  };
}
