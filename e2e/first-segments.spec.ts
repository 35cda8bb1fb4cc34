import { expect, test, type Page } from '@playwright/test';
import { embed, expectPlaysPast } from './helpers.ts';

// The embed document starts the stream's first segments while its entry runs, at the level the
// engine starts at, and the engine takes those responses instead of asking again
// (src/workers-client/engine-first-segments.ts, workers/engine/session/prefetched-media.ts).

const MEDIA = /\/catalog-api\/media\/.+\.(ts|m4s|mp4)(\?|$)/;

/** How often each media file was asked for, by the page and its workers. */
function countMedia(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const url = request.url();
    if (MEDIA.test(url)) counts.set(url, (counts.get(url) ?? 0) + 1);
  });
  return counts;
}

/** The media the document itself fetched (the prefetch: the engine's own requests come from its worker). */
function fetchedByDocument(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => performance.getEntriesByType('resource')
    .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch' && new RegExp(pattern).test(entry.name))
    .map((entry) => entry.name), MEDIA.source);
}

for (const { film, name } of [{ film: 1, name: 'MPEG-TS with separate audio' }, { film: 8, name: 'fMP4, its init segments' }]) {
  test(`/embed?movie_id=${film} (${name}): the first segments come from the document, each asked for once, and it plays`, async ({ page }) => {
    const counts = countMedia(page);
    await embed(page, `?movie_id=${film}&debug`);
    await expectPlaysPast(page.locator('video'), 1);
    await expect(page.getByTestId('engine')).toHaveText('mse');
    const prefetched = await fetchedByDocument(page);
    // The video's first segment and the audio's (and their init segments for fMP4).
    expect(prefetched.length).toBeGreaterThanOrEqual(2);
    for (const url of prefetched) expect(counts.get(url), url).toBe(1);
    // The engine used every one of them: none was for another level or track.
    const outcome = await page.evaluate(() => performance.getEntriesByName('kino-first-segments').map((mark) => (mark as PerformanceMark).detail as unknown));
    expect(outcome).toEqual([{ taken: prefetched.length, dropped: 0 }]);
  });
}

test('with engine=hls.js the document fetches nothing ahead: hls.js asks for its segments itself, once', async ({ page }) => {
  const counts = countMedia(page);
  await embed(page, '?movie_id=1&engine=hls.js&debug');
  await expectPlaysPast(page.locator('video'), 1);
  await expect(page.getByTestId('engine')).toHaveText('hls.js');
  expect(await fetchedByDocument(page)).toEqual([]);
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
});

test('a time code starts elsewhere than 0: nothing is fetched ahead, and it plays from there', async ({ page }) => {
  await embed(page, '?movie_id=1&t=30&debug');
  await expectPlaysPast(page.locator('video'), 31);
  expect(await fetchedByDocument(page)).toEqual([]);
});

test('with the data saver on the document fetches nothing ahead: the engine starts at the saver\'s cap, and film 8 plays at 480p or less', async ({ page }) => {
  const counts = countMedia(page);
  await embed(page, '?movie_id=8&data_saver=on&debug');
  await expectPlaysPast(page.locator('video'), 1);
  expect(await fetchedByDocument(page)).toEqual([]);
  expect([...counts.keys()].filter((url) => /\/v(720|1080)\//.test(url))).toEqual([]);
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
});
