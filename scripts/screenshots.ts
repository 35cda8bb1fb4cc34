/**
 * `npm run screenshots`: the player over a series at a desktop size, a phone held upright and the
 * smallest embed hosts use, each with the controls shown and with a menu open, plus the demo
 * host page on a phone, and the catalogue site (home, search results, a content page with its
 * player) on a desktop and a phone, and its player stretched over the page on an iPhone; written to docs/screenshots/ so their look can be reviewed.
 * Runs the server in memory on a spare port. `-- --only=site` takes the site's alone.
 */
import { chromium, devices, type Browser, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from './widget-build.ts';
import { pauseAt } from './pause-at.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;

/** Name, viewport, and whether it is a touch phone. */
const SIZES = [
  ['desktop-1280x720', { width: 1280, height: 720 }, false],
  ['phone-390x844', { width: 390, height: 844 }, true],
  ['small-320x180', { width: 320, height: 180 }, true],
] as const;
const SITE_SIZES = [
  ['desktop', { width: 1280, height: 800 }, false],
  ['phone', { width: 390, height: 844 }, true],
] as const;
/** Ends the run early, on purpose (`--only=site`). */
class Done extends Error {}

await buildWidgetIfStale();
const server = await startServer(loadServerConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: 'memory://', AD_LIST_URL: '/catalog-api/ad-list.json?case=none' }));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});

/** Plays the video muted to `seconds`, then pauses there (the controls stay up while paused). */
const pausedAt = (page: Page, seconds: number) => pauseAt(page.locator('video'), seconds);

async function shoot(target: Browser, name: string, viewport: { width: number; height: number }, touch: boolean): Promise<void> {
  const page = await target.newPage({ viewport, hasTouch: touch, isMobile: touch });
  await page.goto(`${server.url}/embed?movie_id=2&enabled_share`);
  await pausedAt(page, 6);
  await page.locator('.controls--shown').waitFor();
  await page.screenshot({ path: `${OUT}${name}-controls.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Настройки' }).click();
  await page.getByRole('menu', { name: 'Настройки' }).waitFor();
  await page.screenshot({ path: `${OUT}${name}-settings.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^\d+ серия/ }).click();
  await page.getByRole('menu', { name: 'Серии' }).waitFor();
  await page.screenshot({ path: `${OUT}${name}-episodes.png`, animations: 'disabled' });
  await page.close();
}

/** The preroll's overlay (marking, countdown to 'Пропустить', its controls) at one size. */
async function shootAd(target: Browser, name: string, viewport: { width: number; height: number }, touch: boolean): Promise<void> {
  const page = await target.newPage({ viewport, hasTouch: touch, isMobile: touch });
  await page.addInitScript(() => {
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { adListUrl: '/catalog-api/ad-list.json' };
  });
  await page.goto(`${server.url}/embed?movie_id=2&auto_play`);
  await page.getByRole('button', { name: /^Пропустить через/ }).waitFor();
  await page.screenshot({ path: `${OUT}${name}-ad.png`, animations: 'disabled' });
  await page.close();
}

/** Until every image the first screen loads has arrived (the rest are lazy and stay out of the picture). */
async function imagesIn(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => {
    const box = image.getBoundingClientRect();
    const onScreen = box.top < innerHeight && box.bottom > 0 && box.left < innerWidth && box.right > 0;
    return !onScreen || (image.complete && image.naturalWidth > 0);
  }));
}

/** The catalogue site at one size: its home page, the results of a misspelt search, and the series' page with its player. */
async function shootSite(target: Browser, name: string, viewport: { width: number; height: number }, touch: boolean): Promise<void> {
  const page = await target.newPage({ viewport, hasTouch: touch, isMobile: touch });
  await page.goto(`${server.url}/`);
  await page.getByRole('list', { name: 'Сейчас смотрят' }).locator('img').first().waitFor();
  await imagesIn(page);
  await page.screenshot({ path: `${OUT}site-home-${name}.png`, animations: 'disabled' });
  await page.goto(`${server.url}/search?q=${encodeURIComponent('горад без карты')}`);
  await page.getByRole('list', { name: 'Результаты поиска' }).locator('mark').first().waitFor();
  await imagesIn(page);
  await page.screenshot({ path: `${OUT}site-search-${name}.png`, animations: 'disabled' });
  await page.goto(`${server.url}/contents/gorod-bez-karty`);
  await page.frameLocator('[data-testid="site-player"] iframe').locator('.controls--shown').waitFor();
  await page.locator('[data-testid="site-player"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}site-content-${name}.png`, animations: 'disabled' });
  await page.close();
}

/**
 * A host page's player in stretched fullscreen on an iPhone (the host SDK stretches the frame over
 * the page; the player's close button puts it back): the catalogue site's series page.
 */
async function shootStretched(target: Browser): Promise<void> {
  const iPhone = devices['iPhone 13'];
  const page = await target.newPage({ viewport: iPhone.viewport, userAgent: iPhone.userAgent, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await page.goto(`${server.url}/contents/gorod-bez-karty`);
  const player = page.frameLocator('[data-testid="site-player"] iframe');
  await player.locator('.controls--shown').waitFor();
  await player.getByRole('button', { name: 'Полноэкранный режим' }).tap();
  await player.getByRole('button', { name: 'Закрыть' }).waitFor();
  await page.screenshot({ path: `${OUT}sdk-stretched-fullscreen-phone.png`, animations: 'disabled' });
  await page.close();
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

try {
  // Each shot overwrites its own file; the dashboard's (scripts/analytics-screenshot.ts) stays.
  await mkdir(OUT, { recursive: true });
  for (const [name, viewport, touch] of SITE_SIZES) await shootSite(browser, name, viewport, touch);
  await shootStretched(browser);
  if (only === 'site') throw new Done();
  for (const [name, viewport, touch] of SIZES) await shoot(browser, name, viewport, touch);
  for (const [name, viewport, touch] of SIZES) await shootAd(browser, name, viewport, touch);

  // The demo host page on a phone: the series' frame, controls shown.
  const host = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await host.goto(`${server.url}/demo`);
  const frame = host.locator('iframe[src="/embed?movie_id=2&enabled_share"]');
  await frame.scrollIntoViewIfNeeded();
  const player = host.frameLocator('iframe[src="/embed?movie_id=2&enabled_share"]');
  await player.locator('.controls--shown').waitFor();
  await frame.screenshot({ path: `${OUT}host-page-phone-series.png`, animations: 'disabled' });
  console.log(`screenshots written to ${OUT}`);
} catch (error) {
  if (!(error instanceof Done)) throw error;
  console.log(`the site's screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
