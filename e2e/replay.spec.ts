import { expect, test } from '@playwright/test';
import { embed, expectPlaysPast } from './helpers.ts';

test.describe('the end of a film', () => {
  test('End shows the last frame, and the ended film offers "Смотреть снова", which plays it again', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = page.locator('video');
    await expectPlaysPast(video, 0.5);
    const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
    // The frame the compositor presents after the key: one of the film's last half second.
    const lastFrame = video.evaluate((element: HTMLVideoElement, end) => new Promise<number>((resolve) => {
      const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
        if (meta.mediaTime > end - 0.5) resolve(meta.mediaTime);
        else element.requestVideoFrameCallback(onFrame);
      };
      element.requestVideoFrameCallback(onFrame);
    }), duration);
    await page.locator('body').focus();
    await page.keyboard.press('End');
    expect(await lastFrame).toBeGreaterThan(duration - 0.5);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.ended)).toBe(true);

    const replay = page.locator('.controls__big-play');
    await expect(replay).toHaveAccessibleName('Смотреть снова');
    await expect(page.locator('.control-bar').getByRole('button', { name: 'Смотреть снова' })).toBeVisible();
    await replay.click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement, end) => !element.paused && element.currentTime < end / 2, duration)).toBe(true);
    await expect(page.locator('.controls__big-play')).toHaveCount(0);
  });
});
