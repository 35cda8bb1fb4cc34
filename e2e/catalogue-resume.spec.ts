import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { logInOnHostPage, signUpOnHostPage } from './account-helpers.ts';
import { expectPlaysPast } from './helpers.ts';
import { BASE_URL } from './playwright.config.ts';

/**
 * Issue 18: a logged-in viewer's place is kept by the server. Two host sites served by the test
 * server — http://127.0.0.1:PORT and http://localhost:PORT — each embed the player from their own
 * origin, so the frames' storage is not shared between them; the viewer logs in on each (the same
 * account), watches part of an episode of the series on the first, and the second offers the place
 * in its resume window. The account panel shows the history and the favourites of both sites.
 */

const FIRST_SITE = BASE_URL;
const SECOND_SITE = BASE_URL.replace('127.0.0.1', 'localhost');
const SERIES = 'Город без карты';
const SERIES_FRAME = 'iframe[src^="/embed?movie_id=2&"]';
/** How far behind the element's time its last time update may be: the saves follow those. */
const TIME_UPDATE_LAG = 0.5;
/** HTMLMediaElement.HAVE_METADATA: the episode's source is in. */
const HAVE_METADATA = 1;

/**
 * The demo page embeds a player per demo content, and same-origin frames share the page's
 * thread: on a busy machine five players starting at once make every step slow. Only the
 * series' player is loaded here; the others' documents are refused.
 */
async function onlyTheSeries(page: Page): Promise<void> {
  await page.route(/\/embed\?movie_id=(?!2&)/, (route) => route.abort());
}

/** H:MM:SS, as the resume window and the panel write a time. */
/**
 * The place as the window and the panel show it: the saved time is the last time update before
 * the pause and is shown rounded, so it may be the second after the one the pause floored to.
 */
function clockAround(seconds: number): RegExp {
  const either = [...new Set([clock(seconds), clock(Math.round(seconds))])].join('|');
  return new RegExp(`(?:${either})$`);
}

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

/** The series' player on the host page, scrolled into view (frames below the fold load lazily). */
async function seriesPlayer(page: Page): Promise<FrameLocator> {
  await page.locator(SERIES_FRAME).scrollIntoViewIfNeeded();
  const frame = page.frameLocator(SERIES_FRAME);
  await expect(frame.getByRole('heading', { name: SERIES })).toBeVisible();
  return frame;
}

/** The server's saved time of the series' first episode, as the logged-in page `page` reads it (its cookie). */
async function savedOnServer(page: Page, origin: string): Promise<number | undefined> {
  const response = await page.request.get(`${origin}/catalog-api/contents/2/time-progress`);
  if (!response.ok()) return undefined;
  const { items } = (await response.json()) as { items: { episodeId: number; time: number }[] };
  return items.find((item) => item.episodeId === 201)?.time;
}

/**
 * On the first site: sign up, reload (the players load with the session), watch the series past
 * 6 s, and stop — by pausing, or by leaving the page while it plays. Resolves with where it stopped.
 */
async function watchOnFirstSite(page: Page, email: string, stop: 'pause' | 'leave'): Promise<number> {
  await onlyTheSeries(page);
  await page.goto(`${FIRST_SITE}/demo`);
  await signUpOnHostPage(page, email);
  await page.reload();
  const video = (await seriesPlayer(page)).locator('video');
  await expectPlaysPast(video, 6);
  if (stop === 'pause') return video.evaluate((element: HTMLVideoElement) => (element.pause(), element.currentTime));
  const leftAt = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  // Left while playing, inside the 10 s save throttle: the page going away sends the place.
  await page.goto('about:blank');
  return leftAt;
}

/**
 * On the second site: log in, wait until the server has the place (at least `atLeast` seconds),
 * and open the page afresh.
 */
async function openSecondSite(page: Page, email: string, atLeast: number): Promise<FrameLocator> {
  await onlyTheSeries(page);
  await page.goto(`${SECOND_SITE}/demo`);
  await logInOnHostPage(page, email);
  await expect.poll(() => savedOnServer(page, SECOND_SITE)).toBeGreaterThanOrEqual(atLeast);
  await page.reload();
  return seriesPlayer(page);
}

