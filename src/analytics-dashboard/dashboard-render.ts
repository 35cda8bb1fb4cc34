// The dashboard's panels from /admin/analytics/data.json (the shape is
// src/contract/schemas/dashboard-schema.ts). Text that came from viewers (content titles, error codes)
// only ever goes in through textContent or Chart.js labels, never as HTML.
import { Chart } from 'chart.js';
import type { DashboardData } from '../contract/schemas/dashboard-schema.ts';
import { formatDuration } from './analytics-format.ts';
import {
  barChart, countAxis, durationAxis, inDurationUnit, integer, lineChart, percentAxis, type DashboardChart, type Series,
} from './chart-configs.ts';

const percent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 1 });
// Rebuffering is a fraction of a percent when all is well: it needs the extra digit.
const finePercent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 2 });
const NETWORKS: Record<string, string> = { gprs: 'GPRS', '2g': '2G', '3g': '3G', '4g': '4G', wifi: 'Wi-Fi', unknown: 'неизвестна' };
const TOP_CONTENTS = 6;
const NO_DATA = 'Нет данных за выбранный период';

const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const milliseconds = (ms: number | null) => (ms === null ? '—' : formatDuration(ms / 1000));
const share = (value: number | null) => (value === null ? '—' : percent.format(value));
const fineShare = (value: number | null) => (value === null ? '—' : finePercent.format(value));
const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the dashboard page has no #${id}`);
  return element;
}

/** Draws a panel's charts, or says why there is nothing to draw. */
function drawPanel(id: string, charts: readonly DashboardChart[], emptyText: string): void {
  const panel = byId(id);
  const empty = panel.querySelector<HTMLElement>('.empty');
  const boxes = [...panel.querySelectorAll<HTMLElement>('.chart-box')];
  if (charts.length === 0) {
    if (empty) {
      empty.textContent = emptyText;
      empty.hidden = false;
    }
    for (const box of boxes) box.hidden = true;
    return;
  }
  charts.forEach((config, index) => {
    const canvas = boxes[index]?.querySelector('canvas');
    if (!canvas) return;
    // Each kind on its own: Chart.js's types do not take a union of configurations.
    if (config.type === 'bar') new Chart(canvas, config);
    else new Chart(canvas, config);
  });
}

function tile(label: string, value: string, hint?: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'tile';
  const name = document.createElement('span');
  name.className = 'tile-label';
  name.textContent = label;
  const figure = document.createElement('strong');
  figure.textContent = value;
  element.append(name, figure);
  if (hint) {
    const small = document.createElement('small');
    small.textContent = hint;
    element.append(small);
  }
  return element;
}

function fillTable(id: string, rows: ReadonlyArray<readonly string[]>): void {
  const table = byId(id);
  const body = table.querySelector('tbody');
  for (const cells of rows) {
    const row = document.createElement('tr');
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    body?.append(row);
  }
  table.hidden = rows.length === 0;
}

const contentName = (content: { title: string; videoId: number }) => content.title || `Контент ${content.videoId}`;
type ContentDay = DashboardData['views']['byDay'][number];

/** One dataset per most-viewed content, the rest summed as «Остальное». */
function perContentDatasets(data: DashboardData, pick: (row: ContentDay) => number): Series[] {
  const top = data.views.byContent.slice(0, TOP_CONTENTS);
  const topIds = new Set(top.map((content) => content.videoId));
  const valueOn = (day: string, match: (row: ContentDay) => boolean) => sum(data.views.byDay.filter((row) => row.day === day && match(row)), pick);
  const datasets = top.map((content) => ({
    label: contentName(content),
    data: data.days.map((day) => valueOn(day, (row) => row.videoId === content.videoId)),
  }));
  if (data.views.byContent.length > TOP_CONTENTS) {
    datasets.push({ label: 'Остальное', data: data.days.map((day) => valueOn(day, (row) => !topIds.has(row.videoId))) });
  }
  return datasets;
}

function drawTiles(data: DashboardData): void {
  const views = sum(data.views.byContent, (row) => row.views);
  const failedViews = sum(data.failures.byDay, (row) => row.failedViews);
  const tiles = byId('tiles');
  tiles.append(
    tile('Просмотры', integer.format(views)),
    tile('Время просмотра', formatDuration(data.rebuffering.overall.watchSec)),
    tile('Запуск, медиана', milliseconds(data.startup.overall.p50Ms), `95-й процентиль: ${milliseconds(data.startup.overall.p95Ms)}`),
    tile('Доля буферизации', fineShare(data.rebuffering.overall.ratio)),
    tile('Просмотры со сбоем', share(views > 0 ? failedViews / views : null), `${integer.format(failedViews)} из ${integer.format(views)}`),
    tile('Заполнение рекламы', share(data.ads.overall.fillRate), `досмотрено роликов: ${share(data.ads.overall.completionRate)}`),
    tile('Уходы до старта', share(data.exits.overall.beforeStartRate), `${integer.format(data.exits.overall.exitsBeforeStart)} из ${integer.format(views)}`),
  );
  tiles.hidden = false;
}

