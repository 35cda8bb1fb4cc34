import rateLimit from '@fastify/rate-limit';
import { rateLimitScope } from '../shared-state/install-shared-state.ts';
import type { FastifyInstance } from 'fastify';
import type { ErrorReportingConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { errorReportsAdminRoutes } from './error-reports-admin-routes.ts';
import { ErrorReportsRepository } from './error-reports-repository.ts';
import { errorTunnelRoutes } from './error-tunnel-routes.ts';
import { parseDsn } from './sentry-envelope.ts';
import { forwardEnvelope } from './sentry-forwarder.ts';

export interface ErrorRoutesOptions {
  db: Database;
  errorReporting: ErrorReportingConfig;
  adminToken: string | undefined;
}

/**
 * Error reports on the server: the players' tunnel (POST /error-tunnel) and the operator's
 * listing (GET /admin/error-reports). A scope of its own, with its own rate-limit counters:
 * only the tunnel names a limit.
 */
export async function errorRoutes(app: FastifyInstance, options: ErrorRoutesOptions): Promise<void> {
  const reports = new ErrorReportsRepository(options.db);
  const dsn = options.errorReporting.dsn === undefined ? undefined : parseDsn(options.errorReporting.dsn);
  await app.register(rateLimit, rateLimitScope(app));
  await app.register(errorTunnelRoutes, {
    reports,
    dsn,
    forward: options.errorReporting.forward,
    forwardEnvelope: (target, body) => forwardEnvelope(target, body),
  });
  errorReportsAdminRoutes(app, { reports, adminToken: options.adminToken });
}
