import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { clickControl, embed, expectPlaysPast } from './helpers.ts';
import { boxOf, expectAllInside, expectInside, openPhoneFrame, phoneContext, PHONE_PAGES } from './phone-frame.ts';

// The series' episodes carry their intro and credits markers (the demo catalogue): the skip button
// during the intro, 'Всегда пропускать заставку' skipping it without a click, and the next episode's
// card at the credits with 'Смотреть титры'. The markers are read from the catalogue.

interface Markers {
  intro: { start: number; end: number } | null;
  creditsStart: number | null;
}

/** SCREENSHOTS=1 writes what a viewer sees to docs/screenshots/. */
const SHOTS = process.env.SCREENSHOTS ? new URL('../docs/screenshots/', import.meta.url).pathname : undefined;

async function markersOf(page: Page, episodeId: number): Promise<Markers> {
  const response = await page.request.get('/catalog-api/episodes?content-id=2');
  const body = (await response.json()) as Array<{ id: number } & Markers> | { items: Array<{ id: number } & Markers> };
  const episodes = Array.isArray(body) ? body : body.items;
  const episode = episodes.find((candidate) => candidate.id === episodeId);
  if (!episode?.intro || episode.creditsStart === null) throw new Error(`episode ${episodeId} has no markers`);
  return episode;
}

const currentTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

/** Every seek the element makes, from where to where, kept in the page. */
async function recordSeeks(video: Locator): Promise<() => Promise<Array<{ from: number; to: number }>>> {
  await video.evaluate((element: HTMLVideoElement) => {
    const seeks: Array<{ from: number; to: number }> = [];
    let last = element.currentTime;
    element.addEventListener('timeupdate', () => {
      if (!element.seeking) last = element.currentTime;
    });
    element.addEventListener('seeking', () => seeks.push({ from: last, to: element.currentTime }));
    (window as unknown as { seeks: typeof seeks }).seeks = seeks;
  });
  return () => video.evaluate(() => (window as unknown as { seeks: Array<{ from: number; to: number }> }).seeks);
}

/** Plays episode 202 from its start: the skip button shows once its intro begins, and jumps to its end. */
async function skipByButton(root: Page | FrameLocator, page: Page, shot: string | undefined): Promise<void> {
  const { intro } = await markersOf(page, 202);
  const video = root.locator('video.player__video');
  await expectPlaysPast(video, 0.2);
  const skip = root.getByRole('button', { name: 'Пропустить заставку' });
  await expect(skip).toBeVisible({ timeout: 20_000 });
  const at = await currentTime(video);
  expect(at).toBeGreaterThanOrEqual(intro!.start - 0.3);
  expect(at).toBeLessThan(intro!.end);
  if (shot && SHOTS) await page.screenshot({ path: `${SHOTS}${shot}`, animations: 'disabled' });
  await skip.click();
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(intro!.end);
  await expect(skip).toHaveCount(0);
  expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
}

