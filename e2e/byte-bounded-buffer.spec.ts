import { expect, test, type Page } from '@playwright/test';
import { chooseSetting, embed, expectPlaysPast } from './helpers.ts';

const MB = 1024 * 1024;

interface BufferSample {
  video: number;
  audio: number;
  ahead: number;
  behind: number;
  limitAhead: number;
  limitBehind: number;
}

/**
 * A phone with `gigabytes` of memory as the page sees it (navigator.deviceMemory), and every value
 * of the engine's buffer statistics (the debug line's buffer-bytes) collected as it changes, with
 * the element's 'waiting' events once it has played.
 */
async function simulateDevice(page: Page, gigabytes: number): Promise<void> {
  await page.addInitScript((memory) => {
    Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => memory, configurable: true });
    const scope = window as unknown as { __bufferSamples: unknown[]; __waitingAfterPlay: number };
    scope.__bufferSamples = [];
    scope.__waitingAfterPlay = 0;
    let last = '';
    let played = false;
    new MutationObserver(() => {
      const line = document.querySelector<HTMLElement>('[data-testid="buffer-bytes"]');
      const video = document.querySelector('video');
      if (video && !video.dataset.watched) {
        video.dataset.watched = 'yes';
        video.addEventListener('playing', () => (played = true));
        video.addEventListener('waiting', () => {
          if (played && !video.seeking) scope.__waitingAfterPlay += 1;
        });
      }
      if (!line) return;
      const sample = JSON.stringify(line.dataset);
      if (sample === last) return;
      last = sample;
      const numbers = Object.fromEntries(Object.entries(line.dataset).map(([key, value]) => [key, Number(value)]));
      scope.__bufferSamples.push(numbers);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, gigabytes);
}

const samples = (page: Page) => page.evaluate(() => (window as unknown as { __bufferSamples: BufferSample[] }).__bufferSamples);

test.describe('a buffer that fits the device', () => {
  test('film 8 at 1080p on a 1 GB phone: the SourceBuffers never hold more than the bound, and playback never stalls', async ({ page }) => {
    test.setTimeout(150_000);
    await simulateDevice(page, 1);
    await embed(page, '?movie_id=8&debug');
    const video = page.locator('video');
    await expectPlaysPast(video, 0.5);
    await chooseSetting(page, 'Качество', '1080p');
    await expect(page.getByTestId('rendition')).toHaveText('1080p', { timeout: 30_000 });
    // Played to the end of the 32 s film: 1080p's 18 MB do not fit 15 MB ahead and 5 MB behind.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 90_000, intervals: [1000] }).toBeGreaterThan(30);
    const seen = await samples(page);
    test.info().annotations.push({ type: 'buffer samples', description: String(seen.length) });
    expect(seen.length).toBeGreaterThan(10);
    for (const sample of seen) {
      expect(sample.limitAhead).toBe(15 * MB);
      expect(sample.limitBehind).toBe(5 * MB);
      expect(sample.ahead).toBeLessThanOrEqual(sample.limitAhead);
      expect(sample.video + sample.audio).toBeLessThanOrEqual(sample.limitAhead + sample.limitBehind);
    }
    // It held 1080p: more than 10 MB at once, and what was played was removed (no more than the bound behind).
    expect(Math.max(...seen.map((sample) => sample.video))).toBeGreaterThan(10 * MB);
    expect(seen.at(-1)!.behind).toBeLessThanOrEqual(5 * MB);
    expect(await page.evaluate(() => (window as unknown as { __waitingAfterPlay: number }).__waitingAfterPlay)).toBe(0);
  });

  test('an append the browser refuses with QuotaExceededError is retried after freeing the played media, and playback goes on', async ({ page }) => {
    test.setTimeout(90_000);
    // The MediaSource on the page (as on Safari), where a test can reach its SourceBuffers: the
    // 10th append (a few segments in, the others still to come) is refused once, as a full browser
    // quota refuses it, with more than 2 s buffered ahead to play while room is made (on a busy
    // machine the first segment alone may take ten appends, before anything could be freed).
    await page.addInitScript(() => {
      Object.defineProperty(MediaSource, 'canConstructInDedicatedWorker', { get: () => false });
      const scope = window as unknown as { __quota: { appends: number; refused: number; appendedAfter: number } };
      scope.__quota = { appends: 0, refused: 0, appendedAfter: 0 };
      const append = SourceBuffer.prototype.appendBuffer;
      SourceBuffer.prototype.appendBuffer = function (this: SourceBuffer, data: BufferSource) {
        const quota = scope.__quota;
        const video = document.querySelector('video');
        const { buffered } = this;
        const ahead = video && buffered.length > 0 ? buffered.end(buffered.length - 1) - video.currentTime : 0;
        if (quota.refused === 0 && ++quota.appends >= 10 && ahead > 2) {
          quota.refused += 1;
          throw new DOMException('The SourceBuffer is full.', 'QuotaExceededError');
        }
        if (quota.refused > 0) quota.appendedAfter += 1;
        return append.call(this, data);
      };
    });
    await embed(page, '?movie_id=8&debug');
    const video = page.locator('video');
    await expectPlaysPast(video, 1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __quota: { refused: number } }).__quota.refused)).toBe(1);
    // Through every segment, the one whose append was refused among them, to the film's end.
    await expectPlaysPast(video, 30);
    expect(await page.evaluate(() => (window as unknown as { __quota: { appendedAfter: number } }).__quota.appendedAfter)).toBeGreaterThan(0);
    await expect(page.getByTestId('engine')).toHaveText('mse');
  });
});
