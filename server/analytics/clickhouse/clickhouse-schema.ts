import type { ClickHouseClient } from '@clickhouse/client';

/**
 * The analytics table on ClickHouse, in SQL that Debian's 18.16 and current releases both take.
 *
 * - ReplacingMergeTree: rows with the same sorting key are folded into one by background merges.
 *   A resent event has the same day, view, time and id, hence the same key; until a merge runs,
 *   both copies exist, so every read that counts goes through FINAL (exact whatever merged).
 * - PARTITION BY month of the event's day: a month is a folder of its own, which a dashboard
 *   range skips whole, and which could be dropped whole.
 * - ORDER BY (event_day, view_id, ts_ms, event_id): the dashboard reads a range of days and
 *   gathers each view's events; the collector's look-up of ids already stored names the batch's
 *   days and views, the key's first two columns, so it reads only those granules.
 * - 18.16 has no DateTime64 (ms), no JSON functions on the server side that the dashboard could
 *   use (no JSONExtract*), and no LowCardinality outside an experimental setting: time is ms in an
 *   Int64 plus the UTC day as a Date, and the fields the dashboard reads are typed columns filled
 *   by the server at insert time (clickhouse-event-row.ts); payload and detail stay as the
 *   player's JSON text for the operator's listing.
 */
export function createStatements(database: string): string[] {
  return [
    `CREATE DATABASE IF NOT EXISTS ${database}`,
    `CREATE TABLE IF NOT EXISTS ${database}.analytics_events (
      event_id String,
      view_id String,
      event String,
      ts_ms Int64,
      event_day Date,
      network_type String,
      content_id Int64,
      content_title String,
      user_id Nullable(String),
      real_time_played_sec Float64,
      startup_ms Nullable(Float64),
      rebuffer_ms Float64,
      error_code Nullable(String),
      error_category Nullable(String),
      error_fatal UInt8,
      exit_before_start UInt8,
      exit_during_preroll UInt8,
      ad_break String,
      ad_current_id String,
      payload String,
      detail String,
      received_ms Int64
    ) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(event_day)
    ORDER BY (event_day, view_id, ts_ms, event_id)`,
  ];
}

/** Creates the database and the table when missing; safe to run at every start. */
export async function ensureClickHouseSchema(client: ClickHouseClient, database: string): Promise<void> {
  for (const query of createStatements(database)) await client.command({ query });
}