function drawFailures(data: DashboardData, any: boolean): void {
  const failures = data.failures.byCodeAndNetwork;
  const codes = [...new Set(failures.map((row) => row.code))];
  const networks = [...new Set(failures.map((row) => row.networkType))];
  const codeLabel = (code: string) => {
    const category = failures.find((row) => row.code === code && row.category)?.category;
    return `${code || 'без кода'}${category ? ` (${category})` : ''}`;
  };
  drawPanel('failures', failures.length > 0 ? [barChart(codes.map(codeLabel), networks.map((network) => ({
    label: NETWORKS[network] ?? network,
    data: codes.map((code) => failures.find((row) => row.code === code && row.networkType === network)?.count ?? 0),
  })), { stacked: true, horizontal: true })] : [], any ? 'Сбоев за период не было' : NO_DATA);
  fillTable('failures-table', failures.map((row) => [row.code || 'без кода', row.category ?? '—', NETWORKS[row.networkType] ?? row.networkType, integer.format(row.count)]));
  fillTable('failures-content-table', data.failures.byContent.map((row) => [contentName(row), integer.format(row.failures), integer.format(row.failedViews)]));
}

/** Every panel of the page, from one answer of data.json; `status` says what period it covers. */
export function renderDashboard(data: DashboardData, status: HTMLElement): void {
  const labels = data.days.map(dayLabel);
  const any = data.events > 0;
  if (any) drawTiles(data);
  status.textContent = any
    ? `События с ${dayLabel(data.days[0] ?? '')} по ${dayLabel(data.days[data.days.length - 1] ?? '')} (UTC): ${integer.format(data.events)}`
    : 'Нет данных: за выбранный период плееры не прислали ни одного события.';

  const hasViews = data.views.byContent.some((content) => content.views > 0);
  drawPanel('views', hasViews ? [barChart(labels, perContentDatasets(data, (row) => row.views), { stacked: true })] : [], NO_DATA);
  fillTable('contents-table', hasViews ? data.views.byContent.map((content) => [contentName(content), integer.format(content.views), formatDuration(content.watchSec)]) : []);

  const hasWatch = data.rebuffering.overall.watchSec > 0;
  const watch = inDurationUnit(perContentDatasets(data, (row) => row.watchSec), { stacked: true });
  drawPanel('watch', hasWatch ? [barChart(labels, watch.datasets, { stacked: true, value: durationAxis(watch.unit) })] : [], NO_DATA);

  const startup = data.startup;
  const startupLines = inDurationUnit([
    { label: 'Медиана', data: startup.byDay.map((row) => row.p50Ms) },
    { label: '95-й процентиль', data: startup.byDay.map((row) => row.p95Ms) },
  ], { scale: 0.001 });
  drawPanel('startup', startup.overall.count > 0 ? [
    lineChart(labels, startupLines.datasets, durationAxis(startupLines.unit)),
    barChart(
      startup.histogram.map((bin) => (bin.toMs === null ? `≥ ${milliseconds(bin.fromMs)}` : `${milliseconds(bin.fromMs)} – ${milliseconds(bin.toMs)}`)),
      [{ label: 'Запусков', data: startup.histogram.map((bin) => bin.count) }],
      { value: countAxis() },
    ),
  ] : [], NO_DATA);

  drawPanel('rebuffer', hasWatch ? [
    lineChart(labels, [{ label: 'Доля буферизации', data: data.rebuffering.byDay.map((row) => row.ratio) }], percentAxis(fineShare)),
  ] : [], NO_DATA);

  drawFailures(data, any);

  const ads = data.ads;
  drawPanel('ads', ads.overall.breaksRequested + ads.overall.adsStarted + ads.overall.adErrors > 0 ? [barChart(labels, [
    { label: 'Запрошенные паузы', data: ads.byDay.map((row) => row.breaksRequested) },
    { label: 'Заполненные паузы', data: ads.byDay.map((row) => row.breaksFilled) },
    { label: 'Начатые ролики', data: ads.byDay.map((row) => row.adsStarted) },
    { label: 'Досмотренные ролики', data: ads.byDay.map((row) => row.adsCompleted) },
    { label: 'Пропущенные ролики', data: ads.byDay.map((row) => row.adsSkipped) },
    { label: 'Ошибки рекламы', data: ads.byDay.map((row) => row.adErrors) },
  ])] : [], NO_DATA);

  drawPanel('exits', data.exits.overall.endedViews > 0 ? [barChart(labels, [
    { label: 'Ушли до первого кадра', data: data.exits.byDay.map((row) => row.exitsBeforeStart) },
    { label: 'из них во время преролла', data: data.exits.byDay.map((row) => row.exitsDuringPreroll) },
  ])] : [], NO_DATA);
}
