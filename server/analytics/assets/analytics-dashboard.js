/* global Chart */
// The analytics dashboard's page script (an ES module): reads /admin/analytics/data.json (the
// shape is server/analytics/dashboard-data.ts) and draws it with Chart.js, served from our own
// origin. Text that came from viewers (content titles, error codes) only ever goes in through
// textContent or Chart.js labels, never as HTML.
import { axisNumber, durationUnit, formatDuration, percentTick, tickStep } from './analytics-format.js';

(() => {
  const root = document.getElementById('dashboard');
  const status = document.getElementById('status');
  const integer = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 1 });
  // Rebuffering is a fraction of a percent when all is well: it needs the extra digit.
  const finePercent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 2 });
  const COLORS = ['#2f6fde', '#e0882f', '#2a9d6f', '#c2416b', '#7b5cd6', '#8a8f98', '#1b9bb3', '#b5a21f'];
  const NETWORKS = { gprs: 'GPRS', '2g': '2G', '3g': '3G', '4g': '4G', wifi: 'Wi-Fi', unknown: 'неизвестна' };
  const TOP_CONTENTS = 6;

  Chart.defaults.locale = 'ru-RU';
  Chart.defaults.font.family = 'system-ui, sans-serif';
  // Drawn once per load: animation would only delay what the operator came to read.
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  // Small colour boxes: a phone's panel fits two legend entries a row, and the plot keeps its room.
  Chart.defaults.plugins.legend.labels.boxWidth = 12;

  const dayLabel = (day) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
  const milliseconds = (ms) => (ms === null ? '—' : formatDuration(ms / 1000));
  const share = (value) => (value === null ? '—' : percent.format(value));
  const fineShare = (value) => (value === null ? '—' : finePercent.format(value));
  const sum = (rows, pick) => rows.reduce((total, row) => total + pick(row), 0);

  /** Draws a panel's charts, or says why there is nothing to draw. */
  function drawPanel(id, charts, emptyText) {
    const panel = document.getElementById(id);
    const empty = panel.querySelector('.empty');
    const boxes = panel.querySelectorAll('.chart-box');
    if (charts.length === 0) {
      empty.textContent = emptyText;
      empty.hidden = false;
      for (const box of boxes) box.hidden = true;
      return;
    }
    charts.forEach((config, index) => new Chart(boxes[index].querySelector('canvas'), config));
  }

  /**
   * A value axis and how its values read. Counts tick in whole numbers; durations in one unit
   * (the one the largest value fits, named on the axis; the data is given in it); ratios in
   * percent. Every tick label has the decimals its step needs, so none repeats.
   */
  const countAxis = () => ({ axis: { ticks: { precision: 0, callback: (value) => integer.format(value) } }, read: integer.format });
  const percentAxis = (read) => ({ axis: { ticks: { callback: (value, _index, ticks) => percentTick(value, tickStep(ticks)) } }, read });
  function durationAxis(unit) {
    return {
      axis: { title: { display: true, text: unit.unit }, ticks: { callback: (value, _index, ticks) => axisNumber(value, tickStep(ticks)) } },
      read: (value) => formatDuration(value * unit.seconds),
    };
  }
  /** The largest value a day shows: the stacked total, or the largest single bar or point. */
  const largest = (datasets, stacked) => Math.max(0, ...(stacked && datasets.length > 0
    ? datasets[0].data.map((_, index) => sum(datasets, (set) => set.data[index] ?? 0))
    : datasets.flatMap((set) => set.data.filter((value) => value !== null))));
  /** Datasets of seconds (or ms: `scale`), in the unit their largest value fits, and that unit. */
  function inDurationUnit(datasets, { stacked = false, scale = 1 } = {}) {
    const unit = durationUnit(largest(datasets, stacked) * scale);
    const factor = scale / unit.seconds;
    return { unit, datasets: datasets.map((set) => ({ ...set, data: set.data.map((value) => (value === null ? null : value * factor)) })) };
  }

  function barChart(labels, datasets, { stacked = false, value = countAxis(), horizontal = false } = {}) {
    const valueAxis = { stacked, beginAtZero: true, ...value.axis };
    const categoryAxis = { stacked, grid: { display: false } };
    return {
      type: 'bar',
      data: { labels, datasets: datasets.map((set, index) => ({ backgroundColor: COLORS[index % COLORS.length], ...set })) },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${value.read(item.raw ?? 0)}` } } },
      },
    };
  }

  function lineChart(labels, datasets, value) {
    return {
      type: 'line',
      data: {
        labels,
        datasets: datasets.map((set, index) => ({ borderColor: COLORS[index], backgroundColor: COLORS[index], tension: 0.2, ...set })),
      },
      options: {
        // One day's point stands over its label, not on the value axis where half of it is hidden.
        scales: { x: { offset: labels.length === 1 }, y: { beginAtZero: true, ...value.axis } },
        plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${value.read(item.raw)}` } } },
      },
    };
  }

  function tile(label, value, hint) {
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

  function fillTable(id, rows) {
    const table = document.getElementById(id);
    const body = table.querySelector('tbody');
    for (const cells of rows) {
      const row = document.createElement('tr');
      for (const text of cells) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      body.append(row);
    }
    table.hidden = rows.length === 0;
  }

  const contentName = (content) => content.title || `Контент ${content.videoId}`;

  /** One dataset per most-viewed content, the rest summed as «Остальное». */
  function perContentDatasets(data, pick) {
    const top = data.views.byContent.slice(0, TOP_CONTENTS);
    const topIds = new Set(top.map((content) => content.videoId));
    const valueOn = (day, match) => sum(data.views.byDay.filter((row) => row.day === day && match(row)), pick);
    const datasets = top.map((content) => ({
      label: contentName(content),
      data: data.days.map((day) => valueOn(day, (row) => row.videoId === content.videoId)),
    }));
    if (data.views.byContent.length > TOP_CONTENTS) {
      datasets.push({ label: 'Остальное', data: data.days.map((day) => valueOn(day, (row) => !topIds.has(row.videoId))) });
    }
    return datasets;
  }

  function drawTiles(data) {
    const views = sum(data.views.byContent, (row) => row.views);
    const failedViews = sum(data.failures.byDay, (row) => row.failedViews);
    const tiles = document.getElementById('tiles');
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

  function render(data) {
    const labels = data.days.map(dayLabel);
    const noData = 'Нет данных за выбранный период';
    const any = data.events > 0;
    if (any) drawTiles(data);
    status.textContent = any
      ? `События с ${dayLabel(data.days[0])} по ${dayLabel(data.days[data.days.length - 1])} (UTC): ${integer.format(data.events)}`
      : 'Нет данных: за выбранный период плееры не прислали ни одного события.';

    const hasViews = data.views.byContent.some((content) => content.views > 0);
    drawPanel('views', hasViews ? [barChart(labels, perContentDatasets(data, (row) => row.views), { stacked: true })] : [], noData);
    fillTable('contents-table', hasViews ? data.views.byContent.map((content) => [contentName(content), integer.format(content.views), formatDuration(content.watchSec)]) : []);

    const hasWatch = data.rebuffering.overall.watchSec > 0;
    const watch = inDurationUnit(perContentDatasets(data, (row) => row.watchSec), { stacked: true });
    drawPanel('watch', hasWatch ? [barChart(labels, watch.datasets, { stacked: true, value: durationAxis(watch.unit) })] : [], noData);

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
      ),
    ] : [], noData);

    drawPanel('rebuffer', hasWatch ? [
      lineChart(labels, [{ label: 'Доля буферизации', data: data.rebuffering.byDay.map((row) => row.ratio) }], percentAxis(fineShare)),
    ] : [], noData);

    const failures = data.failures.byCodeAndNetwork;
    const codes = [...new Set(failures.map((row) => row.code))];
    const networks = [...new Set(failures.map((row) => row.networkType))];
    const codeLabel = (code) => {
      const category = failures.find((row) => row.code === code && row.category)?.category;
      return `${code || 'без кода'}${category ? ` (${category})` : ''}`;
    };
    drawPanel('failures', failures.length > 0 ? [barChart(codes.map(codeLabel), networks.map((network) => ({
      label: NETWORKS[network] ?? network,
      data: codes.map((code) => failures.find((row) => row.code === code && row.networkType === network)?.count ?? 0),
    })), { stacked: true, horizontal: true })] : [], any ? 'Сбоев за период не было' : noData);
    fillTable('failures-table', failures.map((row) => [row.code || 'без кода', row.category ?? '—', NETWORKS[row.networkType] ?? row.networkType, integer.format(row.count)]));
    fillTable('failures-content-table', data.failures.byContent.map((row) => [contentName(row), integer.format(row.failures), integer.format(row.failedViews)]));

    const ads = data.ads;
    drawPanel('ads', ads.overall.breaksRequested + ads.overall.adsStarted + ads.overall.adErrors > 0 ? [barChart(labels, [
      { label: 'Запрошенные паузы', data: ads.byDay.map((row) => row.breaksRequested) },
      { label: 'Заполненные паузы', data: ads.byDay.map((row) => row.breaksFilled) },
      { label: 'Начатые ролики', data: ads.byDay.map((row) => row.adsStarted) },
      { label: 'Досмотренные ролики', data: ads.byDay.map((row) => row.adsCompleted) },
      { label: 'Пропущенные ролики', data: ads.byDay.map((row) => row.adsSkipped) },
      { label: 'Ошибки рекламы', data: ads.byDay.map((row) => row.adErrors) },
    ])] : [], noData);

    drawPanel('exits', data.exits.overall.endedViews > 0 ? [barChart(labels, [
      { label: 'Ушли до первого кадра', data: data.exits.byDay.map((row) => row.exitsBeforeStart) },
      { label: 'из них во время преролла', data: data.exits.byDay.map((row) => row.exitsDuringPreroll) },
    ])] : [], noData);
  }

  async function load() {
    const response = await fetch(`${root.dataset.source}?days=${encodeURIComponent(root.dataset.days)}`, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    // The session ended (a new token, or it expired): the page itself now asks to log in.
    if (response.status === 401 || response.status === 403) {
      window.location.reload();
      return;
    }
    if (!response.ok) throw new Error(`data.json: ${response.status}`);
    render(await response.json());
    root.dataset.ready = 'true';
  }

  load().catch((error) => {
    status.textContent = 'Не удалось загрузить данные аналитики. Обновите страницу.';
    status.classList.add('error');
    console.error(error);
  });
})();
