import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { eventOf } from '../test/server/analytics-events.ts';
import type { AnalyticsEvent } from '../src/contract/schemas/analytics-schema.ts';
import { OWN_ADMIN_TOKEN, startOwnCollector, type OwnCollector } from './own-collector.ts';

/**
 * The operator reads small numbers right on a phone: a few views, 144 s watched in all. The
 * figures come from a collector of this test's own, so the numbers are exactly these.
 */
let collector: OwnCollector;
test.beforeAll(async ({ request }) => {
  collector = await startOwnCollector();
  const at = Date.now() - 10 * 60_000;
  const view = (specs: Array<Omit<Parameters<typeof eventOf>[0], 'viewId' | 'ts'>>): AnalyticsEvent[] => {
    const viewId = randomUUID();
    return specs.map((spec, index) => eventOf({ ...spec, viewId, ts: at + index * 1000 }));
  };
  const events = [
    ...view([
      { event: 'ad_break_request', detail: { ad_break: 'preroll' } },
      { event: 'ad_play', detail: { ad_break: 'preroll', ad_current_id: 'c1' } },
      { event: 'view_start', detail: { startup_ms: 420 } },
      { event: 'rebuffer', detail: { rebuffer_ms: 300 } },
      { event: 'view_end', payload: { real_time_played_sec: 100 }, detail: { exit_before_start: false } },
    ]),
    ...view([
      { event: 'view_start', payload: { video_id: 2, video_title: 'Город без карты' }, detail: { startup_ms: 650 } },
      { event: 'view_end', payload: { video_id: 2, video_title: 'Город без карты', real_time_played_sec: 44 }, detail: { exit_before_start: false } },
    ]),
    ...view([{ event: 'view_end', detail: { exit_before_start: true } }]),
  ];
  const response = await request.post(`${collector.url}/collect`, { data: { sent_at: Date.now(), events } });
  expect(response.status(), await response.text()).toBe(200);
});
test.afterAll(() => collector.close());

async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${collector.url}/admin/analytics`);
  await page.getByLabel('Токен доступа (ADMIN_TOKEN)').fill(OWN_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.locator('#dashboard')).toHaveAttribute('data-ready', 'true');
}

/** The lines a link's text takes (one top per line of its text). */
const linesOf = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).evaluate((link) => {
  const range = document.createRange();
  range.selectNodeContents(link);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
});

/** Every numeric axis's tick labels, as Chart.js made them, per chart canvas. */
const numericTicks = (page: Page) => page.evaluate(() => {
  const charts = Object.values((window as unknown as { Chart: { instances: Record<string, unknown> } }).Chart.instances) as Array<{
    canvas: HTMLCanvasElement; scales: Record<string, { type: string; ticks: Array<{ label: string | string[] }> }>;
  }>;
  return charts.flatMap((chart) => Object.entries(chart.scales)
    .filter(([, scale]) => scale.type === 'linear')
    .map(([axis, scale]) => ({ chart: `${chart.canvas.id}.${axis}`, labels: scale.ticks.map((tick) => [tick.label].flat().join(' ')) })));
});

for (const width of [390, 320]) {
  test(`at ${width} px: the period tabs stay on one line each, small figures read in their unit, no axis label repeats`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await openDashboard(page);
      for (const name of ['Сегодня', '7 дней', '30 дней', '90 дней']) {
        expect(await linesOf(page, name), name).toBe(1);
        const box = (await page.getByRole('link', { name, exact: true }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      }
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const tile = (label: string) => page.locator('.tile', { has: page.locator('.tile-label', { hasText: label }) }).locator('strong');
      await expect(tile('Время просмотра')).toHaveText('2,4 мин');
      await expect(tile('Запуск, медиана')).toHaveText('535 мс');
      await expect(tile('Заполнение рекламы')).toHaveText('100 %');

      await expect(page.getByRole('heading', { name: 'Что значат показатели' })).toBeVisible();
      const axes = await numericTicks(page);
      // Views, watch time, start-up (two), rebuffering, ads, exits.
      expect(axes.map((axis) => axis.chart)).toEqual(expect.arrayContaining([
        'views-chart.y', 'watch-chart.y', 'startup-chart.y', 'startup-chart-2.y', 'rebuffer-chart.y', 'ads-chart.y', 'exits-chart.y',
      ]));
      for (const axis of axes) {
        expect(axis.labels.length, axis.chart).toBeGreaterThan(1);
        expect(new Set(axis.labels).size, `${axis.chart}: ${axis.labels.join(' | ')}`).toBe(axis.labels.length);
      }
      // Counts in whole numbers.
      for (const id of ['views-chart.y', 'startup-chart-2.y', 'ads-chart.y', 'exits-chart.y']) {
        const labels = axes.find((axis) => axis.chart === id)!.labels;
        expect(labels.every((label) => /^\d+$/.test(label)), `${id}: ${labels.join(' | ')}`).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
}
