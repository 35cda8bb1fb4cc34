/**
 * The report's host page section (bench/host-pages/): what our embed costs an article page in
 * each loading mode beside no players and a YouTube-weight stand-in, a facade's click against an
 * eager player's, the player origin's requests before intent, and the goals on them.
 */
import { formatNumber, formatValue, type BenchResults, type GoalRow, type HostPageResults } from './results.ts';
import { summarizeValues, type Summary } from './summarize.ts';

/** How far above `none` a facade page may be, per cent, in each of these. */
export const FACADE_MARGIN_PERCENT = 5;
export const FACADE_COMPARED: readonly string[] = ['lcp', 'tbt', 'bytes'];
/** A facade's click to first frame, at most this many times an eager player's play click. */
export const CLICK_RATIO_GOAL = 1.3;
const PAGE_VARIANTS = ['none', 'facade', 'eager', 'youtube-style'];
const ALLOWED_BEFORE_INTENT = new Set(['sdk', 'poster']);

export function hostSummary(host: HostPageResults, profile: string, variant: string, metric: string): Summary {
  return summarizeValues(host.samples.filter((s) => s.profile === profile && s.variant === variant && s.metric === metric).map((s) => s.value));
}

const unitOf = (host: HostPageResults, metric: string) => host.metrics.find((candidate) => candidate.id === metric)?.unit ?? 'count';
const labelOf = (host: HostPageResults, metric: string) => host.metrics.find((candidate) => candidate.id === metric)?.label ?? metric;
const show = (host: HostPageResults, metric: string, value: number) => {
  const unit = unitOf(host, metric);
  return metric === 'cls' ? value.toFixed(3) : `${formatValue(value, unit)}${unit === 'count' ? '' : ` ${unit}`}`;
};

/** `kind ×count` for each kind of the player origin's requests, in the order each kind first came. */
export function describeRequests(requests: readonly string[]): string {
  if (requests.length === 0) return 'none';
  const counts = new Map<string, number>();
  for (const entry of requests) {
    const kind = entry.split(' ', 1)[0]!;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => (count > 1 ? `${kind} ×${count}` : kind)).join(', ');
}

/** The goals on the host pages, per profile. */
export function hostGoalRows(host: HostPageResults): GoalRow[] {
  const rows: GoalRow[] = [];
  for (const profile of host.profiles) {
    for (const metric of FACADE_COMPARED) {
      const goal = `host page with six facades: ${labelOf(host, metric)} within ${FACADE_MARGIN_PERCENT} % of the page without players`;
      const facade = hostSummary(host, profile, 'facade', metric).median;
      const none = hostSummary(host, profile, 'none', metric).median;
      if (facade === undefined || none === undefined) {
        rows.push({ goal, profile, figure: '—', verdict: 'not measured' });
        continue;
      }
      const over = none === 0 ? (facade === 0 ? 0 : Number.POSITIVE_INFINITY) : ((facade - none) / none) * 100;
      const overText = Number.isFinite(over) ? `${over >= 0 ? '+' : ''}${over.toFixed(1)} %` : 'above 0';
      rows.push({ goal, profile, figure: `facade ${show(host, metric, facade)}, none ${show(host, metric, none)} (${overText})`, verdict: over <= FACADE_MARGIN_PERCENT ? 'met' : 'not met' });
    }
    const visits = host.beforeIntent.filter((visit) => visit.profile === profile && visit.variant === 'facade');
    if (visits.length > 0) {
      const unexpected = [...new Set(visits.flatMap((visit) => visit.requests.filter((entry) => !ALLOWED_BEFORE_INTENT.has(entry.split(' ')[0]!))))];
      rows.push({
        goal: 'facade: before intent, the player\'s origin serves only lib.js and the posters',
        profile,
        figure: unexpected.length === 0 ? describeRequests(visits[0]!.requests) : `also ${unexpected.join(', ')}`,
        verdict: unexpected.length === 0 ? 'met' : 'not met',
      });
    }
    const facade = hostSummary(host, profile, 'click-facade', 'click-to-first-frame');
    const eager = hostSummary(host, profile, 'click-eager', 'click-to-first-frame');
    const goal = `click on a facade to first frame: at most ${CLICK_RATIO_GOAL}× a play click on a loaded eager player`;
    if (facade.median === undefined || eager.median === undefined || eager.median === 0) {
      if (facade.n + facade.missing + eager.n + eager.missing > 0) rows.push({ goal, profile, figure: '—', verdict: 'not measured' });
      continue;
    }
    const ratio = facade.median / eager.median;
    const unmuted = host.samples.filter((s) => s.profile === profile && s.variant === 'click-facade' && s.metric === 'click-unmuted' && s.value !== null);
    const withSound = unmuted.filter((s) => s.value === 1).length;
    rows.push({
      goal,
      profile,
      figure: `facade ${formatNumber(facade.median)} ms ÷ eager ${formatNumber(eager.median)} ms = ${ratio.toFixed(2)}×; the facade played with sound in ${withSound} of ${unmuted.length}`,
      verdict: ratio <= CLICK_RATIO_GOAL ? 'met' : 'not met',
    });
  }
  return rows;
}

