import type { Queryable } from '../db/database.ts';
import type { AnalyticsEvent, CollectResult } from '../../src/contract/schemas/analytics-schema.ts';

/**
 * The whole batch goes in as one JSON parameter and one statement, so it is stored all or
 * nothing, and 300 events need no 2 400 placeholders. An event_id already stored (a batch the
 * player resent after a lost answer), or repeated inside the batch, is skipped.
 */
const INSERT_BATCH = `
  INSERT INTO analytics_events (event_id, view_id, event, ts, network_type, video_id, payload, detail)
  SELECT e.event_id, e.view_id, e.event, to_timestamp(e.ts / 1000), e.network_type,
         (e.payload->>'video_id')::bigint, e.payload, e.detail
  FROM jsonb_to_recordset($1::jsonb)
    AS e(event_id text, view_id text, event text, ts float8, network_type text, payload jsonb, detail jsonb)
  ON CONFLICT (event_id) DO NOTHING
  RETURNING event_id`;

/** One stored event as the operator's listing shows it. */
export interface StoredEventRow {
  event_id: string;
  view_id: string;
  event: string;
  ts: number;
  network_type: string;
  payload: unknown;
  detail: unknown;
  received_at: string;
}

/** The collector's store: viewing events, each kept once. */
export class AnalyticsRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  async insertEvents(events: readonly AnalyticsEvent[]): Promise<CollectResult> {
    const stored = await this.db.query<{ event_id: string }>(INSERT_BATCH, [JSON.stringify(events)]);
    return { accepted: stored.length, duplicates: events.length - stored.length };
  }

  /**
   * The latest stored events of one viewer (user_id) or one view, oldest first: what support
   * reads when a viewer reports a problem, and what the end-to-end tests check delivery with.
   */
  async listEvents(filter: { userId?: string | undefined; viewId?: string | undefined }, limit: number): Promise<StoredEventRow[]> {
    const rows = await this.db.query<StoredEventRow>(
      `SELECT event_id, view_id, event, (extract(epoch FROM ts) * 1000)::bigint AS ts, network_type, payload, detail, received_at
       FROM analytics_events
       WHERE ($1::text IS NULL OR payload->>'user_id' = $1) AND ($2::text IS NULL OR view_id = $2)
       ORDER BY received_at DESC, ts DESC
       LIMIT $3`,
      [filter.userId ?? null, filter.viewId ?? null, limit],
    );
    return rows.reverse().map((row) => ({ ...row, ts: Number(row.ts) }));
  }

  /** Deletes events that arrived more than `days` days ago; returns how many went. */
  async deleteReceivedBefore(days: number): Promise<number> {
    const [row] = await this.db.query<{ deleted: number }>(
      `WITH gone AS (DELETE FROM analytics_events WHERE received_at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [days],
    );
    return row?.deleted ?? 0;
  }
}
