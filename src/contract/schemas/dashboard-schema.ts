import { z } from 'zod';

/**
 * GET /admin/analytics/data.json: what the dashboard draws, per UTC day. The page script and
 * the tests read this shape; numbers are plain (seconds, milliseconds, counts), ratios are
 * null where their denominator is zero, so the page can say «нет данных» instead of 0 %.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ratio = z.number().nullable();

const contentDaySchema = z.object({ day, videoId: z.number(), title: z.string(), views: z.number(), watchSec: z.number() });
const contentTotalSchema = z.object({ videoId: z.number(), title: z.string(), views: z.number(), watchSec: z.number() });
const startupDaySchema = z.object({ day, count: z.number(), p50Ms: z.number().nullable(), p95Ms: z.number().nullable() });
const histogramBinSchema = z.object({ fromMs: z.number(), toMs: z.number().nullable(), count: z.number() });
const rebufferDaySchema = z.object({ day, rebufferSec: z.number(), watchSec: z.number(), ratio });
const failureSchema = z.object({ code: z.string(), category: z.string().nullable(), networkType: z.string(), count: z.number() });
/** `failedViews` are among `views`: a failure shown instead of the film is a play attempt. */
const failureDaySchema = z.object({ day, failures: z.number(), failedViews: z.number(), views: z.number() });
const failureContentSchema = z.object({ videoId: z.number(), title: z.string(), failures: z.number(), failedViews: z.number() });
/** Breaks asked for and filled (an ad started); ads started, completed, skipped; ad errors. */
const adsCountsSchema = z.object({
  breaksRequested: z.number(), breaksFilled: z.number(), adsStarted: z.number(), adsCompleted: z.number(), adsSkipped: z.number(), adErrors: z.number(),
});
const adsDaySchema = adsCountsSchema.extend({ day });
const exitsCountsSchema = z.object({ endedViews: z.number(), exitsBeforeStart: z.number(), exitsDuringPreroll: z.number() });
const exitsDaySchema = exitsCountsSchema.extend({ day });

export const dashboardDataSchema = z.object({
  /** Every day of the range, oldest first, UTC. */
  days: z.array(day),
  /** The range: [from, to), ISO timestamps. */
  from: z.string(),
  to: z.string(),
  /** Events stored in the range; 0 means the page shows «нет данных». */
  events: z.number(),
  views: z.object({ byDay: z.array(contentDaySchema), byContent: z.array(contentTotalSchema) }),
  startup: z.object({
    byDay: z.array(startupDaySchema),
    overall: z.object({ count: z.number(), p50Ms: z.number().nullable(), p95Ms: z.number().nullable() }),
    histogram: z.array(histogramBinSchema),
  }),
  rebuffering: z.object({ byDay: z.array(rebufferDaySchema), overall: rebufferDaySchema.omit({ day: true }) }),
  failures: z.object({ byDay: z.array(failureDaySchema), byCodeAndNetwork: z.array(failureSchema), byContent: z.array(failureContentSchema) }),
  ads: z.object({ byDay: z.array(adsDaySchema), overall: adsCountsSchema.extend({ fillRate: ratio, completionRate: ratio }) }),
  exits: z.object({ byDay: z.array(exitsDaySchema), overall: exitsCountsSchema.extend({ beforeStartRate: ratio }) }),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
export type ContentDay = z.infer<typeof contentDaySchema>;
export type StartupDay = z.infer<typeof startupDaySchema>;
export type FailureDay = z.infer<typeof failureDaySchema>;
export type AdsDay = z.infer<typeof adsDaySchema>;
export type ExitsDay = z.infer<typeof exitsDaySchema>;

/** Start-up time histogram edges, ms: [0, 250), [250, 500), … [8000, ∞). */
export const STARTUP_HISTOGRAM_EDGES_MS = [0, 250, 500, 1000, 2000, 4000, 8000] as const;

/** The days the dashboard may show at once. */
export const DASHBOARD_MAX_DAYS = 90;
export const DASHBOARD_DEFAULT_DAYS = 7;
