import type { ClickHouseClient } from '@clickhouse/client';
import type { AnalyticsEvent } from '../../../src/contract/schemas/analytics-schema.ts';
import type { StoredEventRow } from '../analytics-repository.ts';
import type { EventFilter } from '../analytics-store.ts';
import type { DashboardRows, DayRange } from '../dashboard-report.ts';
import type { AdsRow, FailureContentRow, FailureRow, HistogramRow, StartupRow, ViewsRow } from '../dashboard-queries.ts';
import { quote, quoteList, wholeNumber } from './clickhouse-connection.ts';
import {
  adsByDay, adsOverall, eventCount, failures, failuresByContent, startupHistogram, startupPercentilesByDay, startupPercentilesOverall,
  viewsByDayAndContent, type ClickHouseRange, type StartupPositionsRow,
} from './clickhouse-dashboard-queries.ts';
import type { ClickHouseEventRow } from './clickhouse-event-row.ts';

const DAY_MS = 86_400_000;
/**
 * A group's look-up names every id and view in the statement (18.16 has no query parameters):
 * up to GROUP_COMMIT_MAX_EVENTS × ~80 bytes, past ClickHouse's default 256 KiB of SQL text.
 */
const LOOKUP_QUERY_BYTES = String(8 * 1024 * 1024);
/** How long retention waits for its delete (a mutation, applied in the background) to finish. */
const MUTATION_WAIT_MS = 60_000;

/** The statements on analytics_events in ClickHouse; each method is one or two round trips. */
export class ClickHouseAnalyticsRepository {
  private readonly client: ClickHouseClient;
  private readonly database: string;
  private readonly table: string;

  constructor(client: ClickHouseClient, database: string) {
    this.client = client;
    this.database = database;
    this.table = `${database}.analytics_events`;
  }

  private async rows<Row>(query: string, settings: { max_query_size?: string } = {}): Promise<Row[]> {
    const result = await this.client.query({ query, format: 'JSONEachRow', clickhouse_settings: settings });
    return result.json<Row>();
  }

  /**
   * Of these events, the ids already stored. A resent event has the day and the view it had,
   * so asking only the batch's days and views (the sorting key's first two columns) reads a few
   * granules, not the table.
   */
  async storedIds(events: readonly AnalyticsEvent[]): Promise<Set<string>> {
    if (events.length === 0) return new Set();
    const times = events.map((event) => event.ts);
    const firstDay = quote(new Date(Math.min(...times)).toISOString().slice(0, 10));
    const lastDay = quote(new Date(Math.max(...times)).toISOString().slice(0, 10));
    const rows = await this.rows<{ event_id: string }>(`
      SELECT DISTINCT event_id FROM ${this.table}
      WHERE event_day >= toDate(${firstDay}) AND event_day <= toDate(${lastDay})
        AND view_id IN (${quoteList(new Set(events.map((event) => event.view_id)))})
        AND event_id IN (${quoteList(new Set(events.map((event) => event.event_id)))})`, { max_query_size: LOOKUP_QUERY_BYTES });
    return new Set(rows.map((row) => row.event_id));
  }

  /** One INSERT of rows already free of duplicates (ClickHouseAnalyticsStore decides which). */
  async insertRows(rows: readonly ClickHouseEventRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.client.insert({ table: this.table, values: rows as ClickHouseEventRow[], format: 'JSONEachRow' });
  }

