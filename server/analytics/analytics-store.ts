import type { Queryable } from '../db/database.ts';
import type { AnalyticsEvent, CollectResult } from '../../src/contract/schemas/analytics-schema.ts';
import type { DashboardData } from '../../src/contract/schemas/dashboard-schema.ts';
import { AnalyticsRepository, type StoredEventRow } from './analytics-repository.ts';
import { readDashboardData } from './dashboard-report.ts';

export type { StoredEventRow } from './analytics-repository.ts';

/** Whose events a listing shows: one viewer (user_id) or one view. */
export interface EventFilter {
  userId?: string | undefined;
  viewId?: string | undefined;
}

/**
 * Where the collected events live and how they are read back: the SQL database by default, or
 * ClickHouse when CLICKHOUSE_URL is set (server/analytics/clickhouse). The collector, the
 * operator's pages and retention speak only to this, so both stores answer the same.
 */
export interface AnalyticsStore {
  /** Which store: /readyz names it, the logs say it. */
  readonly kind: 'sql' | 'clickhouse';
  /** Stores the events not stored yet (by event_id); resolves only once they are stored. */
  insertEvents(events: readonly AnalyticsEvent[]): Promise<CollectResult>;
  /** The latest `limit` events of one viewer or one view, oldest first. */
  listEvents(filter: EventFilter, limit: number): Promise<StoredEventRow[]>;
  /** Deletes events that arrived more than `days` days ago; returns how many went. */
  deleteReceivedBefore(days: number): Promise<number>;
  /** The dashboard's figures for the `days` UTC days ending with `now`'s. */
  readDashboard(days: number, now?: Date): Promise<DashboardData>;
  /** Whether the store answers now (a store apart from the database: ClickHouse). */
  answers?(): Promise<boolean>;
  close?(): Promise<void>;
}

/** The events in the server's own database (PGlite or PostgreSQL). */
export class SqlAnalyticsStore implements AnalyticsStore {
  readonly kind = 'sql';
  private readonly db: Queryable;
  private readonly repository: AnalyticsRepository;

  constructor(db: Queryable) {
    this.db = db;
    this.repository = new AnalyticsRepository(db);
  }

  insertEvents(events: readonly AnalyticsEvent[]): Promise<CollectResult> {
    return this.repository.insertEvents(events);
  }

  listEvents(filter: EventFilter, limit: number): Promise<StoredEventRow[]> {
    return this.repository.listEvents(filter, limit);
  }

  deleteReceivedBefore(days: number): Promise<number> {
    return this.repository.deleteReceivedBefore(days);
  }

  readDashboard(days: number, now = new Date()): Promise<DashboardData> {
    return readDashboardData(this.db, days, now);
  }
}
