import rateLimit from '@fastify/rate-limit';
import { rateLimitScope } from '../shared-state/install-shared-state.ts';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { serveHashedAssets } from '../http/built-files.ts';
import { adminRoutes } from './admin-routes.ts';
import { ADMIN_ASSETS_PATH } from './dashboard-page.ts';
import type { AnalyticsStore } from './analytics-store.ts';
import { scheduleRetention } from '../db/retention-schedule.ts';
import { collectRoutes } from './collect-routes.ts';

export interface AnalyticsOptions {
  /** The database's or ClickHouse's (open-analytics-store.ts). */
  store: AnalyticsStore;
  adminToken: string | undefined;
  collectRateLimit: number;
  retentionDays: number;
  /** The dashboard's built script and style (dist/analytics-dashboard). */
  dashboardDir: string;
}

/**
 * Viewing analytics on the server: the collector (POST /collect), the operator's dashboard
 * (/admin/analytics) and the retention of what was collected. Each part is a scope of its own.
 */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsOptions): Promise<void> {
  const analytics = options.store;
  // Only routes that name a limit are limited (the collector, the login form); the rest of the
  // server is not, and each app has its own counters, so test suites never share them.
  await app.register(rateLimit, rateLimitScope(app));
  await app.register(collectRoutes, { analytics, rateLimitPerMinute: options.collectRateLimit });
  await app.register(adminRoutes, { analytics, adminToken: options.adminToken, dashboardDir: options.dashboardDir });
  // Outside the admin pages' scope: hashed files hold no data, need no login (the login page is
  // styled by them) and are cached for good, where the pages are never stored.
  await serveHashedAssets(app, path.join(options.dashboardDir, 'assets'), ADMIN_ASSETS_PATH);
  scheduleRetention(app, { what: 'analytics events', days: options.retentionDays, prune: (days) => analytics.deleteReceivedBefore(days) });
}
