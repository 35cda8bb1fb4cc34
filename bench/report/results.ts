/**
 * The results file of the player benchmark suite, as written by the runner and read by the
 * report renderers, plus the few display helpers both renderers share.
 */

/** A network and CPU condition every subject is measured under. `downKbps` null = unthrottled. */
export interface BenchProfile { id: string; label: string; rttMs: number; downKbps: number | null; cpuSlowdown: number }
/** A player set-up under test; exactly one is the reference the others are compared with. */
export interface BenchSubject { id: string; label: string; reference: boolean; description: string }
export interface BenchMetric { id: string; label: string; unit: 'ms' | 'kB' | 'MB' | 'count'; headline: boolean; description: string }
/** One measurement; `value` null = the subject could not produce the metric in that run. */
export interface BenchSample { subject: string; profile: string; metric: string; run: number; value: number | null; note?: string }
/** The least an unbuffered seek can take on a profile's link: one round trip and the target's least media (bench/seek-floor.ts). */
export interface SeekFloor { profile: string; metric: string; ms: number; bytes: number }
export interface BundleSize { name: string; owner: 'ours' | 'hls.js' | 'dash.js' | 'shaka-player'; role: string; gzipBytes: number }
export interface BenchResults {
  title: string;
  /** ISO time. */
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  environment: { chromium: string; node: string; cpus: number; cpuModel: string; os: string };
  /** Bullet lines describing how it was measured (Markdown, rendered as a list). */
  method: string[];
  profiles: BenchProfile[];
  subjects: BenchSubject[];
  metrics: BenchMetric[];
  samples: BenchSample[];
  bundles: BundleSize[];
  /** Per shaped profile and unbuffered-seek metric. */
  floors?: SeekFloor[];
  /** The entry chunk's gzip budget (bench/budgets.json): the size it must not outgrow. */
  entryBudgetBytes?: number;
  /** What the entry and the JavaScript before the first frame were when the goal was set (bench/baseline.json). */
  baseline?: { entryGzipBytes: number; jsBeforeFirstFrameKb: number };
  /** What the embed costs a host page (bench/host-pages/); absent when the run did not measure it. */
  hostPages?: HostPageResults;
}

/** One host page measurement: `variant` is a page variant (none, facade…) or a click subject (click-facade, click-eager). */
export interface HostPageSample { variant: string; profile: string; metric: string; run: number; value: number | null; note?: string }
export interface HostPageResults {
  /** Bullet lines describing how it was measured (Markdown). */
  method: string[];
  subjects: Array<{ id: string; label: string; description: string }>;
  metrics: BenchMetric[];
  /** The profile ids it was measured on. */
  profiles: string[];
  samples: HostPageSample[];
  /** The player origin's requests (`kind path`) each page-cost visit made, all before any intent. */
  beforeIntent: Array<{ profile: string; variant: string; run: number; requests: string[] }>;
  /** Wall time the host page visits added to the run. */
  durationMs: number;
}

export type MetricUnit = BenchMetric['unit'];

/** One line of the report's goals: a goal, the profile, this run's figure and whether it is met. */
export interface GoalRow { goal: string; profile: string; figure: string; verdict: 'met' | 'not met' | 'not measured' }

/** The first subject marked as reference; ratios are undefined without one. */
export function referenceSubject(results: Pick<BenchResults, 'subjects'>): BenchSubject | undefined {
  return results.subjects.find((subject) => subject.reference);
}

/**
 * Narrow no-break space: the SI digit separator, which neither a comma/point locale misreads
 * nor a table cell breaks across lines.
 */
export const DIGIT_SEPARATOR = '\u202f';

/** Fixed decimals with the integer part grouped by threes; locale-independent so reports diff cleanly. */
export function formatNumber(value: number, decimals = 0): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [integer = '', fraction] = fixed.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, DIGIT_SEPARATOR);
  // "-0" after rounding a tiny negative would read as a real sign.
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A value in its metric's unit, without the unit: ms as integers, sizes to 0.1, counts as needed. */
export function formatValue(value: number, unit: MetricUnit): string {
  switch (unit) {
    case 'ms':
      return formatNumber(value, 0);
    case 'kB':
    case 'MB':
      return formatNumber(value, 1);
    case 'count':
      return formatNumber(value, Number.isInteger(value) ? 0 : 1);
  }
}

/** Suffix after a formatted value; counts carry none. */
export function unitSuffix(unit: MetricUnit): string {
  return unit === 'count' ? '' : ` ${unit}`;
}

/** `4 Mbit/s`, `1.5 Mbit/s`, `750 kbit/s` or `unthrottled`. */
export function formatBandwidth(downKbps: number | null): string {
  if (downKbps === null) return 'unthrottled';
  if (downKbps >= 1000) return `${trimZeros((downKbps / 1000).toFixed(1))} Mbit/s`;
  return `${trimZeros(downKbps.toFixed(1))} kbit/s`;
}

/** `4×`, `1×`, `2.5×`. */
export function formatSlowdown(cpuSlowdown: number): string {
  return `${trimZeros(cpuSlowdown.toFixed(1))}×`;
}

function trimZeros(fixed: string): string {
  return fixed.replace(/\.0+$/, '');
}