function favouriteButton(page: Page) {
  return page.locator('section', { has: page.getByRole('heading', { name: `2. ${SERIES}` }) }).locator('.favourite-toggle');
}

test.describe('the place a logged-in viewer left on one site is offered on another', () => {
  test('paused on the first site: the second offers the same second, plays on from there, and the panel shows the history and the favourites of both', async ({ page, context }) => {
    test.setTimeout(180_000);
    const email = `resume-${Date.now()}@kino.example`;
    const stoppedAt = await watchOnFirstSite(page, email, 'pause');

    const second = await context.newPage();
    const player = await openSecondSite(second, email, stoppedAt - 0.05);
    const resume = player.getByRole('dialog', { name: /^Вы остановились на / });
    await expect(resume).toHaveAccessibleName(new RegExp(`^Вы остановились на ${clockAround(stoppedAt).source}`));

    // The panel of the second site: the series in the history, at its first episode and that place.
    const history = second.getByRole('list', { name: 'История' });
    await expect(history.getByRole('listitem').first()).toHaveText(new RegExp(`^${SERIES} · 1 сезон, 1 серия · остановились на ${clockAround(stoppedAt).source}`));

    await player.getByRole('button', { name: 'Продолжить просмотр' }).click();
    await expect(resume).toBeHidden();
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => (element.paused ? -1 : element.currentTime))).toBeGreaterThan(stoppedAt - 0.5);

    // Favourites: added on the second site, seen on the first after «Обновить», taken out there.
    await expect(second.getByRole('list', { name: 'Избранное' }).getByRole('listitem')).toHaveCount(0);
    await favouriteButton(second).click();
    await expect(favouriteButton(second)).toHaveText('Убрать из избранного');
    await expect(second.getByRole('list', { name: 'Избранное' }).getByRole('listitem')).toHaveText([SERIES]);

    await page.goto(`${FIRST_SITE}/demo`);
    await expect(page.locator('.account').getByRole('status')).toHaveText(`Вы вошли как Зритель (${email})`);
    await page.getByRole('button', { name: 'Обновить' }).click();
    const favourites = page.getByRole('list', { name: 'Избранное' });
    await expect(favourites.getByRole('listitem')).toHaveText([SERIES]);
    await expect(favouriteButton(page)).toHaveText('Убрать из избранного');
    await favouriteButton(page).click();
    await expect(favouriteButton(page)).toHaveText('В избранное');
    await expect(favourites.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'История' }).getByRole('listitem').first()).toHaveText(new RegExp(`^${SERIES} · 1 сезон, 1 серия · остановились на `));
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('left while playing on the first site: the second starts the episode without waiting for the server, and offers the place once it answers', async ({ page, context }) => {
      test.setTimeout(180_000);
      const email = `resume-phone-${Date.now()}@kino.example`;
      const leftAt = await watchOnFirstSite(page, email, 'leave');
      const second = await context.newPage();
      // The server's saved times are held back until the episode is open.
      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await second.route('**/catalog-api/contents/2/time-progress', async (route) => {
        await held;
        await route.continue().catch(() => undefined); // a frame reloaded meanwhile gave it up
      });
      // The time saved is the element's last time update (they come every quarter second or so).
      const player = await openSecondSite(second, email, leftAt - TIME_UPDATE_LAG);
      const video = player.locator('video');
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
      const resume = player.getByRole('dialog', { name: /^Вы остановились на / });
      await expect(resume).toHaveCount(0);
      answer();
      await expect(resume).toBeVisible();
      const [, minutes, seconds] = /(\d\d):(\d\d)$/.exec((await player.getByText(/^Вы остановились на /).textContent()) ?? '') ?? [];
      const offered = Number(minutes) * 60 + Number(seconds);
      // Where the page left: the save made as it went away, around the moment `leftAt` was read.
      expect(offered).toBeGreaterThanOrEqual(Math.floor(leftAt - TIME_UPDATE_LAG));
      expect(offered).toBeLessThanOrEqual(leftAt + 2);
    });
  });
});