/** Plays episode 202 into its credits: the next episode's card counts down; 'Смотреть титры' keeps playing it. */
async function creditsCard(root: Page | FrameLocator, page: Page, shot: string | undefined): Promise<Locator> {
  const { creditsStart } = await markersOf(page, 202);
  const video = root.locator('video.player__video');
  await expectPlaysPast(video, 0.2);
  await video.evaluate((element: HTMLVideoElement, to) => {
    element.currentTime = to;
  }, creditsStart! - 1);
  const card = root.getByRole('dialog', { name: 'Следующий эпизод' });
  await expect(card.getByTestId('next-episode-countdown')).toHaveText('Начнётся через 60 с', { timeout: 20_000 });
  expect(await currentTime(video)).toBeGreaterThanOrEqual(creditsStart!);
  expect(await currentTime(video)).toBeLessThan(await video.evaluate((element: HTMLVideoElement) => element.duration));
  await expect(card.getByRole('button', { name: 'Смотреть', exact: true })).toBeVisible();
  if (shot && SHOTS) await page.screenshot({ path: `${SHOTS}${shot}`, animations: 'disabled' });
  await card.getByRole('button', { name: 'Смотреть титры' }).click();
  await expect(card).toHaveCount(0);
  const after = await currentTime(video);
  await expect.poll(() => currentTime(video)).toBeGreaterThan(after + 0.5);
  await expect(root.getByTestId('episode-line')).toContainText('2 серия');
  return video;
}

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 720 }, options: {} },
  { name: 'phone', viewport: { width: 360, height: 640 }, options: { hasTouch: true, isMobile: true } },
] as const) {
  test.describe(`at a ${size.name} size (${size.viewport.width}×${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport, ...size.options });

    test("'Пропустить заставку' shows during the intro and jumps to its end", async ({ page }) => {
      await embed(page, '?movie_id=2&episode_id=202');
      await skipByButton(page, page, size.name === 'desktop' ? 'desktop-1280x720-skip-intro.png' : undefined);
    });

    test("'Всегда пропускать заставку' skips the next episode's intro without a click after a reload", async ({ page }) => {
      await embed(page, '?movie_id=2&episode_id=201');
      await expectPlaysPast(page.locator('video.player__video'), 0.2);
      await clickControl(page, page.getByRole('button', { name: 'Настройки' }));
      const always = page.getByRole('menuitemcheckbox', { name: 'Всегда пропускать заставку' });
      await expect(always).toHaveAttribute('aria-checked', 'false');
      await always.click();
      await expect(always).toHaveAttribute('aria-checked', 'true');

      const { intro } = await markersOf(page, 202);
      await embed(page, '?movie_id=2&episode_id=202');
      const video = page.locator('video.player__video');
      const seeks = await recordSeeks(video);
      await expectPlaysPast(video, 0.2);
      await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThanOrEqual(intro!.end);
      const skips = (await seeks()).filter((seek) => seek.to >= intro!.end - 0.1);
      expect(skips).toHaveLength(1);
      expect(skips[0]!.from).toBeGreaterThanOrEqual(intro!.start - 0.3);
      expect(skips[0]!.from).toBeLessThan(intro!.end - 1);
      // A seek back into the intro from elsewhere is the viewer's wish to see it: no skip then.
      await video.evaluate((element: HTMLVideoElement, to) => {
        element.currentTime = to;
      }, intro!.start + 1);
      await expect(page.getByRole('button', { name: 'Пропустить заставку' })).toBeVisible();
      await expect.poll(() => currentTime(video)).toBeGreaterThan(intro!.start + 2);
      expect(await currentTime(video)).toBeLessThan(intro!.end);
    });

    test("the next episode's card comes at the credits and 'Смотреть титры' keeps the episode playing", async ({ page }) => {
      await embed(page, '?movie_id=2&episode_id=202&next_episode_countdown=60');
      await creditsCard(page, page, size.name === 'desktop' ? 'desktop-1280x720-credits-card.png' : undefined);
    });
  });
}

const small = PHONE_PAGES.find((phone) => phone.frame === '288x162')!;

test.describe('in a 288×162 frame of a phone page', () => {
  test.use(phoneContext(small.viewport));

  test("'Пропустить заставку' lies inside the frame, clear of the seek bar, and jumps to the intro's end", async ({ page, baseURL }) => {
    const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=2&episode_id=202');
    const skip = frame.getByRole('button', { name: 'Пропустить заставку' });
    const video = frame.locator('video.player__video');
    await expectPlaysPast(video, 0.2);
    await expect(skip).toBeVisible({ timeout: 20_000 });
    expectInside(await boxOf(skip), box, 'the skip button');
    // With the controls shown (a tap on the picture), the button stays above the seek bar.
    await frame.getByTestId('gesture-surface').tap({ position: { x: 40, y: 60 } });
    const seekBar = frame.getByRole('slider', { name: 'Перемотка' });
    await expect(seekBar).toBeVisible();
    // It moves up as the controls come (a short transition).
    await expect.poll(async () => {
      const [button, bar] = [await boxOf(skip), await boxOf(seekBar)];
      return button.y + button.height <= bar.y + 0.5;
    }, { message: 'the skip button ends above the seek bar' }).toBe(true);
    expectInside(await boxOf(skip), box, 'the skip button');
    const forward = frame.getByRole('button', { name: 'Вперёд на 10 секунд' });
    await expect.poll(async () => {
      const [right, button] = [await boxOf(forward), await boxOf(skip)];
      return `${right.x + right.width <= button.x || right.y + right.height <= button.y ? 'clear' : 'overlapping'} ${JSON.stringify([right, button])}`;
    }, { message: 'the centre row keeps clear of the skip button' }).toMatch(/^clear/);
    if (SHOTS) await page.locator('#player').screenshot({ path: `${SHOTS}phone-frame-288x162-skip-intro.png`, animations: 'disabled' });
    await skip.click();
    const { intro } = await markersOf(page, 202);
    await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(intro!.end);
  });

  test("the credits card shows both buttons inside the frame; 'Смотреть титры' keeps playing", async ({ page, baseURL }) => {
    const { frame, box } = await openPhoneFrame(page, baseURL, '?movie_id=2&episode_id=202&next_episode_countdown=60');
    const card = frame.getByRole('dialog', { name: 'Следующий эпизод' });
    const check = async () => {
      await expectAllInside({
        watch: card.getByRole('button', { name: 'Смотреть', exact: true }),
        credits: card.getByRole('button', { name: 'Смотреть титры' }),
        countdown: card.getByTestId('next-episode-countdown'),
      }, box);
      if (SHOTS) await page.locator('#player').screenshot({ path: `${SHOTS}phone-frame-288x162-credits-card.png`, animations: 'disabled' });
    };
    const { creditsStart } = await markersOf(page, 202);
    const video = frame.locator('video.player__video');
    await expectPlaysPast(video, 0.2);
    await video.evaluate((element: HTMLVideoElement, to) => {
      element.currentTime = to;
    }, creditsStart! - 1);
    await expect(card.getByTestId('next-episode-countdown')).toHaveText('Начнётся через 60 с', { timeout: 20_000 });
    await check();
    await card.getByRole('button', { name: 'Смотреть титры' }).click();
    await expect(card).toHaveCount(0);
    const after = await currentTime(video);
    await expect.poll(() => currentTime(video)).toBeGreaterThan(after + 0.5);
  });
});
