/**
 * The chart of a benchmark run: per profile a row of panels, one per headline metric, with one
 * horizontal bar per subject (median) and a thin line for its min–max. Self-contained SVG on a
 * white background, so it reads the same in GitHub's light and dark themes.
 */
import {
  formatBandwidth,
  formatNumber,
  formatSlowdown,
  formatValue,
  referenceSubject,
  unitSuffix,
  type BenchMetric,
  type BenchProfile,
  type BenchResults,
  type BenchSubject,
} from './results.ts';
import { hostPageCharts } from './render-host-pages.ts';
import { summarize, type Summaries, type Summary } from './summarize.ts';

const WIDTH = 1100;
const MARGIN = 24;
const GAP = 28;
/** More panels per row would squeeze the bars of six subjects below legibility. */
const MAX_COLUMNS = 3;
const ROW_HEIGHT = 22;
const BAR_HEIGHT = 12;
const PANEL_TITLE_HEIGHT = 22;
const AXIS_HEIGHT = 18;
const PROFILE_HEADING_HEIGHT = 30;
const FONT_SIZE = 11;

const COLOURS = {
  background: '#ffffff',
  text: '#1f2328',
  muted: '#59636e',
  grid: '#d1d9e0',
  reference: '#e8590c',
  peer: '#7d93b2',
  spread: '#1f2328',
} as const;
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

