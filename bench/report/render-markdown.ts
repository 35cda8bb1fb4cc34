/**
 * The Markdown report of a benchmark run: set-up, then per profile a table of medians and one
 * of ratios to the reference subject, bundle sizes and metric definitions. GitHub-flavoured.
 */
import {
  formatBandwidth,
  formatNumber,
  formatSlowdown,
  formatValue,
  referenceSubject,
  type BenchMetric,
  type BenchProfile,
  type BenchResults,
  type BundleSize,
  type MetricUnit,
} from './results.ts';
import { goalsSection } from './render-goals.ts';
import { hostPagesSection } from './render-host-pages.ts';
import { summarize, type Summaries, type Summary } from './summarize.ts';

export function renderMarkdown(results: BenchResults): string {
  const summaries = summarize(results);
  const sections = [
    header(results),
    environment(results),
    method(results, summaries),
    // The goals are the bench's own metrics'; a results file without them has none to report.
    ...(results.metrics.some((metric) => metric.id === 'seek-unbuffered') ? [goalsSection(results, summaries, escapeMarkdown)] : []),
    ...results.profiles.map((profile) => profileSection(results, summaries, profile)),
    ...(results.hostPages ? [hostPagesSection(results, escapeMarkdown)] : []),
    bundleSection(results.bundles),
    definitions(results.metrics),
  ];
  return `${sections.join('\n\n')}\n`;
}

/**
 * Labels and names are plain text: escape what Markdown or a table would interpret. Prose
 * fields (method lines, descriptions) are Markdown on purpose and only kept on one line.
 */
export function escapeMarkdown(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>|&#~]/g, '\\$&');
}

/** `median [min–max]`, `(n=…)` when runs are absent, `(k missing)` when values were null, `—` for none. */
export function formatCell(summary: Summary, unit: MetricUnit, runCount: number): string {
  const notes: string[] = [];
  if (summary.n !== runCount && summary.n > 0) notes.push(`n=${summary.n}`);
  if (summary.missing > 0) notes.push(`${summary.missing} missing`);
  const suffix = notes.length > 0 ? ` (${notes.join(', ')})` : '';
  if (summary.median === undefined || summary.min === undefined || summary.max === undefined) return `—${suffix}`;
  // One value has no spread worth printing.
  const range = summary.n > 1 ? ` [${formatValue(summary.min, unit)}–${formatValue(summary.max, unit)}]` : '';
  return `${formatValue(summary.median, unit)}${range}${suffix}`;
}

export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? '—' : `${ratio.toFixed(2)}×`;
}

/** `12 min 5 s` or `45 s`: a run takes minutes, and a long one still reads fine as `95 min 3 s`. */
export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

function header(results: BenchResults): string {
  const started = Date.parse(results.startedAt);
  const finished = Date.parse(results.finishedAt);
  const facts = [`Started ${Number.isNaN(started) ? escapeMarkdown(results.startedAt) : formatTime(started)}`];
  if (!Number.isNaN(started) && !Number.isNaN(finished)) facts.push(`took ${formatDuration(finished - started)}`);
  if (results.quick) facts.push('quick run');
  return `# ${escapeMarkdown(results.title)}\n\n${facts.join(' · ')}`;
}

function environment(results: BenchResults): string {
  const env = results.environment;
  return [
    '## Environment',
    '',
    `- Chromium: ${escapeMarkdown(env.chromium)}`,
    `- Node: ${escapeMarkdown(env.node)}`,
    `- CPU: ${env.cpus} × ${escapeMarkdown(env.cpuModel)}`,
    `- OS: ${escapeMarkdown(env.os)}`,
  ].join('\n');
}

function method(results: BenchResults, summaries: Summaries): string {
  const lines = ['## Method', ''];
  if (results.method.length > 0) lines.push(...results.method.map((line) => `- ${oneLine(line)}`), '');
  lines.push('Subjects:', '');
  for (const subject of results.subjects) {
    const mark = subject.reference ? ' (reference)' : '';
    lines.push(`- **${escapeMarkdown(subject.label)}**${mark} — ${oneLine(subject.description)}`);
  }
  lines.push('', 'Profiles:', '');
  lines.push(
    ...table(
      ['Profile', 'RTT', 'Bandwidth', 'CPU slowdown', 'Runs'],
      ['left', 'right', 'right', 'right', 'right'],
      results.profiles.map((profile) => [
        escapeMarkdown(profile.label),
        `${formatNumber(profile.rttMs)} ms`,
        formatBandwidth(profile.downKbps),
        formatSlowdown(profile.cpuSlowdown),
        String(summaries.runCount(profile.id)),
      ]),
    ),
  );
  return lines.join('\n');
}

