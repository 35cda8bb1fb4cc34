import { expect, test, type Page } from '@playwright/test';
import { embed, expectPlaysPast, clickControl } from './helpers.ts';

const episodeLine = (page: Page) => page.getByTestId('episode-line');

test.describe('the player app: episodes, seasons, voice-overs, availability', () => {
  test('a series opens on its first episode not yet watched: for a new viewer, nothing watched, season 1, episode 1', async ({ page }) => {
    await embed(page, '?movie_id=2');
    await expect(episodeLine(page)).toHaveText('1 сезон, 1 серия. Пилот');
    await expectPlaysPast(page.locator('video'), 1);
  });

  test('season and episode from the query open that episode', async ({ page }) => {
    await embed(page, '?movie_id=2&season=2&episode=2');
    await expect(episodeLine(page)).toHaveText('2 сезон, 2 серия. Последняя станция');
    await expectPlaysPast(page.locator('video'), 1);
  });

  test('the episode picker lists the season and opens the chosen episode', async ({ page }) => {
    await embed(page, '?movie_id=2');
    await page.getByRole('button', { name: '1 серия' }).click();
    const menu = page.getByRole('menu', { name: 'Серии' });
    await expect(menu.getByRole('menuitemradio')).toHaveText(['1. Пилот', '2. Перекрёсток', 'Серия 3']);
    await menu.getByRole('menuitemradio', { name: 'Серия 3' }).click();
    await expect(episodeLine(page)).toHaveText('1 сезон, 3 серия.');
    await expect(menu).toBeHidden();
    await expectPlaysPast(page.locator('video'), 1);
  });

  test('the season picker opens the first episode of the chosen season', async ({ page }) => {
    await embed(page, '?movie_id=2');
    await page.getByRole('button', { name: '1 сезон' }).click();
    await page.getByRole('menuitemradio', { name: '2 сезон' }).click();
    await expect(episodeLine(page)).toHaveText('2 сезон, 1 серия. Возвращение');
    await expectPlaysPast(page.locator('video'), 1);
  });

  test('changing the voice-over keeps the viewer\'s place and keeps playing', async ({ page }) => {
    await embed(page, '?movie_id=2');
    const video = page.locator('video');
    await expectPlaysPast(video, 3);
    // The controls (and the top overlay with them) hide while playing; a move brings them back.
    await clickControl(page, page.getByRole('button', { name: 'Многоголосый закадровый' }));
    // The first frame the new source presents after its resume seek, once the old one is gone.
    const firstFrameAfterSwitch = video.evaluate((element: HTMLVideoElement) => new Promise<number>((resolve) => {
      element.addEventListener('emptied', () => {
        element.addEventListener('seeked', () => element.requestVideoFrameCallback((_now, meta) => resolve(meta.mediaTime)), { once: true });
      }, { once: true });
    }));
    const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await page.getByRole('menuitemradio', { name: 'Авторский перевод' }).click();
    await expect(page.getByRole('button', { name: 'Авторский перевод' })).toBeVisible();
    const resumedAt = await firstFrameAfterSwitch;
    expect(resumedAt).toBeGreaterThan(before - 0.5);
    expect(resumedAt).toBeLessThan(before + 2);
    // Nobody pressed play again: it goes on by itself.
    await video.evaluate((element: HTMLVideoElement, from) => new Promise<void>((resolve) => {
      const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => (meta.mediaTime > from + 0.5 ? resolve() : element.requestVideoFrameCallback(onFrame));
      element.requestVideoFrameCallback(onFrame);
    }), resumedAt);
  });

  test('content blocked in the viewer\'s country says so at once, before any play', async ({ page }) => {
    await embed(page, '?movie_id=3');
    await expect(page.getByRole('alert')).toHaveText(
      'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
    );
    // Nothing that looks playable: no play button, no time.
    await expect(page.getByRole('button', { name: 'Воспроизвести' })).toHaveCount(0);
    await expect(page.locator('.time-display')).toHaveCount(0);
    // Behind the message the placeholder clip plays (SPEC.md section 4), not the film.
    await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => ({
      placeholder: /\/assets\/blocked-[^/]+\.mp4$/.test(element.currentSrc),
      played: element.played.length > 0 && element.currentTime > 0,
    }))).toStrictEqual({ placeholder: true, played: true });
  });

  test('the same content plays where it is not blocked', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Viewer-Country': 'KZ' });
    await embed(page, '?movie_id=3');
    await expect(page.getByRole('heading', { name: 'Тихая гавань' })).toBeVisible();
    await expectPlaysPast(page.locator('video'), 1);
  });
});
