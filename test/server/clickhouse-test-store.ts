import { randomBytes } from 'node:crypto';
import { ClickHouseAnalyticsStore, type ClickHouseStoreOptions } from '../../server/analytics/clickhouse/clickhouse-analytics-store.ts';

/**
 * The ClickHouse that `npm run test:clickhouse` starts (scripts/with-clickhouse.sh). Without it
 * the suites fail, saying how to run them, rather than skip and look green.
 */
export function clickHouseUrl(): string {
  const url = process.env.CLICKHOUSE_URL;
  if (!url) throw new Error('CLICKHOUSE_URL is not set: run these tests with `npm run test:clickhouse` (scripts/with-clickhouse.sh starts a ClickHouse for them)');
  return url;
}

/** CLICKHOUSE_URL naming a database of the test file's own, so suites never see each other's events. */
export function testDatabaseUrl(): string {
  const url = new URL(clickHouseUrl());
  url.pathname = `/test_${randomBytes(6).toString('hex')}`;
  return url.toString();
}

/** A store on a database of its own; drop() removes the database when the suite ends. */
export async function openTestClickHouseStore(options: Partial<ClickHouseStoreOptions> = {}): Promise<ClickHouseAnalyticsStore & { drop(): Promise<void> }> {
  const url = options.url ?? testDatabaseUrl();
  const store = new ClickHouseAnalyticsStore({ ...options, url });
  await store.ready();
  return Object.assign(store, {
    async drop() {
      const { origin } = new URL(url);
      await fetch(`${origin}/?query=${encodeURIComponent(`DROP DATABASE IF EXISTS ${store.database}`)}`, { method: 'POST' });
      await store.close();
    },
  });
}
