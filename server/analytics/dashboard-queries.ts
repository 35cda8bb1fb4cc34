/**
 * The dashboard's aggregates, in SQL that runs the same on PGlite and PostgreSQL. Days are UTC
 * days of the event's time (`ts`); a view counts on the day of its first event. Every query
 * takes the range as $1 (from, inclusive) and $2 (to, exclusive).
 */

/**
 * Each view's summary (watch time is the highest real_time_played_sec it reported), then per day
 * and content. A view counts once play was attempted (Mux's view): it started (view_start), the
 * film was asked to play (play), the viewer asked and left before the first frame
 * (view_end.exit_before_start), or the viewer was shown a failure instead (a fatal error: a film
 * that never loads is a failed view, not no view). A load nobody played is no view.
 */
export const VIEWS_BY_DAY_AND_CONTENT = `
  WITH per_view AS (
    SELECT view_id,
           min(ts) AS first_ts,
           min(video_id) AS video_id,
           max(payload->>'video_title') AS title,
           bool_or(event IN ('view_start', 'play')
                   OR (event = 'view_end' AND detail @> '{"exit_before_start": true}')
                   OR (event = 'error' AND detail @> '{"error_fatal": true}')) AS attempted,
           coalesce(max((payload->>'real_time_played_sec')::float8), 0) AS watch_sec,
           coalesce(sum((detail->>'rebuffer_ms')::float8) FILTER (WHERE event = 'rebuffer'), 0) AS rebuffer_ms,
           bool_or(event = 'view_end') AS ended,
           bool_or(event = 'error' AND detail @> '{"error_fatal": true}') AS failed,
           -- A view hidden before its start sends view_end with the exit flags, but a viewer who comes
           -- back and starts it did not leave: an exit counts only for a view that never started.
           coalesce(bool_or(detail @> '{"exit_before_start": true}') FILTER (WHERE event = 'view_end'), false)
             AND NOT bool_or(event = 'view_start') AS exit_before_start,
           coalesce(bool_or(detail @> '{"exit_during_preroll": true}') FILTER (WHERE event = 'view_end'), false)
             AND NOT bool_or(event = 'view_start') AS exit_during_preroll
    FROM analytics_events
    WHERE ts >= $1 AND ts < $2
    GROUP BY view_id
  )
  SELECT (first_ts AT TIME ZONE 'UTC')::date::text AS day,
         video_id::float8 AS video_id,
         max(title) AS title,
         count(*) FILTER (WHERE attempted)::int AS views,
         sum(watch_sec)::float8 AS watch_sec,
         sum(rebuffer_ms)::float8 AS rebuffer_ms,
         count(*) FILTER (WHERE ended)::int AS ended_views,
         count(*) FILTER (WHERE failed)::int AS failed_views,
         count(*) FILTER (WHERE exit_before_start)::int AS exits_before_start,
         count(*) FILTER (WHERE exit_during_preroll)::int AS exits_during_preroll
  FROM per_view
  GROUP BY 1, 2
  ORDER BY 1, 2`;

export interface ViewsRow {
  day: string;
  video_id: number;
  title: string | null;
  views: number;
  watch_sec: number;
  rebuffer_ms: number;
  ended_views: number;
  /** Views with at least one fatal error: a subset of views, on the same day as the view. */
  failed_views: number;
  exits_before_start: number;
  exits_during_preroll: number;
}

/** Start-up time percentiles per day, and (the row whose day is null) over the whole range. */
export const STARTUP_PERCENTILES = `
  SELECT day,
         count(*)::int AS count,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY startup_ms) AS p50,
         percentile_cont(0.95) WITHIN GROUP (ORDER BY startup_ms) AS p95
  FROM (
    SELECT (ts AT TIME ZONE 'UTC')::date::text AS day, (detail->>'startup_ms')::float8 AS startup_ms
    FROM analytics_events
    WHERE event = 'view_start' AND detail->>'startup_ms' IS NOT NULL AND ts >= $1 AND ts < $2
  ) AS startups
  GROUP BY GROUPING SETS ((day), ())
  ORDER BY day`;

export interface StartupRow {
  day: string | null;
  count: number;
  p50: number | null;
  p95: number | null;
}