function cell(host: HostPageResults, summary: Summary, metric: string): string {
  const missing = summary.missing > 0 ? ` (${summary.missing} missing)` : '';
  if (summary.median === undefined || summary.min === undefined || summary.max === undefined) return `—${missing}`;
  const format = (value: number) => (metric === 'cls' ? value.toFixed(3) : formatValue(value, unitOf(host, metric)));
  return `${format(summary.median)}${summary.n > 1 ? ` [${format(summary.min)}–${format(summary.max)}]` : ''}${missing}`;
}

/** The Markdown section; `escape` is the report's plain-text escape. */
export function hostPagesSection(results: BenchResults, escape: (text: string) => string): string {
  const host = results.hostPages;
  if (!host) return '';
  const label = (id: string) => escape(host.subjects.find((subject) => subject.id === id)?.label ?? id);
  const lines = [
    '## What the embed costs a host page',
    '',
    `Measured in this run on ${host.profiles.join(' and ')}; the host page visits took ${formatNumber(host.durationMs / 60000, 1)} min of it.`,
    '',
    ...host.method.map((line) => `- ${line}`),
    '',
    'Variants:',
    '',
    ...host.subjects.map((subject) => `- **${escape(subject.label)}** — ${subject.description}`),
  ];
  const pageMetrics = host.metrics.filter((metric) => !metric.id.startsWith('click-'));
  for (const profile of host.profiles) {
    lines.push('', `### ${escape(profile)}: the article with six players`, '', 'Each cell: median [min–max] over the runs. Last column: facade ÷ none.', '');
    lines.push(`| Metric | ${PAGE_VARIANTS.map(label).join(' | ')} | facade ÷ none |`, `| --- |${PAGE_VARIANTS.map(() => ' ---: |').join('')} ---: |`);
    for (const metric of pageMetrics) {
      const summaries = PAGE_VARIANTS.map((variant) => hostSummary(host, profile, variant, metric.id));
      const [none, facade] = summaries;
      const ratio = none?.median && facade?.median !== undefined ? `${(facade.median / none.median).toFixed(2)}×` : '—';
      const unit = metric.unit === 'count' ? '' : ` (${metric.unit})`;
      lines.push(`| ${escape(metric.label)}${unit} | ${summaries.map((summary) => cell(host, summary, metric.id)).join(' | ')} | ${ratio} |`);
    }
    lines.push('', 'The player\'s origin before any intent (first run):', '');
    for (const variant of PAGE_VARIANTS) {
      const visit = host.beforeIntent.find((candidate) => candidate.profile === profile && candidate.variant === variant);
      if (visit) lines.push(`- ${label(variant)}: ${escape(describeRequests(visit.requests))}`);
    }
    lines.push('', `| Click | ${labelOf(host, 'click-to-first-frame')} (ms) | ${escape(labelOf(host, 'click-unmuted'))} |`, '| --- | ---: | ---: |');
    for (const variant of ['click-facade', 'click-eager']) {
      lines.push(`| ${label(variant)} | ${cell(host, hostSummary(host, profile, variant, 'click-to-first-frame'), 'click-to-first-frame')} | ${cell(host, hostSummary(host, profile, variant, 'click-unmuted'), 'click-unmuted')} |`);
    }
    const notes = [...new Set(host.samples.filter((s) => s.profile === profile && s.note).map((s) => `${label(s.variant)}, run ${s.run}: ${escape(s.note!)}`))];
    if (notes.length > 0) lines.push('', 'Notes:', '', ...notes.map((note) => `- ${note}`));
  }
  lines.push('', 'Metrics:', '', ...host.metrics.map((metric) => `- **${escape(metric.label)}** — ${metric.description}`));
  return lines.join('\n');
}

/**
 * The host pages as results of the chart's shape: the article's variants as subjects (none the
 * reference), and the two clicks as another; the chart draws their headline metrics like the rest.
 */
export function hostPageCharts(results: BenchResults): BenchResults[] {
  const host = results.hostPages;
  if (!host) return [];
  const view = (title: string, subjectIds: readonly string[], metricIds: (id: string) => boolean): BenchResults => ({
    ...results,
    title,
    subjects: subjectIds.map((id, index) => ({ id, label: host.subjects.find((s) => s.id === id)?.label ?? id, reference: index === 0, description: '' })),
    metrics: host.metrics.filter((metric) => metric.headline && metricIds(metric.id)),
    profiles: results.profiles.filter((profile) => host.profiles.includes(profile.id)),
    samples: host.samples.filter((s) => subjectIds.includes(s.variant)).map((s) => ({ subject: s.variant, profile: s.profile, metric: s.metric, run: s.run, value: s.value })),
  });
  return [
    view('Host page with six players', PAGE_VARIANTS, (id) => !id.startsWith('click-')),
    view('Click to first frame', ['click-facade', 'click-eager'], (id) => id.startsWith('click-')),
  ];
}
