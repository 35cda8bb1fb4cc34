import { expect, test, type Page } from '@playwright/test';
import { embed, expectPlaysPast } from './helpers.ts';

/** The engine the core chose, as the debug line shows it. */
const engineOf = (page: Page) => page.getByTestId('engine');

test.describe('engines', () => {
  for (const [id, engine, kind] of [
    [1, 'hls.js', 'MPEG-TS HLS with separate audio'],
    [2, 'hls.js', 'the series’ first episode'],
    [4, 'hls.js', 'the long film'],
    [6, 'hls.js', 'fragmented-MP4 HLS'],
    [7, 'dash.js', 'DASH'],
  ] as const) {
    test(`content ${id} (${kind}) plays through ${engine}`, async ({ page }) => {
      await embed(page, `?movie_id=${id}`);
      await expect(engineOf(page)).toHaveText(engine);
      await expectPlaysPast(page.locator('video'), 1);
    });
  }

  test('hls.js transmuxes in its own worker', async ({ page }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await embed(page, '?movie_id=1');
    await expectPlaysPast(page.locator('video'), 1);
    // The ESM build of hls.js needs workerPath; without it the transmuxer silently runs inline.
    expect(workers.some((url) => /\/assets\/hls\.worker-[\w-]+\.js$/.test(url))).toBe(true);
  });

  test('choosing a quality changes the rendition', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = page.locator('video');
    await expectPlaysPast(video, 0.5);
    for (const height of ['720p', '240p']) {
      await page.getByLabel('Качество').selectOption({ label: height });
      await expect(page.getByTestId('rendition')).toHaveText(height);
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => `${element.videoHeight}p`)).toBe(height);
    }
  });

  test('choosing an audio track changes the audio without restarting the video', async ({ page }) => {
    await embed(page, '?movie_id=1');
    const video = page.locator('video');
    await expectPlaysPast(video, 1);
    await video.evaluate((element: HTMLVideoElement) => {
      // A restart would empty the element; record if that ever happens.
      element.addEventListener('emptied', () => element.setAttribute('data-emptied', 'yes'));
    });
    const audio = page.getByLabel('Аудио');
    await expect(audio.locator('option')).toHaveText(['Русский', 'English']);
    const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await audio.selectOption({ label: 'English' });
    await expect(audio).toHaveValue('1');
    await expectPlaysPast(video, before + 1.5);
    await expect(video).not.toHaveAttribute('data-emptied', 'yes');
  });
});
