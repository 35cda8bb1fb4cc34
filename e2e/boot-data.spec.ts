import { expect, test, type Page } from '@playwright/test';
import { clickControl, embed, expectPlaysPast, useApiElsewhere } from './helpers.ts';

// /embed carries the API's answers for the frame's first load (server/widget/boot-data.ts); the
// frame answers each from it once (src/contract/catalogue/boot-data.ts) and asks the network for the rest.

const CATALOGUE_CALL = /\/catalog-api\/(contents|episodes|manifests)\b/;
const PLAYLIST = /\.m3u8(\?|$)/;
const SEGMENT = /\/catalog-api\/media\/.+\.(ts|m4s)(\?|$)/;

/** Every request the page and its workers make, in order. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const catalogueOrPlaylist = (url: string) => CATALOGUE_CALL.test(url) || PLAYLIST.test(url);

test('/embed?movie_id=1 plays with no catalogue, manifest or playlist request before its first segment', async ({ page }) => {
  const requests = recordRequests(page);
  await embed(page, '?movie_id=1&debug');
  await expect(page.getByRole('heading', { name: 'Северный маяк' })).toBeVisible();
  await expectPlaysPast(page.locator('video'), 1);
  await expect(page.getByTestId('engine')).toHaveText('mse');
  // The segments come from the engine's worker: its requests are seen here too.
  const firstSegment = requests.findIndex((url) => SEGMENT.test(url));
  expect(firstSegment).toBeGreaterThan(0);
  expect(requests.slice(0, firstSegment).filter(catalogueOrPlaylist)).toEqual([]);
  // Nor after it: the document answered every catalogue call of the load.
  expect(requests.filter((url) => CATALOGUE_CALL.test(url))).toEqual([]);
});

test('the engine worker\'s script, prefetched by the document, crosses the network once', async ({ page }) => {
  await embed(page, '?movie_id=1');
  await expectPlaysPast(page.locator('video'), 1);
  const fetches = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((entry) => /\/assets\/engine\.worker-[\w-]+\.js$/.test(entry.name))
    .map((entry) => ({ initiator: (entry as PerformanceResourceTiming).initiatorType, transferred: (entry as PerformanceResourceTiming).transferSize > 0 })));
  // The document's <link rel="prefetch"> downloads it; the worker's own fetch is served from the cache.
  expect(fetches).toContainEqual({ initiator: 'link', transferred: true });
  expect(fetches.filter((fetch) => fetch.transferred)).toHaveLength(1);
});

test('what the document did not carry goes to the network: another episode picked, then a reload', async ({ page, baseURL }) => {
  const requests = recordRequests(page);
  await embed(page, '?movie_id=2');
  const line = page.getByTestId('episode-line');
  await expect(page.getByRole('heading', { name: 'Город без карты' })).toBeVisible();
  await expectPlaysPast(page.locator('video'), 1);
  expect(requests.filter((url) => CATALOGUE_CALL.test(url))).toEqual([]);

  // A new viewer has nothing completed: the first episode opens; the viewer picks the next one.
  await expect(line).toHaveText('1 сезон, 1 серия. Пилот');
  // The old episode's source goes (emptied) before the new one plays.
  const switched = page.locator('video').evaluate((element: HTMLVideoElement) => new Promise<void>((resolve) => element.addEventListener('emptied', () => resolve(), { once: true })));
  // The controls (and the top overlay with them) hide while playing; a move brings them back.
  await clickControl(page, page.getByRole('button', { name: '1 серия' }));
  await page.getByRole('menuitemradio', { name: '2. Перекрёсток' }).click();
  await expect(line).toHaveText('1 сезон, 2 серия. Перекрёсток');
  await switched;
  await expectPlaysPast(page.locator('video'), 1);
  const manifests = requests.filter((url) => url.startsWith(`${baseURL}/catalog-api/manifests/`));
  expect(manifests).toHaveLength(1);
  expect(requests.filter((url) => PLAYLIST.test(url)).length).toBeGreaterThan(0);

  // A reload is a new document with its own boot data: again nothing asked before the segments.
  requests.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Город без карты' })).toBeVisible();
  await expectPlaysPast(page.locator('video'), 1);
  expect(requests.filter((url) => CATALOGUE_CALL.test(url))).toEqual([]);
});

test('a player configured with its API on another origin makes every call there, and plays', async ({ page, baseURL }) => {
  const api = await useApiElsewhere(page, baseURL);
  const requests = recordRequests(page);
  await embed(page, '?movie_id=1');
  await expect(page.getByRole('heading', { name: 'Северный маяк' })).toBeVisible();
  await expectPlaysPast(page.locator('video'), 1);
  const calls = requests.filter((url) => CATALOGUE_CALL.test(url));
  expect(calls.map((url) => new URL(url).pathname).sort()).toEqual([
    '/catalog-api/contents/1',
    '/catalog-api/contents/1/available',
    '/catalog-api/contents/1/seasons',
    '/catalog-api/episodes',
    '/catalog-api/manifests/episodes/101.json',
  ]);
  for (const url of calls) expect(url.startsWith(`${api}/`), url).toBe(true);
  // Its playlists come from there too, fetched: the document's were for another address.
  expect(requests.filter((url) => PLAYLIST.test(url)).every((url) => url.startsWith(`${api}/`))).toBe(true);
  expect(requests.some((url) => PLAYLIST.test(url))).toBe(true);
});
