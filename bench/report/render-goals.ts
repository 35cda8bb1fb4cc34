/**
 * The report's goals section: each "no fixed costs" goal, with this run's figure on every profile
 * it concerns and whether it is met. Ratios here are ours ÷ hls.js (at most 1.00× meets a goal),
 * the other way round from the tables' peer ÷ ours, because the goals are stated that way.
 */
import { formatNumber, type BenchResults, type GoalRow } from './results.ts';
import { hostGoalRows } from './render-host-pages.ts';
import type { Summaries } from './summarize.ts';

/** The peer the goals are set against. */
export const GOAL_PEER = 'hlsjs';
/** How far above its floor an unbuffered seek on a shaped link may be. */
export const FLOOR_MARGIN_MS = 50;
const LONG_TASK_PROFILES = ['mobile-4g', 'phone-1core'];
const MOMENTS: ReadonlyArray<{ buffered: string; far: string; label: string }> = [
  { buffered: 'seek-buffered-1s', far: 'seek-far-1s', label: '1 s in' },
  { buffered: 'seek-buffered-10s', far: 'seek-far-10s', label: '10 s in' },
  { buffered: 'seek-buffered-full', far: 'seek-far-full', label: 'buffer full' },
];
const UNBUFFERED = ['seek-unbuffered', ...MOMENTS.map((moment) => moment.far), 'seek-cmaf'];

/** Our eager first frame from the host page, at most this times hls.js's, per profile. */
export const FIRST_FRAME_GOALS: Readonly<Record<string, number>> = { 'mobile-4g': 0.45, 'mobile-3g': 0.45, fast: 0.9 };

const ms = (value: number) => `${formatNumber(value)} ms`;

