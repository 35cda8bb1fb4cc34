/**
 * Statistics of the benchmark samples: medians and spreads per (profile, metric, subject) and
 * ratios to the reference subject. Medians, not means: a single GC pause or a slow TCP start
 * in one run should not move the headline number.
 */
import { referenceSubject, type BenchResults } from './results.ts';

export interface Spread {
  min: number;
  max: number;
  /** Quartiles only from 4 values on: with fewer they say nothing min and max do not. */
  q1?: number;
  q3?: number;
}

export interface Summary {
  /** Samples with a value; the statistics below are over these only. */
  n: number;
  median: number | undefined;
  min: number | undefined;
  max: number | undefined;
  q1?: number;
  q3?: number;
  /** Samples whose value is null (error, or nothing to measure in that run). */
  missing: number;
}

/** Middle value, or the mean of the two middle ones for even n; undefined for no values. */
export function median(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : quantile(sorted(values), 0.5);
}

export function spread(values: readonly number[]): Spread | undefined {
  if (values.length === 0) return undefined;
  const ordered = sorted(values);
  const result: Spread = { min: ordered[0]!, max: ordered[ordered.length - 1]! };
  if (ordered.length >= 4) {
    result.q1 = quantile(ordered, 0.25);
    result.q3 = quantile(ordered, 0.75);
  }
  return result;
}

/** Summary of one cell's samples; nulls are counted, never treated as zero. */
export function summarizeValues(values: readonly (number | null)[]): Summary {
  const present = values.filter((value): value is number => value !== null);
  const range = spread(present);
  const summary: Summary = {
    n: present.length,
    median: median(present),
    min: range?.min,
    max: range?.max,
    missing: values.length - present.length,
  };
  if (range?.q1 !== undefined && range.q3 !== undefined) {
    summary.q1 = range.q1;
    summary.q3 = range.q3;
  }
  return summary;
}

/**
 * Peer median ÷ reference median (>1: the peer is slower or larger). Undefined when either
 * median is missing, or the reference is 0 and a ratio would be infinite or meaningless.
 */
export function ratioToReference(peer: Summary, reference: Summary | undefined): number | undefined {
  if (peer.median === undefined || reference?.median === undefined || reference.median === 0) return undefined;
  return peer.median / reference.median;
}

/** All summaries of a results file, looked up by ids; a cell without samples is `{ n: 0, missing: 0 }`. */
export interface Summaries {
  get(profile: string, metric: string, subject: string): Summary;
  /** The subject's median over the reference subject's, in the same profile and metric. */
  ratio(profile: string, metric: string, subject: string): number | undefined;
  /** Distinct runs recorded for a profile: what n is expected to be. */
  runCount(profile: string): number;
}

export function summarize(results: BenchResults): Summaries {
  const cells = new Map<string, (number | null)[]>();
  const runs = new Map<string, Set<number>>();
  for (const sample of results.samples) {
    const key = cellKey(sample.profile, sample.metric, sample.subject);
    const values = cells.get(key) ?? [];
    values.push(sample.value);
    cells.set(key, values);
    const profileRuns = runs.get(sample.profile) ?? new Set<number>();
    profileRuns.add(sample.run);
    runs.set(sample.profile, profileRuns);
  }
  const summaries = new Map<string, Summary>();
  for (const [key, values] of cells) summaries.set(key, summarizeValues(values));

  const empty: Summary = { n: 0, median: undefined, min: undefined, max: undefined, missing: 0 };
  const get = (profile: string, metric: string, subject: string): Summary =>
    summaries.get(cellKey(profile, metric, subject)) ?? { ...empty };
  const reference = referenceSubject(results);
  return {
    get,
    ratio: (profile, metric, subject) =>
      reference === undefined ? undefined : ratioToReference(get(profile, metric, subject), get(profile, metric, reference.id)),
    runCount: (profile) => runs.get(profile)?.size ?? 0,
  };
}

function cellKey(profile: string, metric: string, subject: string): string {
  // Ids are short names that never contain NUL, so joined keys cannot collide.
  return `${profile}\u0000${metric}\u0000${subject}`;
}

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** Linear interpolation between order statistics (R type 7, numpy's default) on sorted values. */
function quantile(ordered: readonly number[], p: number): number {
  const position = (ordered.length - 1) * p;
  const lower = Math.floor(position);
  const below = ordered[lower]!;
  const above = ordered[Math.min(lower + 1, ordered.length - 1)]!;
  return below + (above - below) * (position - lower);
}
