import { STARTUP_HISTOGRAM_EDGES_MS } from '../../../src/contract/schemas/dashboard-schema.ts';
import { quote, wholeNumber } from './clickhouse-connection.ts';

/**
 * The dashboard's aggregates on ClickHouse: the same figures as dashboard-queries.ts (read its
 * comments for what each counts), in SQL that 18.16 and current releases both run. Each reads
 * the table through FINAL, so an event stored twice (two servers took the same resent batch at
 * once, and no merge has folded them yet) counts once. Output aliases never repeat a column's
 * name: ClickHouse resolves aliases everywhere in a query, so `f(x) AS x` would refer to itself.
 * 18.16 has no GROUPING SETS: the whole range's row is a query of its own (…_OVERALL).
 */
export interface ClickHouseRange {
  /** The table, database included. */
  table: string;
  fromMs: number;
  toMs: number;
}

const dayOf = (ms: number) => quote(new Date(ms).toISOString().slice(0, 10));

/** The rows of the range, read once each: the day bounds let the sorting key skip the other days. */
function rangeOf({ table, fromMs, toMs }: ClickHouseRange): string {
  return `${table} FINAL
    WHERE event_day >= toDate(${dayOf(fromMs)}) AND event_day <= toDate(${dayOf(toMs)})
      AND ts_ms >= ${wholeNumber(fromMs)} AND ts_ms < ${wholeNumber(toMs)}`;
}

export const eventCount = (range: ClickHouseRange) => `SELECT toUInt32(count()) AS events FROM ${rangeOf(range)}`;

export const viewsByDayAndContent = (range: ClickHouseRange) => `
  SELECT toString(v_day) AS day,
         toFloat64(v_content) AS video_id,
         max(v_title) AS title,
         toUInt32(countIf(v_attempted)) AS views,
         sum(v_watch_sec) AS watch_sec,
         sum(v_rebuffer_ms) AS rebuffer_ms,
         toUInt32(countIf(v_ended)) AS ended_views,
         toUInt32(countIf(v_failed)) AS failed_views,
         toUInt32(countIf(v_exit_before_start)) AS exits_before_start,
         toUInt32(countIf(v_exit_during_preroll)) AS exits_during_preroll
  FROM (
    SELECT view_id,
           min(event_day) AS v_day,
           min(content_id) AS v_content,
           max(content_title) AS v_title,
           max(event IN ('view_start', 'play') OR (event = 'view_end' AND exit_before_start = 1) OR (event = 'error' AND error_fatal = 1)) AS v_attempted,
           max(real_time_played_sec) AS v_watch_sec,
           sumIf(rebuffer_ms, event = 'rebuffer') AS v_rebuffer_ms,
           max(event = 'view_end') AS v_ended,
           max(event = 'error' AND error_fatal = 1) AS v_failed,
           max(event = 'view_end' AND exit_before_start = 1) AND NOT max(event = 'view_start') AS v_exit_before_start,
           max(event = 'view_end' AND exit_during_preroll = 1) AND NOT max(event = 'view_start') AS v_exit_during_preroll
    FROM ${rangeOf(range)}
    GROUP BY view_id
  )
  GROUP BY v_day, v_content
  ORDER BY v_day, v_content`;

/**
 * Start-up times per day: how many, and the sorted values either side of the 50th and 95th
 * percentiles' positions; clickhouse-analytics-repository.ts interpolates between them as
 * PostgreSQL's percentile_cont does (18.16's quantiles do not interpolate the same way).
 */
function startupPercentiles(range: ClickHouseRange, grouped: boolean): string {
  const at = (fraction: number, side: 'floor' | 'ceil') => `arrayElement(sorted, toUInt32(${side}(${fraction} * greatest(toInt64(n) - 1, 0))) + 1)`;
  return `
  SELECT ${grouped ? 'toString(s_day)' : 'NULL'} AS day, toUInt32(n) AS count,
         ${at(0.5, 'floor')} AS p50_low, ${at(0.5, 'ceil')} AS p50_high,
         ${at(0.95, 'floor')} AS p95_low, ${at(0.95, 'ceil')} AS p95_high
  FROM (
    SELECT ${grouped ? 'event_day AS s_day,' : ''} count() AS n, arraySort(groupArray(assumeNotNull(startup_ms))) AS sorted
    FROM ${rangeOf(range)} AND event = 'view_start' AND isNotNull(startup_ms)
    ${grouped ? 'GROUP BY event_day' : ''}
  )
  ${grouped ? 'ORDER BY s_day' : ''}`;
}

export const startupPercentilesByDay = (range: ClickHouseRange) => startupPercentiles(range, true);
export const startupPercentilesOverall = (range: ClickHouseRange) => startupPercentiles(range, false);

export interface StartupPositionsRow {
  day: string | null;
  count: number;
  p50_low: number;
  p50_high: number;
  p95_low: number;
  p95_high: number;
}

/** As PostgreSQL's width_bucket over the edges: how many edges are at or below the value. */
export const startupHistogram = (range: ClickHouseRange) => `
  SELECT toUInt32(arrayCount(edge -> edge <= assumeNotNull(startup_ms), [${STARTUP_HISTOGRAM_EDGES_MS.map((edge) => wholeNumber(edge)).join(', ')}])) AS bin,
         toUInt32(count()) AS count
  FROM ${rangeOf(range)} AND event = 'view_start' AND isNotNull(startup_ms)
  GROUP BY bin
  ORDER BY bin`;

export const failures = (range: ClickHouseRange) => `
  SELECT toString(event_day) AS day,
         ifNull(error_code, '') AS code,
         max(error_category) AS category,
         network_type,
         toUInt32(count()) AS count
  FROM ${rangeOf(range)} AND event = 'error' AND error_fatal = 1
  GROUP BY event_day, code, network_type
  ORDER BY event_day, code, network_type`;

export const failuresByContent = (range: ClickHouseRange) => `
  SELECT toFloat64(content_id) AS video_id,
         max(content_title) AS title,
         toUInt32(count()) AS failures,
         toUInt32(uniqExact(view_id)) AS failed_views
  FROM ${rangeOf(range)} AND event = 'error' AND error_fatal = 1
  GROUP BY content_id
  ORDER BY failed_views DESC, failures DESC, content_id`;

function adsBy(range: ClickHouseRange, grouped: boolean): string {
  return `
  SELECT ${grouped ? 'toString(a_day)' : 'NULL'} AS day,
         toUInt32(uniqExactIf(break_key, event IN ('ad_break_request', 'ad_play'))) AS breaks_requested,
         toUInt32(uniqExactIf(break_key, event = 'ad_play')) AS breaks_filled,
         toUInt32(uniqExactIf(ad_key, event = 'ad_play')) AS ads_started,
         toUInt32(uniqExactIf(ad_key, event = 'ad_ended')) AS ads_completed,
         toUInt32(uniqExactIf(ad_key, event = 'ad_skip_btn_click')) AS ads_skipped,
         toUInt32(countIf(event = 'ad_error')) AS ad_errors
  FROM (
    SELECT event_day AS a_day, event,
           concat(view_id, '/', ad_break) AS break_key,
           concat(view_id, '/', ad_break, '/', ad_current_id) AS ad_key
    FROM ${rangeOf(range)} AND event IN ('ad_break_request', 'ad_play', 'ad_ended', 'ad_skip_btn_click', 'ad_error')
  )
  ${grouped ? 'GROUP BY a_day ORDER BY a_day' : ''}`;
}

export const adsByDay = (range: ClickHouseRange) => adsBy(range, true);
export const adsOverall = (range: ClickHouseRange) => adsBy(range, false);