/** Start-up times counted into the bins whose lower edges are $3 (bin 1 is [$3[1], $3[2]), …). */
export const STARTUP_HISTOGRAM = `
  SELECT width_bucket((detail->>'startup_ms')::float8, $3::float8[]) AS bin, count(*)::int AS count
  FROM analytics_events
  WHERE event = 'view_start' AND detail->>'startup_ms' IS NOT NULL AND ts >= $1 AND ts < $2
  GROUP BY 1
  ORDER BY 1`;

export interface HistogramRow {
  bin: number;
  count: number;
}

/** Playback failures (fatal errors only, as Mux and Conviva count them) per day, code and network. */
export const FAILURES = `
  SELECT (ts AT TIME ZONE 'UTC')::date::text AS day,
         coalesce(detail->>'error_code', '') AS code,
         max(detail->>'error_category') AS category,
         network_type,
         count(*)::int AS count
  FROM analytics_events
  WHERE event = 'error' AND detail @> '{"error_fatal": true}' AND ts >= $1 AND ts < $2
  GROUP BY 1, 2, 4
  ORDER BY 1, 2, 4`;

/** Fatal failures per content over the range, and the views they failed; most failed first. */
export const FAILURES_BY_CONTENT = `
  SELECT video_id::float8 AS video_id,
         max(payload->>'video_title') AS title,
         count(*)::int AS failures,
         count(DISTINCT view_id)::int AS failed_views
  FROM analytics_events
  WHERE event = 'error' AND detail @> '{"error_fatal": true}' AND ts >= $1 AND ts < $2
  GROUP BY video_id
  ORDER BY failed_views DESC, failures DESC, video_id`;

export interface FailureContentRow {
  video_id: number;
  title: string | null;
  failures: number;
  failed_views: number;
}

export interface FailureRow {
  day: string;
  code: string;
  category: string | null;
  network_type: string;
  count: number;
}

/**
 * Ad breaks per day. A break is one view's preroll or midroll (`ad_break`), counted when it was
 * asked for: ad_break_request (the play request with the preroll pending, the film at the
 * midroll) or, for events from players that did not send it, an ad of it that started. ad_init
 * is not a break: the player sends it when it sets a break up and fetches its ad list ahead of
 * time, whether or not anybody plays. Filled: an ad of the break started (ad_play). Each ad
 * (`ad_current_id`) counts once however often it resumed: started (ad_play), completed
 * (ad_ended), skipped (ad_skip_btn_click). Ad errors are every ad_error (a VAST or an ad file
 * that failed), as Mux counts ad errors.
 */
export const ADS_BY_DAY = `
  WITH ad_events AS (
    SELECT (ts AT TIME ZONE 'UTC')::date::text AS day, event,
           view_id || '/' || coalesce(detail->>'ad_break', '') AS break_key,
           view_id || '/' || coalesce(detail->>'ad_break', '') || '/' || coalesce(detail->>'ad_current_id', '') AS ad_key
    FROM analytics_events
    WHERE event IN ('ad_break_request', 'ad_play', 'ad_ended', 'ad_skip_btn_click', 'ad_error') AND ts >= $1 AND ts < $2
  )
  SELECT day,
         count(DISTINCT break_key) FILTER (WHERE event IN ('ad_break_request', 'ad_play'))::int AS breaks_requested,
         count(DISTINCT break_key) FILTER (WHERE event = 'ad_play')::int AS breaks_filled,
         count(DISTINCT ad_key) FILTER (WHERE event = 'ad_play')::int AS ads_started,
         count(DISTINCT ad_key) FILTER (WHERE event = 'ad_ended')::int AS ads_completed,
         count(DISTINCT ad_key) FILTER (WHERE event = 'ad_skip_btn_click')::int AS ads_skipped,
         count(*) FILTER (WHERE event = 'ad_error')::int AS ad_errors
  FROM ad_events
  GROUP BY GROUPING SETS ((day), ())
  ORDER BY day`;

export interface AdsRow {
  day: string | null;
  breaks_requested: number;
  breaks_filled: number;
  ads_started: number;
  ads_completed: number;
  ads_skipped: number;
  ad_errors: number;
}

export const EVENT_COUNT = 'SELECT count(*)::int AS events FROM analytics_events WHERE ts >= $1 AND ts < $2';