function profileSection(results: BenchResults, summaries: Summaries, profile: BenchProfile): string {
  const runs = summaries.runCount(profile.id);
  // A metric nobody measured under this profile (e.g. the steady window, watched in one profile) is left out.
  const metrics = results.metrics.filter((metric) => results.samples.some((sample) => sample.profile === profile.id && sample.metric === metric.id));
  const bandwidth = profile.downKbps === null ? 'unthrottled bandwidth' : `${formatBandwidth(profile.downKbps)} down`;
  const conditions = `RTT ${formatNumber(profile.rttMs)} ms, ${bandwidth}, CPU slowdown ${formatSlowdown(profile.cpuSlowdown)}`;
  const lines = [
    `## ${escapeMarkdown(profile.label)}`,
    '',
    `${conditions}. Each cell: median [min–max] over ${runs} ${runs === 1 ? 'run' : 'runs'}.`,
    '',
    ...table(
      ['Metric', ...results.subjects.map((subject) => `${escapeMarkdown(subject.label)}${subject.reference ? ' (reference)' : ''}`)],
      ['left', ...results.subjects.map(() => 'right' as const)],
      metrics.map((metric) => [
        withFloor(metricLabel(metric), results, profile.id, metric.id),
        ...results.subjects.map((subject) => formatCell(summaries.get(profile.id, metric.id, subject.id), metric.unit, runs)),
      ]),
    ),
  ];

  const reference = referenceSubject(results);
  const peers = results.subjects.filter((subject) => !subject.reference);
  if (reference === undefined) {
    lines.push('', 'No subject is marked as reference, so there are no ratios.');
  } else if (peers.length > 0) {
    lines.push(
      '',
      `Each subject's median ÷ the median of ${escapeMarkdown(reference.label)}: above 1× is slower or larger than the reference, below 1× faster or smaller.`,
      '',
      ...table(
        ['Metric', ...peers.map((subject) => escapeMarkdown(subject.label))],
        ['left', ...peers.map(() => 'right' as const)],
        metrics.map((metric) => [
          escapeMarkdown(metric.label),
          ...peers.map((subject) => formatRatio(summaries.ratio(profile.id, metric.id, subject.id))),
        ]),
      ),
    );
  }

  const notes = sampleNotes(results, profile.id);
  if (notes.length > 0) lines.push('', 'Notes:', '', ...notes.map((note) => `- ${note}`));
  return lines.join('\n');
}

/** Why samples are missing or odd, one line per (subject, metric, note) so a repeated error reads once. */
function sampleNotes(results: BenchResults, profileId: string): string[] {
  const runsByNote = new Map<string, number[]>();
  for (const sample of results.samples) {
    if (sample.profile !== profileId || sample.note === undefined || sample.note.trim() === '') continue;
    const subject = results.subjects.find((candidate) => candidate.id === sample.subject)?.label ?? sample.subject;
    const metric = results.metrics.find((candidate) => candidate.id === sample.metric)?.label ?? sample.metric;
    const key = `${escapeMarkdown(subject)}, ${escapeMarkdown(metric)}\u0000${escapeMarkdown(sample.note)}`;
    runsByNote.set(key, [...(runsByNote.get(key) ?? []), sample.run]);
  }
  return [...runsByNote].map(([key, runs]) => {
    const [where = '', note = ''] = key.split('\u0000');
    const sortedRuns = [...new Set(runs)].sort((a, b) => a - b);
    return `${where}, ${sortedRuns.length === 1 ? 'run' : 'runs'} ${sortedRuns.join(', ')}: ${note}`;
  });
}

const OWNER_ORDER: readonly BundleSize['owner'][] = ['ours', 'hls.js', 'dash.js', 'shaka-player'];

function bundleSection(bundles: readonly BundleSize[]): string {
  if (bundles.length === 0) return '## Bundle sizes (gzip)\n\nNo bundle sizes were recorded.';
  const ordered = [...bundles].sort(
    (a, b) =>
      OWNER_ORDER.indexOf(a.owner) - OWNER_ORDER.indexOf(b.owner) || a.gzipBytes - b.gzipBytes || a.name.localeCompare(b.name),
  );
  return [
    '## Bundle sizes (gzip)',
    '',
    '1 kB = 1000 bytes.',
    '',
    ...table(
      ['Bundle', 'Owner', 'Role', 'Size (kB)'],
      ['left', 'left', 'left', 'right'],
      ordered.map((bundle) => [
        escapeMarkdown(bundle.name),
        escapeMarkdown(bundle.owner),
        escapeMarkdown(bundle.role),
        formatNumber(bundle.gzipBytes / 1000, 1),
      ]),
    ),
  ].join('\n');
}

function definitions(metrics: readonly BenchMetric[]): string {
  const lines = ['## Metrics', ''];
  for (const metric of metrics) {
    const unit = metric.unit === 'count' ? '' : ` (${metric.unit})`;
    lines.push(`- **${escapeMarkdown(metric.label)}**${unit} — ${oneLine(metric.description)}`);
  }
  return lines.join('\n');
}

/** An unbuffered seek's label with its floor on this profile's link, where there is one. */
function withFloor(label: string, results: BenchResults, profileId: string, metricId: string): string {
  const floor = results.floors?.find((candidate) => candidate.profile === profileId && candidate.metric === metricId);
  return floor === undefined ? label : `${label}, floor ${formatNumber(floor.ms)} ms`;
}

function metricLabel(metric: BenchMetric): string {
  return metric.unit === 'count' ? escapeMarkdown(metric.label) : `${escapeMarkdown(metric.label)} (${metric.unit})`;
}

function table(headers: readonly string[], align: readonly ('left' | 'right')[], rows: readonly (readonly string[])[]): string[] {
  const rule = align.map((side) => (side === 'right' ? '---:' : '---'));
  return [headers, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
}

/** UTC to the minute: readers compare runs, not seconds. */
function formatTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A newline inside a list item or table row would end it. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
