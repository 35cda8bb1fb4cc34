import { expect, test, type Locator, type Page } from '@playwright/test';
import { embed } from './helpers.ts';

const videoOf = (page: Page) => page.locator('video');
const showingLanguages = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => [...element.textTracks].filter((track) => track.mode === 'showing').map((track) => track.language));

test.describe('subtitles', () => {
  test('a subtitle chosen from the subtitles button closes the menu', async ({ page }) => {
    await embed(page, '?movie_id=1');
    await page.getByRole('button', { name: 'Субтитры' }).click();
    await page.getByRole('menu', { name: 'Субтитры' }).getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect.poll(() => showingLanguages(videoOf(page))).toEqual(['ru']);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
