import { expect, test, type Page } from '@playwright/test';
import { clickControl, embed, expectPlaysPast } from './helpers.ts';
import { phoneContext } from './phone-frame.ts';
import { startHostSites, type HostSites } from './host-sites.ts';

// 'Экономия трафика': Auto at 480p at most on film 8 (240p to 1080p), on by default when the
// browser asks to save data, and the host's SDK turns it on and off.

/** The video segments the page fetches at a level above 480p (film 8's v720 and v1080). */
function segmentsAbove480(page: Page): string[] {
  const above: string[] = [];
  page.on('request', (request) => {
    if (/\/films\/8\/v(720|1080)\/seg-/.test(request.url())) above.push(request.url());
  });
  return above;
}

/** Opens 'Настройки' and reads the data saver's row: its value and its line. */
async function dataSaverRow(page: Page) {
  const menu = page.getByRole('menu');
  if ((await menu.count()) === 0) await clickControl(page, page.getByRole('button', { name: 'Настройки' }));
  const row = page.getByRole('menuitemcheckbox', { name: /^Экономия трафика/ });
  await expect(row).toBeVisible();
  return row;
}

/** Plays film 8 well past its first segments and checks no level above 480p was fetched or shown. */
async function expectPlaysAtMost480p(page: Page, above: string[]) {
  const video = page.locator('video');
  await expectPlaysPast(video, 9);
  expect(above).toEqual([]);
  expect(await video.evaluate((element: HTMLVideoElement) => element.videoHeight)).toBeLessThanOrEqual(480);
  await expect(page.getByTestId('rendition')).toHaveText(/^(240|480)p$/);
}

for (const [name, viewport] of [['desktop', { width: 1280, height: 720 }], ['phone', { width: 360, height: 640 }]] as const) {
  test.describe(`on a ${name} (${viewport.width}×${viewport.height})`, () => {
    test.use(name === 'phone' ? phoneContext(viewport) : { viewport });

    test("the viewer's switch caps film 8 at 480p, and is remembered after a reload", async ({ page }) => {
      await embed(page, '?movie_id=8&debug');
      const row = await dataSaverRow(page);
      await expect(row).toHaveAttribute('aria-checked', 'false');
      await row.click();
      await expect(row).toHaveAttribute('aria-checked', 'true');
      await expect(row.locator('.settings-menu__value')).toHaveText('Вкл.');

      await page.reload();
      const above = segmentsAbove480(page);
      await expectPlaysAtMost480p(page, above);
      await expect(await dataSaverRow(page)).toHaveAttribute('aria-checked', 'true');
    });

    test('is on by default when the browser asks to save data, and the menu says why', async ({ page }) => {
      // What the page can read of Save-Data: navigator.connection (Chromium's Network Information API).
      await page.addInitScript(() => {
        const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g', downlink: 10, rtt: 50 });
        Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
      });
      const above = segmentsAbove480(page);
      await embed(page, '?movie_id=8&debug');
      await expectPlaysAtMost480p(page, above);
      const row = await dataSaverRow(page);
      await expect(row).toHaveAttribute('aria-checked', 'true');
      await expect(row).toContainText('Включено: браузер просит экономить трафик');
      // The viewer's own choice wins over the browser's hint.
      await row.click();
      await expect(row).toHaveAttribute('aria-checked', 'false');
      await expect(row).not.toContainText('браузер просит');
    });
  });
}

test.describe('through the host SDK', () => {
  let sites: HostSites;
  test.beforeAll(async ({ baseURL }) => {
    sites = await startHostSites();
    const page = (attributes: string) => `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Партнёр</title></head><body>
  <div id="player" data-kino-player ${attributes}></div>
  <script src="${baseURL}/catalog-api/lib.js"></script>
  <script>
    window.hostEvents = [];
    window.player = KinoPlayer.get(document.getElementById('player'));
    player.on('datasaverchange', (data) => hostEvents.push(data));
    window.ready = new Promise((resolve) => player.on('ready', resolve));
  </script></body></html>`;
    sites.serve(new Map([['/film', page('data-movie-id="8"')], ['/saving', page('data-movie-id="8" data-data-saver')]]));
  });
  test.afterAll(() => sites.close());

  test('setDataSaver turns it on and off, datasaverchange tells the host, and the state follows', async ({ page }) => {
    await page.goto(`${sites.origin('partner')}/film`);
    await page.evaluate('ready');
    expect(await page.evaluate('player.state.dataSaver')).toBe(false);
    expect(await page.evaluate('player.setDataSaver(true)')).toBe(true);
    expect(await page.evaluate('player.state.dataSaver')).toBe(true);
    await expect.poll(() => page.evaluate('hostEvents')).toEqual([{ on: true, reason: 'host' }]);
    expect(await page.evaluate('player.setDataSaver(false)')).toBe(false);
    await expect.poll(() => page.evaluate('hostEvents')).toEqual([{ on: true, reason: 'host' }, { on: false, reason: 'host' }]);
  });

  test('data-data-saver on the element starts the player with the saver on', async ({ page }) => {
    const above = segmentsAbove480(page);
    await page.goto(`${sites.origin('partner')}/saving`);
    await page.evaluate('ready');
    expect(await page.evaluate('player.state.dataSaver')).toBe(true);
    expect(await page.evaluate('player.play().then(() => true)')).toBe(true);
    const video = page.frameLocator('iframe').locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(9);
    expect(above).toEqual([]);
  });
});
