import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { adminRoutes } from './admin-routes.ts';
import { AnalyticsRepository } from './analytics-repository.ts';
import { scheduleRetention } from '../db/retention-schedule.ts';
import { collectRoutes } from './collect-routes.ts';

export interface AnalyticsOptions {
  db: Database;
  adminToken: string | undefined;
  collectRateLimit: number;
  retentionDays: number;
}

/**
 * Viewing analytics on the server: the collector (POST /collect), the operator's dashboard
 * (/admin/analytics) and the retention of what was collected. Each part is a scope of its own.
 */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsOptions): Promise<void> {
  const analytics = new AnalyticsRepository(options.db);
  // Only routes that name a limit are limited (the collector, the login form); the rest of the
  // server is not, and each app has its own counters, so test suites never share them.
  await app.register(rateLimit, { global: false });
  await app.register(collectRoutes, { analytics, rateLimitPerMinute: options.collectRateLimit });
  await app.register(adminRoutes, { db: options.db, adminToken: options.adminToken });
  scheduleRetention(app, { what: 'analytics events', days: options.retentionDays, prune: (days) => analytics.deleteReceivedBefore(days) });
}
