import type { AnalyticsEvent } from '../../../src/contract/schemas/analytics-schema.ts';

/** One row of analytics_events on ClickHouse (clickhouse-schema.ts), as JSONEachRow sends it. */
export interface ClickHouseEventRow {
  event_id: string;
  view_id: string;
  event: string;
  ts_ms: number;
  /** YYYY-MM-DD, UTC. */
  event_day: string;
  network_type: string;
  content_id: number;
  content_title: string;
  user_id: string | null;
  real_time_played_sec: number;
  startup_ms: number | null;
  rebuffer_ms: number;
  error_code: string | null;
  error_category: string | null;
  error_fatal: 0 | 1;
  exit_before_start: 0 | 1;
  exit_during_preroll: 0 | 1;
  ad_break: string;
  ad_current_id: string;
  payload: string;
  detail: string;
  received_ms: number;
}

const flag = (value: boolean | undefined): 0 | 1 => (value === true ? 1 : 0);

/**
 * The typed columns the dashboard reads, taken out of the event here because 18.16 cannot read
 * JSON in a query. Each mirrors what the SQL store's queries read from jsonb (dashboard-queries.ts):
 * `detail @> '{"error_fatal": true}'` is true only for a JSON true; `detail->>'error_code'` is the
 * code's text whether the player sent a number or a string; a missing rebuffer_ms sums as 0.
 */
export function eventRowOf(event: AnalyticsEvent, receivedMs: number): ClickHouseEventRow {
  const { payload, detail } = event;
  return {
    event_id: event.event_id,
    view_id: event.view_id,
    event: event.event,
    ts_ms: event.ts,
    event_day: new Date(event.ts).toISOString().slice(0, 10),
    network_type: event.network_type,
    content_id: payload.video_id,
    content_title: payload.video_title,
    user_id: payload.user_id,
    real_time_played_sec: payload.real_time_played_sec,
    startup_ms: detail.startup_ms ?? null,
    rebuffer_ms: detail.rebuffer_ms ?? 0,
    error_code: detail.error_code === undefined ? null : String(detail.error_code),
    error_category: detail.error_category ?? null,
    error_fatal: flag(detail.error_fatal),
    exit_before_start: flag(detail.exit_before_start),
    exit_during_preroll: flag(detail.exit_during_preroll),
    ad_break: detail.ad_break ?? '',
    ad_current_id: detail.ad_current_id ?? '',
    payload: JSON.stringify(payload),
    detail: JSON.stringify(detail),
    received_ms: receivedMs,
  };
}
