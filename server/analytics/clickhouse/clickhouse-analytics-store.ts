import type { ClickHouseClient } from '@clickhouse/client';
import type { AnalyticsEvent, CollectResult } from '../../../src/contract/schemas/analytics-schema.ts';
import type { DashboardData } from '../../../src/contract/schemas/dashboard-schema.ts';
import { DATABASE_PROBE_TIMEOUT_MS, OUTAGE_RETRY_AFTER_SECONDS } from '../../http/database-outage.ts';
import { HttpError } from '../../http/http-error.ts';
import type { StoredEventRow } from '../analytics-repository.ts';
import type { AnalyticsStore, EventFilter } from '../analytics-store.ts';
import { assembleDashboard, dayRange } from '../dashboard-report.ts';
import { GroupCommit } from '../group-commit.ts';
import { ClickHouseAnalyticsRepository } from './clickhouse-analytics-repository.ts';
import { openClickHouseClient } from './clickhouse-connection.ts';
import { clickHouseTarget } from './clickhouse-url.ts';
import { eventRowOf, type ClickHouseEventRow } from './clickhouse-event-row.ts';
import { ensureClickHouseSchema } from './clickhouse-schema.ts';

/**
 * ClickHouse is away: the same answer the SQL store's outage gives (503 with Retry-After,
 * server/http/http-error.ts), so the player keeps its batch and sends it again.
 */
export class AnalyticsStoreUnavailable extends HttpError {
  readonly headers = { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) };

  constructor() {
    super(503, 'The analytics store (ClickHouse) is unavailable; try again shortly');
    this.name = 'AnalyticsStoreUnavailable';
  }
}

export interface ClickHouseStoreOptions {
  /** CLICKHOUSE_URL. */
  url: string;
  /** The group-commit window, ms: batches arriving within it share one INSERT. */
  windowMs?: number;
  /** A group of this many events is written at once. */
  maxEvents?: number;
  /** The arrival time written with each event (retention counts from it); tests move it. */
  clock?: () => number;
  /** Where failures to reach ClickHouse are told (the app's log). */
  onError?: (error: unknown, what: string) => void;
}

/** 150 ms: a player never waits noticeably, while a busy collector turns many requests into one insert. */
export const GROUP_COMMIT_WINDOW_MS = 150;
/** ClickHouse likes few large inserts; 20 000 events is a few megabytes of JSON. */
export const GROUP_COMMIT_MAX_EVENTS = 20_000;

/** The events in ClickHouse (CLICKHOUSE_URL): see docs/architecture/analytics-storage.md. */
export class ClickHouseAnalyticsStore implements AnalyticsStore {
  readonly kind = 'clickhouse';
  readonly database: string;
  private readonly client: ClickHouseClient;
  private readonly repository: ClickHouseAnalyticsRepository;
  private readonly clock: () => number;
  private readonly onError: (error: unknown, what: string) => void;
  private readonly commits: GroupCommit<AnalyticsEvent, CollectResult>;
  private schema: Promise<void> | undefined;

  constructor(options: ClickHouseStoreOptions) {
    const target = clickHouseTarget(options.url);
    this.database = target.database;
    this.client = openClickHouseClient(target);
    this.repository = new ClickHouseAnalyticsRepository(this.client, target.database);
    this.clock = options.clock ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
    this.commits = new GroupCommit({
      windowMs: options.windowMs ?? GROUP_COMMIT_WINDOW_MS,
      maxItems: options.maxEvents ?? GROUP_COMMIT_MAX_EVENTS,
      write: (requests) => this.writeGroup(requests),
    });
  }

  /** INSERT statements sent so far: fewer than the batches when requests shared them. */
  get inserts(): number {
    return this.commits.writes;
  }

  /**
   * Creates the database and the table when missing. A ClickHouse that is away at start does not
   * stop the server (analytics waits, the rest works): the next use tries again.
   */
  ready(): Promise<void> {
    this.schema ??= ensureClickHouseSchema(this.client, this.database).catch((error: unknown) => {
      this.schema = undefined;
      throw error;
    });
    return this.schema;
  }

  insertEvents(events: readonly AnalyticsEvent[]): Promise<CollectResult> {
    return this.commits.submit(events);
  }

  /**
   * One group: the ids stored already are looked up once for all of it, then every request in
   * arrival order keeps the events neither stored nor taken by an earlier one (as concurrent
   * inserts into PostgreSQL with ON CONFLICT DO NOTHING would), and all of them go in one INSERT.
   * One write at a time (GroupCommit), so no other group of this process can slip in between.
   */
  private async writeGroup(requests: ReadonlyArray<readonly AnalyticsEvent[]>): Promise<CollectResult[]> {
    return this.guard('storing events', async () => {
      await this.ready();
      const taken = await this.repository.storedIds(requests.flat());
      const receivedMs = this.clock();
      const rows: ClickHouseEventRow[] = [];
      const answers = requests.map((events) => {
        let accepted = 0;
        for (const event of events) {
          if (taken.has(event.event_id)) continue;
          taken.add(event.event_id);
          rows.push(eventRowOf(event, receivedMs));
          accepted += 1;
        }
        return { accepted, duplicates: events.length - accepted };
      });
      await this.repository.insertRows(rows);
      return answers;
    });
  }

  listEvents(filter: EventFilter, limit: number): Promise<StoredEventRow[]> {
    return this.guard('listing events', async () => {
      await this.ready();
      return this.repository.listEvents(filter, limit);
    });
  }

  deleteReceivedBefore(days: number): Promise<number> {
    return this.guard('retention', async () => {
      await this.ready();
      return this.repository.deleteReceivedBefore(days, this.clock());
    });
  }

  readDashboard(days: number, now = new Date()): Promise<DashboardData> {
    return this.guard('the dashboard', async () => {
      await this.ready();
      const range = dayRange(days, now);
      return assembleDashboard(range, await this.repository.dashboardRows(range));
    });
  }

  /** Whether ClickHouse answers /ping in the time /readyz gives the database. */
  async answers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.repository.answers(), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Writes what is gathered, then lets go of the connections. */
  async close(): Promise<void> {
    await this.commits.flush();
    await this.client.close();
  }

  /**
   * A failure while ClickHouse does not answer is an outage (503, AnalyticsStoreUnavailable);
   * one while it answers is a fault of the statement, passed on as it is (500).
   */
  private async guard<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.onError(error, what);
      if (!(await this.answers())) throw new AnalyticsStoreUnavailable();
      throw error;
    }
  }
}
