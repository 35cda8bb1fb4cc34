/**
 * `npm run screenshots:small-frames`: the player's overlays in a phone's 16:9 frame, the way most
 * viewers meet it — a 100 %-wide iframe in a portrait page (358×201 at 390 px, 288×162 at 320 px),
 * with touch: the end-of-episode card, the settings menu and its quality menu, the share popup,
 * the resume window, an error card and the ad overlay. Written to docs/screenshots/ so that
 * nothing cut or overlapping goes unseen. Runs the server in memory on a spare port.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { useApiElsewhere } from '../e2e/helpers.ts';
import { openPhoneFrame, PHONE_PAGES, type PhoneFrame } from '../e2e/phone-frame.ts';
import { buildWidgetIfStale } from './widget-build.ts';
import { pauseAt } from './pause-at.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;

await buildWidgetIfStale();
const server = await startServer(loadServerConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: 'memory://', AD_LIST_URL: '/catalog-api/ad-list.json?case=none' }));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});

type Shot = (page: Page) => Promise<PhoneFrame>;

const video = (opened: PhoneFrame) => opened.frame.locator('video.player__video');

/** Plays muted until the time passes `seconds`, then pauses (paused, the controls stay up). */
const playTo = (opened: PhoneFrame, seconds: number) => pauseAt(video(opened), seconds);

const SHOTS: Record<string, Shot> = {
  async 'end-card'(page) {
    const opened = await openPhoneFrame(page, server.url, '?movie_id=2&episode_id=202&next_episode_countdown=600');
    await playTo(opened, 1);
    await video(opened).evaluate((element: HTMLVideoElement) => {
      element.currentTime = element.duration - 0.5;
      void element.play();
    });
    await opened.frame.getByRole('dialog', { name: 'Следующий эпизод' }).waitFor();
    return opened;
  },
  async settings(page) {
    const opened = await openPhoneFrame(page, server.url, '?movie_id=1&enabled_share');
    await opened.frame.getByRole('button', { name: 'Настройки' }).tap();
    await opened.frame.getByRole('menu', { name: 'Настройки' }).waitFor();
    return opened;
  },
  async quality(page) {
    const opened = await SHOTS.settings!(page);
    await opened.frame.getByRole('menuitem', { name: /^Качество/ }).tap();
    await opened.frame.getByRole('menuitemradio').nth(3).waitFor();
    return opened;
  },
  async share(page) {
    await page.addInitScript(() => {
      delete (Navigator.prototype as Partial<Navigator>).share;
    });
    const opened = await openPhoneFrame(page, server.url, '?movie_id=2&enabled_share&t=18');
    await opened.frame.getByRole('button', { name: 'Настройки' }).tap();
    await opened.frame.getByRole('menuitem', { name: 'Поделиться' }).tap();
    await opened.frame.getByRole('dialog', { name: 'Поделиться' }).waitFor();
    return opened;
  },
  async resume(page) {
    await playTo(await openPhoneFrame(page, server.url, '?movie_id=2'), 3);
    const opened = await openPhoneFrame(page, server.url, '?movie_id=2');
    await opened.frame.getByRole('dialog', { name: /^Вы остановились на / }).waitFor();
    return opened;
  },
  async error(page) {
    // The longest card, with its button: a catalogue call fails (over the network, not the boot data).
    await useApiElsewhere(page, server.url);
    await page.route('**/catalog-api/episodes?content-id=2', (route) => route.fulfill({ status: 500, body: '{}' }));
    const opened = await openPhoneFrame(page, server.url, '?movie_id=2');
    await opened.frame.getByRole('alert').waitFor();
    return opened;
  },
  async ad(page) {
    await page.addInitScript(() => {
      (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { adListUrl: '/catalog-api/ad-list.json?case=pod' };
    });
    const opened = await openPhoneFrame(page, server.url, '?movie_id=1&auto_play');
    await opened.frame.getByRole('button', { name: /^Пропустить через/ }).waitFor();
    return opened;
  },
};

async function shoot(target: Browser): Promise<void> {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  for (const { frame, viewport } of PHONE_PAGES) {
    for (const [name, open] of Object.entries(SHOTS)) {
      if (only && only !== name) continue;
      // A fresh context each: the resume window must be the only saved place, the share sheet the only change.
      const context = await target.newContext({ viewport, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await open(page);
      await page.locator('#player').screenshot({ path: `${OUT}phone-frame-${frame}-${name}.png`, animations: 'disabled' });
      await context.close();
    }
  }
}

try {
  await mkdir(OUT, { recursive: true });
  await shoot(browser);
  console.log(`small-frame screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