export function goalRows(results: BenchResults, summaries: Summaries): GoalRow[] {
  const rows: GoalRow[] = [];
  const profiles = results.profiles.map((profile) => profile.id);
  const median = (profile: string, metric: string, subject = 'ours') => summaries.get(profile, metric, subject).median;
  const label = (metric: string) => results.metrics.find((candidate) => candidate.id === metric)?.label ?? metric;
  const peerLabel = results.subjects.find((subject) => subject.id === GOAL_PEER)?.label ?? GOAL_PEER;
  /** Whether the run set out to measure the metric on the profile (the quick run leaves the later moments out). */
  const planned = (profile: string, metric: string) => ['ours', GOAL_PEER].some((subject) => {
    const summary = summaries.get(profile, metric, subject);
    return summary.n + summary.missing > 0;
  });

  /** ours ÷ the peer, met at 1.00× or below. */
  const againstPeer = (goal: string, profile: string, metric: string) => {
    if (!planned(profile, metric)) return;
    const ours = median(profile, metric);
    const peer = median(profile, metric, GOAL_PEER);
    if (ours === undefined || peer === undefined || peer === 0) {
      rows.push({ goal, profile, figure: ours === undefined ? '—' : `ours ${ms(ours)}, ${peerLabel} —`, verdict: 'not measured' });
      return;
    }
    const ratio = ours / peer;
    rows.push({ goal, profile, figure: `ours ${ms(ours)} ÷ ${peerLabel} ${ms(peer)} = ${ratio.toFixed(2)}×`, verdict: ratio <= 1 ? 'met' : 'not met' });
  };

  for (const profile of profiles) {
    const goal = FIRST_FRAME_GOALS[profile];
    if (goal === undefined || !planned(profile, 'first-frame')) continue;
    const ours = median(profile, 'first-frame');
    const peer = median(profile, 'first-frame', GOAL_PEER);
    const name = `first frame from the host page (eager): at most ${goal}× ${peerLabel}`;
    if (ours === undefined || peer === undefined || peer === 0) {
      rows.push({ goal: name, profile, figure: '—', verdict: 'not measured' });
      continue;
    }
    const ratio = ours / peer;
    rows.push({ goal: name, profile, figure: `ours ${ms(ours)} ÷ ${peerLabel} ${ms(peer)} = ${ratio.toFixed(2)}×`, verdict: ratio <= goal ? 'met' : 'not met' });
  }

  for (const profile of profiles.filter((id) => LONG_TASK_PROFILES.includes(id))) {
    const goal = 'no task of ours of 50 ms or more, from the iframe\'s navigation to the end of the steady window';
    const count = median(profile, 'our-long-tasks');
    if (!planned(profile, 'our-long-tasks')) continue;
    if (count === undefined) {
      rows.push({ goal, profile, figure: '—', verdict: 'not measured' });
      continue;
    }
    const longest = median(profile, 'our-longest-task');
    const host = median(profile, 'host-long-tasks');
    const peer = median(profile, 'our-long-tasks', GOAL_PEER);
    const parts = [`ours ${formatNumber(count)}${count > 0 && longest !== undefined ? ` (longest ${ms(longest)})` : ''}`];
    if (host !== undefined) parts.push(`the host page's ${formatNumber(host)} apart`);
    if (peer !== undefined) parts.push(`${peerLabel} ${formatNumber(peer)}`);
    rows.push({ goal, profile, figure: parts.join('; '), verdict: count === 0 ? 'met' : 'not met' });
  }

  for (const profile of profiles) {
    for (const moment of MOMENTS) againstPeer(`seek inside the buffer, ${moment.label}: at most 1.0× ${peerLabel}`, profile, moment.buffered);
  }

  for (const profile of profiles) {
    const shaped = results.profiles.find((candidate) => candidate.id === profile)?.downKbps !== null;
    for (const metric of UNBUFFERED) {
      if (!planned(profile, metric)) continue;
      if (!shaped) {
        againstPeer(`${label(metric)}: at most 1.0× ${peerLabel}`, profile, metric);
        continue;
      }
      const goal = `${label(metric)}: within ${FLOOR_MARGIN_MS} ms of its floor`;
      const floor = results.floors?.find((candidate) => candidate.profile === profile && candidate.metric === metric);
      const ours = median(profile, metric);
      if (floor === undefined || ours === undefined) {
        rows.push({ goal, profile, figure: floor ? `floor ${ms(floor.ms)}` : '—', verdict: 'not measured' });
        continue;
      }
      const over = ours - floor.ms;
      rows.push({ goal, profile, figure: `ours ${ms(ours)}, floor ${ms(floor.ms)} (${over >= 0 ? '+' : ''}${formatNumber(over)} ms)`, verdict: over <= FLOOR_MARGIN_MS ? 'met' : 'not met' });
    }
  }

  const entry = results.bundles.find((bundle) => bundle.owner === 'ours' && bundle.name === 'embed');
  const js = profiles.map((profile) => median(profile, 'js-bytes')).find((value) => value !== undefined);
  const { baseline } = results;
  // JavaScript before the first frame is read from transfer sizes, which vary by a few bytes between runs.
  const jsGrew = js !== undefined && baseline !== undefined && js > baseline.jsBeforeFirstFrameKb + 0.1;
  const entryGrew = entry !== undefined && baseline !== undefined && entry.gzipBytes > baseline.entryGzipBytes;
  rows.push({
    goal: 'JavaScript before the first frame and the entry do not grow',
    profile: 'all',
    figure: [
      js === undefined ? undefined : `${formatNumber(js, 1)} kB before the first frame${baseline ? ` (baseline ${formatNumber(baseline.jsBeforeFirstFrameKb, 1)} kB)` : ''}`,
      entry === undefined ? undefined : `entry ${formatNumber(entry.gzipBytes)} B${baseline ? ` (baseline ${formatNumber(baseline.entryGzipBytes)} B)` : ''}`,
    ].filter(Boolean).join('; ') || '—',
    verdict: entry === undefined || js === undefined || baseline === undefined ? 'not measured' : jsGrew || entryGrew ? 'not met' : 'met',
  });
  if (results.hostPages) rows.push(...hostGoalRows(results.hostPages));
  return rows;
}

export function goalsSection(results: BenchResults, summaries: Summaries, escape: (text: string) => string): string {
  const rows = goalRows(results, summaries);
  const met = rows.filter((row) => row.verdict === 'met').length;
  const measured = rows.filter((row) => row.verdict !== 'not measured').length;
  return [
    '## Goals',
    '',
    `${met} of ${measured} measured goal figures met. Ratios here are ours ÷ ${escape(results.subjects.find((s) => s.id === GOAL_PEER)?.label ?? GOAL_PEER)} in this run (at most 1.00× meets the goal); on shaped links an unbuffered seek is held to its floor (one round trip and the target's least media at the link's rate) plus ${FLOOR_MARGIN_MS} ms.`,
    '',
    '| Goal | Profile | Figure | Met |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| ${escape(row.goal)} | ${escape(row.profile)} | ${escape(row.figure)} | ${row.verdict} |`),
  ].join('\n');
}