  async listEvents(filter: EventFilter, limit: number): Promise<StoredEventRow[]> {
    const conditions = ['1'];
    if (filter.userId !== undefined) conditions.push(`user_id = ${quote(filter.userId)}`);
    if (filter.viewId !== undefined) conditions.push(`view_id = ${quote(filter.viewId)}`);
    const rows = await this.rows<{ event_id: string; view_id: string; event: string; ts_ms: string; network_type: string; payload: string; detail: string; received_ms: string }>(`
      SELECT event_id, view_id, event, ts_ms, network_type, payload, detail, received_ms
      FROM ${this.table} FINAL
      WHERE ${conditions.join(' AND ')}
      ORDER BY received_ms DESC, ts_ms DESC
      LIMIT ${wholeNumber(limit)}`);
    return rows.reverse().map((row) => ({
      event_id: row.event_id,
      view_id: row.view_id,
      event: row.event,
      ts: Number(row.ts_ms),
      network_type: row.network_type,
      payload: JSON.parse(row.payload) as unknown,
      detail: JSON.parse(row.detail) as unknown,
      received_at: new Date(Number(row.received_ms)).toISOString(),
    }));
  }

  /**
   * Deletes the events that arrived more than `days` days before `nowMs`, by a mutation
   * (ALTER TABLE … DELETE, which 18.16 has): retention goes by arrival, as on the SQL store, and
   * the partitions go by the event's own time, so a month's partition is seldom all past the
   * limit at once to be dropped whole. Waits for the mutation, so what it returns is gone.
   */
  async deleteReceivedBefore(days: number, nowMs: number): Promise<number> {
    const cutoff = wholeNumber(nowMs - days * DAY_MS);
    const [row] = await this.rows<{ gone: number }>(`SELECT toUInt32(count()) AS gone FROM ${this.table} FINAL WHERE received_ms < ${cutoff}`);
    const gone = row?.gone ?? 0;
    if (gone === 0) return 0;
    await this.client.command({ query: `ALTER TABLE ${this.table} DELETE WHERE received_ms < ${cutoff}` });
    await this.mutationsDone();
    return gone;
  }

  private async mutationsDone(): Promise<void> {
    const deadline = Date.now() + MUTATION_WAIT_MS;
    for (;;) {
      const [row] = await this.rows<{ pending: number }>(`
        SELECT toUInt32(count()) AS pending FROM system.mutations
        WHERE database = ${quote(this.database)} AND table = 'analytics_events' AND is_done = 0`);
      if ((row?.pending ?? 0) === 0) return;
      if (Date.now() > deadline) throw new Error('ClickHouse: the retention delete did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The dashboard's rows over [from, to): the same rows dashboard-report.ts reads from SQL. */
  async dashboardRows(range: DayRange): Promise<DashboardRows> {
    const at: ClickHouseRange = { table: this.table, fromMs: range.from.getTime(), toMs: range.to.getTime() };
    const [count] = await this.rows<{ events: number }>(eventCount(at));
    const startup = [...await this.rows<StartupPositionsRow>(startupPercentilesByDay(at)), ...await this.rows<StartupPositionsRow>(startupPercentilesOverall(at))];
    return {
      events: count?.events ?? 0,
      views: await this.rows<ViewsRow>(viewsByDayAndContent(at)),
      startup: startup.map(percentilesOf),
      histogram: await this.rows<HistogramRow>(startupHistogram(at)),
      failures: await this.rows<FailureRow>(failures(at)),
      failuresByContent: await this.rows<FailureContentRow>(failuresByContent(at)),
      ads: [...await this.rows<AdsRow>(adsByDay(at)), ...await this.rows<AdsRow>(adsOverall(at))],
    };
  }

  async answers(): Promise<boolean> {
    return (await this.client.ping()).success;
  }
}

/** PostgreSQL's percentile_cont: the value at fraction × (n − 1), between the two nearest. */
function percentilesOf(row: StartupPositionsRow): StartupRow {
  if (row.count === 0) return { day: row.day, count: 0, p50: null, p95: null };
  const between = (fraction: number, low: number, high: number) => {
    const position = fraction * (row.count - 1);
    return low + (position - Math.floor(position)) * (high - low);
  };
  return { day: row.day, count: row.count, p50: between(0.5, row.p50_low, row.p50_high), p95: between(0.95, row.p95_low, row.p95_high) };
}
