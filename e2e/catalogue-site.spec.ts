import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { expectPlaysPast } from './helpers.ts';
import { expectRefreshCookieCleared, jarRefreshToken, signUpOnSite } from './site-helpers.ts';

/**
 * The catalogue site at /, on a phone and on a desktop: a viewer signs up, finds the series by a
 * misspelt title, watches its first episode (picked in the site's episode list, which switches the
 * player), leaves, finds it in History under «Продолжить просмотр» with the episode and the place,
 * goes back there (the player offers the place), and adds it to the favourites.
 */

const SERIES = 'Город без карты';
/** «Город без карты» as a hurried viewer types it. */
const MISSPELT = 'горад без карты';
const PLAYER_FRAME = '[data-testid="site-player"] iframe';

/** H:MM:SS, as the site and the player write a time. */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

/** The player frame on the content page, once its document shows the series. */
async function player(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator(PLAYER_FRAME);
  await expect(frame.getByRole('heading', { name: SERIES })).toBeVisible();
  return frame;
}

/** The server's saved time of the series' first episode, as the logged-in page reads it. */
async function savedOnServer(page: Page): Promise<number | undefined> {
  const response = await page.request.get('/catalog-api/contents/2/time-progress');
  if (!response.ok()) return undefined;
  const { items } = (await response.json()) as { items: { episodeId: number; time: number }[] };
  return items.find((item) => item.episodeId === 201)?.time;
}

async function journey(page: Page, email: string): Promise<void> {
  await signUpOnSite(page, email);

  // Search with a typo, from the header; the title's matched word is marked.
  const box = page.getByRole('searchbox', { name: 'Поиск фильмов и сериалов' });
  await box.fill(MISSPELT);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Результаты поиска «${MISSPELT}»`);
  const results = page.getByRole('list', { name: 'Результаты поиска' });
  const hit = results.getByRole('listitem').first();
  await expect(hit.getByRole('heading')).toHaveText(SERIES);
  await expect(hit.getByRole('heading').locator('mark').first()).toHaveText('Город');
  await hit.getByRole('link', { name: SERIES }).click();

  // The content page: the player embedded; the site's episode list switches it to episode 1.
  await expect(page).toHaveURL(/\/contents\/gorod-bez-karty(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: SERIES })).toBeVisible();
  await player(page);
  // The list marks the episode the player says it shows; a new viewer's first is the first not completed.
  const episodes = page.getByRole('list', { name: '1 сезон' });
  await expect(episodes.locator('[aria-current="true"]')).toHaveCount(1);
  await episodes.getByRole('button', { name: /^1 серия/ }).click();
  await expect(episodes.getByRole('button', { name: /^1 серия/ })).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(/\?episode=201$/);
  let frame = await player(page);
  const video = frame.locator('video');
  await expectPlaysPast(video, 3);
  // Paused (the player saves the place at once), then the viewer leaves for History.
  const stoppedAt = await video.evaluate((element: HTMLVideoElement) => (element.pause(), element.currentTime));
  await expect.poll(() => savedOnServer(page)).toBeGreaterThanOrEqual(stoppedAt - 0.05);

  await page.getByRole('link', { name: 'История' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'История' })).toBeVisible();
  await expect(page.locator(PLAYER_FRAME)).toHaveCount(0);
  const continuing = page.getByRole('list', { name: 'Продолжить просмотр' }).getByRole('listitem');
  await expect(continuing).toHaveCount(1);
  await expect(continuing.first()).toContainText(SERIES);
  await expect(continuing.first()).toContainText(`1 сезон, 1 серия · остановились на ${clock(stoppedAt)}`);

  // Back to where it stopped: the content page at that episode, and the player's resume window offers the place.
  await continuing.first().getByRole('link', { name: SERIES }).click();
  await expect(page).toHaveURL(/\/contents\/gorod-bez-karty\?episode=201$/);
  frame = await player(page);
  await expect(frame.getByRole('dialog', { name: /^Вы остановились на / })).toHaveAccessibleName(`Вы остановились на ${clock(stoppedAt)}`);

  // Favourites: added on the content page, listed on the Favourites page.
  const favourite = page.getByRole('button', { name: '☆ В избранное' });
  await favourite.click();
  await expect(page.getByRole('button', { name: '★ В избранном' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Избранное' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Избранное' }).getByRole('listitem')).toHaveText([new RegExp(`^${SERIES}`)]);
}

test.describe('the catalogue site', () => {
  test('on a desktop: sign up, search with a typo, watch, continue from History, add to favourites', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await journey(page, `site-desktop-${Date.now()}@kino.example`);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('sign up, search with a typo, watch, continue from History, add to favourites', async ({ page }) => {
      test.setTimeout(120_000);
      await journey(page, `site-phone-${Date.now()}@kino.example`);
    });
  });

  test('«Выйти» ends the session on the server: a copy of the refresh cookie no longer refreshes', async ({ page, request }) => {
    await signUpOnSite(page, `site-logout-${Date.now()}@kino.example`);
    const copied = await jarRefreshToken(page);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
    await expectRefreshCookieCleared(page);
    // `request` has a jar of its own: the copied token alone, as a thief would send it.
    expect((await request.post('/authenticator/authentication/refresh', { data: { refreshToken: copied } })).status()).toBe(401);
  });

  test('an address the app does not know shows the Russian not-found page with a 404; a content that does not exist too', async ({ page }) => {
    const response = await page.goto('/net-takoy-stranicy');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
    await page.goto('/contents/net-takogo-filma');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
    await page.goto('/series');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Все сериалы');
  });
});
