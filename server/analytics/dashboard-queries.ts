/**
 * The dashboard's aggregates, in SQL that runs the same on PGlite and PostgreSQL. Days are UTC
 * days of the event's time (`ts`); a view counts on the day of its first event. Every query
 * takes the range as $1 (from, inclusive) and $2 (to, exclusive).
 */

/** Each view's summary (watch time is the highest real_time_played_sec it reported), then per day and content. */
export const VIEWS_BY_DAY_AND_CONTENT = `
  WITH per_view AS (
    SELECT view_id,
           min(ts) AS first_ts,
           min(video_id) AS video_id,
           max(payload->>'video_title') AS title,
           bool_or(event IN ('view_start', 'play')) AS started,
           coalesce(max((payload->>'real_time_played_sec')::float8), 0) AS watch_sec,
           coalesce(sum((detail->>'rebuffer_ms')::float8) FILTER (WHERE event = 'rebuffer'), 0) AS rebuffer_ms,
           bool_or(event = 'view_end') AS ended,
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
         count(*) FILTER (WHERE started)::int AS views,
         sum(watch_sec)::float8 AS watch_sec,
         sum(rebuffer_ms)::float8 AS rebuffer_ms,
         count(*) FILTER (WHERE ended)::int AS ended_views,
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

/** Views that failed at least once, per day (a view can fail with several codes). */
export const FAILED_VIEWS_BY_DAY = `
  SELECT (ts AT TIME ZONE 'UTC')::date::text AS day, count(DISTINCT view_id)::int AS failed_views
  FROM analytics_events
  WHERE event = 'error' AND detail @> '{"error_fatal": true}' AND ts >= $1 AND ts < $2
  GROUP BY 1`;

/**
 * Views that failed before they started, per day of their first event: with the started ones,
 * every view a viewer attempted (a film that never loads is a failed view, not no view).
 */
export const FAILED_BEFORE_START_BY_DAY = `
  WITH per_view AS (
    SELECT view_id,
           min(ts) AS first_ts,
           bool_or(event IN ('view_start', 'play')) AS started,
           bool_or(event = 'error' AND detail @> '{"error_fatal": true}') AS failed
    FROM analytics_events
    WHERE ts >= $1 AND ts < $2
    GROUP BY view_id
  )
  SELECT (first_ts AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS failed_before_start
  FROM per_view
  WHERE failed AND NOT started
  GROUP BY 1`;

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
 * Ad fill and completion per day. A break is one view's preroll or midroll: it was asked for
 * (ad_init), filled (an ad of it started), and each of its ads started (ad_play, counted once
 * per ad however often it resumed) and completed (ad_ended).
 */
export const ADS_BY_DAY = `
  WITH ad_events AS (
    SELECT (ts AT TIME ZONE 'UTC')::date::text AS day, event,
           view_id || '/' || coalesce(detail->>'ad_break', '') AS break_key,
           view_id || '/' || coalesce(detail->>'ad_break', '') || '/' || coalesce(detail->>'ad_current_id', '') AS ad_key
    FROM analytics_events
    WHERE event IN ('ad_init', 'ad_play', 'ad_ended') AND ts >= $1 AND ts < $2
  )
  SELECT day,
         count(DISTINCT break_key) FILTER (WHERE event = 'ad_init')::int AS breaks,
         count(DISTINCT break_key) FILTER (WHERE event = 'ad_play')::int AS filled_breaks,
         count(DISTINCT ad_key) FILTER (WHERE event = 'ad_play')::int AS ads_started,
         count(DISTINCT ad_key) FILTER (WHERE event = 'ad_ended')::int AS ads_completed
  FROM ad_events
  GROUP BY GROUPING SETS ((day), ())
  ORDER BY day`;

export interface AdsRow {
  day: string | null;
  breaks: number;
  filled_breaks: number;
  ads_started: number;
  ads_completed: number;
}

export const EVENT_COUNT = 'SELECT count(*)::int AS events FROM analytics_events WHERE ts >= $1 AND ts < $2';