export function renderSvg(results: BenchResults): string {
  const body: string[] = [];
  let y = header(body, results, referenceSubject(results));
  if (!results.metrics.some((metric) => metric.headline)) {
    body.push(text(MARGIN, y + 16, 'No headline metrics in these results.', { fill: COLOURS.muted }));
    y += 32;
  }
  y = profileRows(body, results, y);
  // The host page subjects (render-host-pages.ts), drawn the same way under a heading of their own.
  for (const view of hostPageCharts(results)) {
    body.push(text(MARGIN, y + 18, view.title, { weight: 600, size: 15 }));
    y = profileRows(body, view, y + PROFILE_HEADING_HEIGHT);
  }
  const height = Math.ceil(y);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}"` +
      ` role="img" aria-labelledby="chart-title" font-family="${escapeXml(FONT_FAMILY)}" font-size="${FONT_SIZE}" fill="${COLOURS.text}">`,
    `<title id="chart-title">${escapeXml(results.title)}</title>`,
    `<rect width="100%" height="100%" fill="${COLOURS.background}"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** Escapes markup characters and drops the control characters XML 1.0 does not allow at all. */
/** Per profile, a row of panels (one per headline metric); returns the y below them. */
function profileRows(body: string[], results: BenchResults, top: number): number {
  const summaries = summarize(results);
  const headline = results.metrics.filter((metric) => metric.headline);
  const columns = Math.max(1, Math.min(MAX_COLUMNS, headline.length));
  const panelWidth = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns;
  const panelHeight = PANEL_TITLE_HEIGHT + results.subjects.length * ROW_HEIGHT + AXIS_HEIGHT;
  let y = top;
  for (const profile of headline.length === 0 ? [] : results.profiles) {
    body.push(profileHeading(profile, y + 20));
    y += PROFILE_HEADING_HEIGHT;
    headline.forEach((metric, index) => {
      const column = index % columns;
      if (index > 0 && column === 0) y += panelHeight + GAP / 2;
      const x = MARGIN + column * (panelWidth + GAP);
      body.push(panel(results.subjects, summaries, profile, metric, x, y, panelWidth));
    });
    y += panelHeight + GAP;
  }
  return y;
}

export function escapeXml(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);
}

/** Title, subtitle and legend; returns the y where the panels start. */
function header(out: string[], results: BenchResults, reference: BenchSubject | undefined): number {
  out.push(text(MARGIN, 34, results.title, { size: 18, weight: 600 }));
  const started = Date.parse(results.startedAt);
  const facts = [
    'Bar: median over the runs; thin line: min–max. Each panel has its own scale.',
    Number.isNaN(started) ? results.startedAt : new Date(started).toISOString().slice(0, 10),
  ];
  if (results.quick) facts.push('quick run');
  out.push(text(MARGIN, 56, facts.join('  ·  '), { fill: COLOURS.muted, size: 12 }));

  // Legend: the reference's colour is the one thing a reader must decode.
  let x = MARGIN;
  const y = 78;
  const entry = (swatch: string, label: string): void => {
    out.push(swatch, text(x + 18, y + 4, label));
    x += 18 + textWidth(label, FONT_SIZE) + 22;
  };
  if (reference !== undefined) entry(swatchRect(x, y, COLOURS.reference), `${reference.label} (reference)`);
  entry(swatchRect(x, y, COLOURS.peer), reference === undefined ? 'subjects' : 'other subjects');
  entry(`<line x1="${n(x)}" y1="${y}" x2="${n(x + 12)}" y2="${y}" stroke="${COLOURS.spread}" stroke-width="1.5"/>`, 'min–max');
  return 96;
}

function profileHeading(profile: BenchProfile, baseline: number): string {
  const conditions = `RTT ${formatNumber(profile.rttMs)} ms · ${formatBandwidth(profile.downKbps)} · CPU ${formatSlowdown(profile.cpuSlowdown)}`;
  return (
    `<text x="${MARGIN}" y="${baseline}" font-size="14" font-weight="600">${escapeXml(profile.label)}` +
    `<tspan font-size="12" font-weight="400" fill="${COLOURS.muted}" dx="10">${escapeXml(conditions)}</tspan></text>`
  );
}

function panel(
  subjects: readonly BenchSubject[],
  summaries: Summaries,
  profile: BenchProfile,
  metric: BenchMetric,
  x: number,
  y: number,
  width: number,
): string {
  const rows = subjects.map((subject) => ({ subject, summary: summaries.get(profile.id, metric.id, subject.id) }));
  const values = rows.map(({ summary }) => valueText(summary, metric));

  // Columns sized to the text actually present, within bounds that leave the bars room.
  const labelWidth = Math.min(width * 0.4, Math.max(...subjects.map((subject) => textWidth(subject.label, FONT_SIZE)), 40) + 10);
  const valueWidth = Math.min(width * 0.32, Math.max(...values.map((value) => textWidth(value, FONT_SIZE)), 30) + 10);
  const barX = x + labelWidth;
  const barWidth = width - labelWidth - valueWidth;

  const top = Math.max(0, ...rows.map(({ summary }) => summary.max ?? summary.median ?? 0));
  // Ticks at least 40 px apart keep grouped labels like `3 000` from running together.
  const { max: domainMax, ticks, decimals } = niceScale(top, Math.max(2, Math.min(5, Math.floor(barWidth / 40))));
  const scale = (value: number): number => barX + (Math.max(0, value) / domainMax) * barWidth;

  const unit = metric.unit === 'count' ? '' : ` (${metric.unit})`;
  const out = [`<g class="panel" data-profile="${escapeXml(profile.id)}" data-metric="${escapeXml(metric.id)}">`];
  out.push(text(x, y + 14, `${metric.label}${unit}`, { size: 13, weight: 600 }));

  const plotTop = y + PANEL_TITLE_HEIGHT;
  const plotBottom = plotTop + rows.length * ROW_HEIGHT;
  for (const tick of ticks) {
    const tickX = scale(tick);
    out.push(
      `<line x1="${n(tickX)}" y1="${n(plotTop)}" x2="${n(tickX)}" y2="${n(plotBottom)}" stroke="${COLOURS.grid}" stroke-width="1"/>`,
      text(tickX, plotBottom + 12, formatNumber(tick, decimals), { size: 10, fill: COLOURS.muted, anchor: 'middle' }),
    );
  }

  rows.forEach(({ subject, summary }, index) => {
    const centre = plotTop + index * ROW_HEIGHT + ROW_HEIGHT / 2;
    const colour = subject.reference ? COLOURS.reference : COLOURS.peer;
    out.push(`<g><title>${escapeXml(tooltip(subject, summary, metric))}</title>`);
    out.push(text(barX - 8, centre + 4, truncate(subject.label, labelWidth - 10), { anchor: 'end', weight: subject.reference ? 600 : 400 }));
    if (summary.median === undefined) {
      out.push(text(barX + 4, centre + 4, values[index] ?? '', { fill: COLOURS.muted }));
    } else {
      out.push(
        `<rect class="bar${subject.reference ? ' reference' : ''}" x="${n(barX)}" y="${n(centre - BAR_HEIGHT / 2)}"` +
          ` width="${n(scale(summary.median) - barX)}" height="${BAR_HEIGHT}" rx="2" fill="${colour}"/>`,
      );
      if (summary.min !== undefined && summary.max !== undefined && summary.n > 1) out.push(spreadLine(scale(summary.min), scale(summary.max), centre));
      const end = Math.max(scale(summary.median), scale(summary.max ?? summary.median));
      out.push(text(end + 6, centre + 4, values[index] ?? '', { weight: subject.reference ? 600 : 400 }));
    }
    out.push('</g>');
  });
  out.push('</g>');
  return out.join('\n');
}

/** `2 606 ms`, with the missing count when some runs gave no value; `no data` when none did. */
function valueText(summary: Summary, metric: BenchMetric): string {
  const missing = summary.missing > 0 ? ` (${summary.missing} missing)` : '';
  if (summary.median === undefined) return `no data${missing}`;
  return `${formatValue(summary.median, metric.unit)}${unitSuffix(metric.unit)}${missing}`;
}

/** Hover text with what the bar leaves out: n, min–max and the quartiles. */
function tooltip(subject: BenchSubject, summary: Summary, metric: BenchMetric): string {
  const unit = unitSuffix(metric.unit);
  const format = (value: number): string => formatValue(value, metric.unit);
  const parts = [`n=${summary.n}`];
  if (summary.median !== undefined) parts.push(`median ${format(summary.median)}${unit}`);
  if (summary.min !== undefined && summary.max !== undefined) parts.push(`min–max ${format(summary.min)}–${format(summary.max)}${unit}`);
  if (summary.q1 !== undefined && summary.q3 !== undefined) parts.push(`IQR ${format(summary.q1)}–${format(summary.q3)}${unit}`);
  if (summary.missing > 0) parts.push(`${summary.missing} missing`);
  return `${subject.label}: ${parts.join(', ')}`;
}

function spreadLine(from: number, to: number, centre: number): string {
  const cap = (at: number): string => `<line x1="${n(at)}" y1="${n(centre - 4)}" x2="${n(at)}" y2="${n(centre + 4)}"/>`;
  return (
    `<g stroke="${COLOURS.spread}" stroke-width="1.5">` +
    `<line x1="${n(from)}" y1="${n(centre)}" x2="${n(to)}" y2="${n(centre)}"/>${cap(from)}${cap(to)}</g>`
  );
}

function swatchRect(x: number, y: number, fill: string): string {
  return `<rect x="${n(x)}" y="${y - 5}" width="12" height="10" rx="2" fill="${fill}"/>`;
}

interface TextOptions {
  size?: number;
  weight?: number;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
}

function text(x: number, y: number, content: string, options: TextOptions = {}): string {
  const attributes = [`x="${n(x)}"`, `y="${n(y)}"`];
  if (options.size !== undefined) attributes.push(`font-size="${options.size}"`);
  if (options.weight !== undefined && options.weight !== 400) attributes.push(`font-weight="${options.weight}"`);
  if (options.fill !== undefined) attributes.push(`fill="${options.fill}"`);
  if (options.anchor !== undefined && options.anchor !== 'start') attributes.push(`text-anchor="${options.anchor}"`);
  return `<text ${attributes.join(' ')}>${escapeXml(content)}</text>`;
}

/**
 * Axis from 0 to the largest value, so the longest bar spans the panel, with ticks at about
 * `intervals` steps of 1/2/2.5/5 × 10^k below it, so tick labels stay short. `decimals` is what
 * the step needs to print exactly.
 */
export function niceScale(top: number, intervals = 4): { max: number; ticks: number[]; decimals: number } {
  if (!(top > 0) || !Number.isFinite(top)) return { max: 1, ticks: [0, 0.5, 1], decimals: 1 };
  const rough = top / intervals;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let index = 0; index * step <= top * (1 + 1e-9); index += 1) ticks.push(Number((index * step).toPrecision(12)));
  let decimals = 0;
  while (decimals < 6 && Math.abs(Math.round(step * 10 ** decimals) - step * 10 ** decimals) > 1e-6) decimals += 1;
  return { max: top, ticks, decimals };
}

/** No font metrics without a browser: ~0.54 em per character is generous for UI sans-serif fonts. */
const EM_PER_CHARACTER = 0.54;

function textWidth(content: string, size: number): number {
  return [...content].length * size * EM_PER_CHARACTER;
}

function truncate(content: string, width: number): string {
  const characters = [...content];
  const fits = Math.floor(width / (FONT_SIZE * EM_PER_CHARACTER));
  return characters.length <= fits ? content : `${characters.slice(0, Math.max(1, fits - 1)).join('')}…`;
}

/** One decimal is well below a pixel and keeps the file small. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}
