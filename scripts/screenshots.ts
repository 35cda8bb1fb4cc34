/**
 * `npm run screenshots`: the controls at a desktop and a phone size, written to
 * docs/screenshots/ so their look can be reviewed. Runs the server in memory on a spare port.
 */
import { chromium, type Page } from '@playwright/test';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from './widget-build.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;

await buildWidgetIfStale();
const server = await startServer(loadServerConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: 'memory://' }));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});

/** Opens S1E2 of the series paused a few seconds in, with the controls showing. */
async function open(page: Page): Promise<void> {
  await page.goto(`${server.url}/embed?movie_id=2&enabled_share`);
  const video = page.locator('video');
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return new Promise<void>((resolve) => {
      // No named function here: the script runner would wrap it in a helper the page lacks.
      const lifetime = new AbortController();
      element.addEventListener('timeupdate', () => {
        if (element.currentTime < 6) return;
        lifetime.abort();
        element.pause();
        resolve();
      }, { signal: lifetime.signal });
      void element.play();
    });
  });
}

try {
  const desktop = await browser.newPage({ viewport: { width: 960, height: 540 } });
  await open(desktop);
  await desktop.mouse.move(480, 200);
  await desktop.locator('.controls--shown').waitFor();
  await desktop.screenshot({ path: `${OUT}controls-desktop.png`, animations: 'disabled' });
  await desktop.getByRole('button', { name: 'Настройки' }).click();
  await desktop.screenshot({ path: `${OUT}controls-desktop-settings.png`, animations: 'disabled' });

  const phone = await browser.newPage({ viewport: { width: 390, height: 220 }, hasTouch: true, isMobile: true });
  await open(phone);
  await phone.locator('.controls--shown').waitFor();
  await phone.screenshot({ path: `${OUT}controls-phone.png`, animations: 'disabled' });
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
