import type { Queryable } from '../db/database.ts';
import {
  STARTUP_HISTOGRAM_EDGES_MS, type AdsDay, type ContentDay, type DashboardData, type ExitsDay, type FailureDay, type StartupDay,
} from '../../src/contract/schemas/dashboard-schema.ts';
import {
  ADS_BY_DAY, EVENT_COUNT, FAILURES, FAILURES_BY_CONTENT, STARTUP_HISTOGRAM, STARTUP_PERCENTILES,
  VIEWS_BY_DAY_AND_CONTENT, type AdsRow, type FailureContentRow, type FailureRow, type HistogramRow, type StartupRow, type ViewsRow,
} from './dashboard-queries.ts';

const DAY_MS = 86_400_000;

/** The UTC days ending with `now`'s, oldest first, and the range [from, to) they cover. */
export function dayRange(days: number, now: Date): { days: string[]; from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const list = Array.from({ length: days }, (_, index) => new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10));
  return { days: list, from, to: new Date(today + DAY_MS) };
}

const ratioOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
const sum = <T>(rows: readonly T[], pick: (row: T) => number): number => rows.reduce((total, row) => total + pick(row), 0);

/** The rows the dashboard is drawn from, whichever store they came from (dashboard-queries.ts). */
export interface DashboardRows {
  events: number;
  views: ViewsRow[];
  /** Per day, and (day null) over the whole range. */
  startup: StartupRow[];
  histogram: HistogramRow[];
  failures: FailureRow[];
  failuresByContent: FailureContentRow[];
  /** Per day, and (day null) over the whole range. */
  ads: AdsRow[];
}

export type DayRange = ReturnType<typeof dayRange>;

/** The dashboard's rows from PostgreSQL or PGlite. */
export async function readSqlDashboardRows(db: Queryable, range: DayRange): Promise<DashboardRows> {
  const params = [range.from.toISOString(), range.to.toISOString()];
  const [countRow] = await db.query<{ events: number }>(EVENT_COUNT, params);
  return {
    events: countRow?.events ?? 0,
    views: await db.query<ViewsRow>(VIEWS_BY_DAY_AND_CONTENT, params),
    startup: await db.query<StartupRow>(STARTUP_PERCENTILES, params),
    histogram: await db.query<HistogramRow>(STARTUP_HISTOGRAM, [...params, STARTUP_HISTOGRAM_EDGES_MS]),
    failures: await db.query<FailureRow>(FAILURES, params),
    failuresByContent: await db.query<FailureContentRow>(FAILURES_BY_CONTENT, params),
    ads: await db.query<AdsRow>(ADS_BY_DAY, params),
  };
}

/** Everything the dashboard draws for the `days` UTC days ending today, from PostgreSQL or PGlite. */
export async function readDashboardData(db: Queryable, days: number, now = new Date()): Promise<DashboardData> {
  const range = dayRange(days, now);
  return assembleDashboard(range, await readSqlDashboardRows(db, range));
}

