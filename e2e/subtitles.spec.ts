import { expect, test, type Locator, type Page } from '@playwright/test';
import { embed, expectPlaysPast, showControls } from './helpers.ts';
import { cueBottom } from './native-cues.ts';

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

  test('cues move above the control bar while it shows, and back down when it hides', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = videoOf(page);
    await page.getByRole('button', { name: 'Субтитры' }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect.poll(() => showingLanguages(video)).toEqual(['ru']);
    await expectPlaysPast(video, 1);
    // Paused, the controls stay up.
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await showControls(page);
    const bar = page.locator('.control-bar');
    await expect(page.locator('.controls')).toHaveClass(/controls--shown/);
    const barBox = await bar.boundingBox();
    if (!barBox) throw new Error('no control bar');
    await expect.poll(() => cueBottom(page)).not.toBeNull();
    await expect.poll(async () => (await cueBottom(page))! <= barBox.y + 0.5).toBe(true);

    // Playing with the pointer still, the controls hide after 2 s and the cues return to the bottom.
    await video.evaluate((element: HTMLVideoElement) => void element.play());
    await expect(page.locator('.controls')).toHaveClass(/controls--hidden/, { timeout: 10_000 });
    const videoBox = await video.boundingBox();
    await expect.poll(async () => (await cueBottom(page)) ?? 0).toBeGreaterThan(videoBox!.y + videoBox!.height - 8);
  });
});
