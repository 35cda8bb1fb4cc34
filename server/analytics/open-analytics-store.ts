import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { SqlAnalyticsStore, type AnalyticsStore } from './analytics-store.ts';

/**
 * The store the configuration names: ClickHouse when CLICKHOUSE_URL is set (its client loaded
 * only then), else the server's own database. A ClickHouse away at start is logged, not fatal:
 * playback does not need it, and the store creates its table when ClickHouse comes back.
 */
export async function openAnalyticsStore(clickhouseUrl: string | undefined, db: Queryable, log: FastifyBaseLogger): Promise<AnalyticsStore> {
  if (clickhouseUrl === undefined) return new SqlAnalyticsStore(db);
  const { ClickHouseAnalyticsStore } = await import('./clickhouse/clickhouse-analytics-store.ts');
  const store = new ClickHouseAnalyticsStore({
    url: clickhouseUrl,
    onError: (error, what) => log.error({ err: error }, `analytics on ClickHouse: ${what} failed`),
  });
  await store.ready().catch((error: unknown) => log.warn({ err: error }, 'analytics on ClickHouse: not reachable at start; the table is created when it answers'));
  return store;
}