/** The dashboard's figures from its rows: the same report whichever store answered. */
export function assembleDashboard(range: DayRange, rows: DashboardRows): DashboardData {
  const { views: viewRows, startup: startupRows, histogram: histogramRows, failures: failureRows, failuresByContent: failureContentRows, ads: adRows } = rows;
  const viewsOn = (day: string) => viewRows.filter((row) => row.day === day);
  const byDay = <T>(make: (day: string, rows: ViewsRow[]) => T): T[] => range.days.map((day) => make(day, viewsOn(day)));

  const rebufferDays = byDay((day, rows) => {
    const rebufferSec = sum(rows, (row) => row.rebuffer_ms) / 1000;
    const watchSec = sum(rows, (row) => row.watch_sec);
    return { day, rebufferSec, watchSec, ratio: ratioOf(rebufferSec, watchSec) };
  });
  const totalRebufferSec = sum(rebufferDays, (row) => row.rebufferSec);
  const totalWatchSec = sum(rebufferDays, (row) => row.watchSec);

  const exitDays: ExitsDay[] = byDay((day, rows) => ({
    day,
    endedViews: sum(rows, (row) => row.ended_views),
    exitsBeforeStart: sum(rows, (row) => row.exits_before_start),
    exitsDuringPreroll: sum(rows, (row) => row.exits_during_preroll),
  }));
  const exitTotals = {
    endedViews: sum(exitDays, (row) => row.endedViews),
    exitsBeforeStart: sum(exitDays, (row) => row.exitsBeforeStart),
    exitsDuringPreroll: sum(exitDays, (row) => row.exitsDuringPreroll),
  };

  // Failed views are views (a failure instead of the film is a play attempt), so the share
  // never passes 100 %.
  const failureDays: FailureDay[] = byDay((day, rows) => ({
    day,
    failures: sum(failureRows.filter((row) => row.day === day), (row) => row.count),
    failedViews: sum(rows, (row) => row.failed_views),
    views: sum(rows, (row) => row.views),
  }));

  const overallAds = adRows.find((row) => row.day === null);
  const adsOf = (row: AdsRow | undefined) => ({
    breaksRequested: row?.breaks_requested ?? 0,
    breaksFilled: row?.breaks_filled ?? 0,
    adsStarted: row?.ads_started ?? 0,
    adsCompleted: row?.ads_completed ?? 0,
    adsSkipped: row?.ads_skipped ?? 0,
    adErrors: row?.ad_errors ?? 0,
  });
  const adsTotals = adsOf(overallAds);
  const adDays: AdsDay[] = range.days.map((day) => ({ day, ...adsOf(adRows.find((row) => row.day === day)) }));

  const overallStartup = startupRows.find((row) => row.day === null);
  const startupDays: StartupDay[] = range.days.map((day) => {
    const row = startupRows.find((candidate) => candidate.day === day);
    return { day, count: row?.count ?? 0, p50Ms: row?.p50 ?? null, p95Ms: row?.p95 ?? null };
  });

  return {
    days: range.days,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    events: rows.events,
    views: { byDay: viewRows.map(contentDayOf), byContent: contentTotals(viewRows) },
    startup: {
      byDay: startupDays,
      overall: { count: overallStartup?.count ?? 0, p50Ms: overallStartup?.p50 ?? null, p95Ms: overallStartup?.p95 ?? null },
      histogram: STARTUP_HISTOGRAM_EDGES_MS.map((fromMs, index) => ({
        fromMs,
        toMs: STARTUP_HISTOGRAM_EDGES_MS[index + 1] ?? null,
        // width_bucket numbers the bin starting at the first edge 1.
        count: histogramRows.find((row) => row.bin === index + 1)?.count ?? 0,
      })),
    },
    rebuffering: { byDay: rebufferDays, overall: { rebufferSec: totalRebufferSec, watchSec: totalWatchSec, ratio: ratioOf(totalRebufferSec, totalWatchSec) } },
    failures: {
      byDay: failureDays,
      byCodeAndNetwork: failureTotals(failureRows),
      byContent: failureContentRows.map((row) => ({ videoId: row.video_id, title: row.title ?? '', failures: row.failures, failedViews: row.failed_views })),
    },
    ads: {
      byDay: adDays,
      overall: { ...adsTotals, fillRate: ratioOf(adsTotals.breaksFilled, adsTotals.breaksRequested), completionRate: ratioOf(adsTotals.adsCompleted, adsTotals.adsStarted) },
    },
    // Mux's exits before video start: of the views (play attempts), those left before the first frame.
    exits: { byDay: exitDays, overall: { ...exitTotals, beforeStartRate: ratioOf(exitTotals.exitsBeforeStart, sum(viewRows, (row) => row.views)) } },
  };
}

function contentDayOf(row: ViewsRow): ContentDay {
  return { day: row.day, videoId: row.video_id, title: row.title ?? '', views: row.views, watchSec: row.watch_sec };
}

/** The range's views and watch time per content, most viewed first. */
function contentTotals(rows: readonly ViewsRow[]): DashboardData['views']['byContent'] {
  const totals = new Map<number, DashboardData['views']['byContent'][number]>();
  for (const row of rows) {
    const total = totals.get(row.video_id) ?? { videoId: row.video_id, title: row.title ?? '', views: 0, watchSec: 0 };
    total.views += row.views;
    total.watchSec += row.watch_sec;
    totals.set(row.video_id, total);
  }
  return [...totals.values()].sort((a, b) => b.views - a.views || b.watchSec - a.watchSec || a.videoId - b.videoId);
}

/** The range's failures per code and network class, most frequent first. */
function failureTotals(rows: readonly FailureRow[]): DashboardData['failures']['byCodeAndNetwork'] {
  const totals = new Map<string, DashboardData['failures']['byCodeAndNetwork'][number]>();
  for (const row of rows) {
    const key = `${row.code}\n${row.network_type}`;
    const total = totals.get(key) ?? { code: row.code, category: row.category, networkType: row.network_type, count: 0 };
    total.count += row.count;
    total.category ??= row.category;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code) || a.networkType.localeCompare(b.networkType));
}
