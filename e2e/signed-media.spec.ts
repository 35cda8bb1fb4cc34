import { expect, test, type Page, type Response } from '@playwright/test';
import { startHostSites, type HostSites } from './host-sites.ts';
import { MEDIA_SIGNED_TOKEN } from './playwright.config.ts';

// A host signs every media request through the SDK's request filters: the player's requests move
// from /catalog-api/media/ to /catalog-api/media-signed/, which the server answers only with the
// token. The host page is another site (partner.test, served by the test), as a real host is.

/** The filters a host hands over: the signed path, then the token on every media request. */
const filters = (token: string) => [
  { type: 'prefix', from: '/catalog-api/media/', to: '/catalog-api/media-signed/' },
  { type: 'query', match: { urlPrefix: '/catalog-api/media-signed/' }, params: { token } },
];

/** The player made by the SDK in a host element, with the filters in its constructor, and play() asked at once. */
function sdkPage(playerBase: string, movieId: number, token: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Партнёр</title></head><body>
  <div id="player" style="width:640px"></div>
  <script src="${playerBase}/catalog-api/lib.js"></script>
  <script>
    window.hostErrors = [];
    const player = new KinoPlayer('player', { movieId: ${movieId}, playerOrigin: ${JSON.stringify(playerBase)}, requestFilters: ${JSON.stringify(filters(token))} });
    player.on('error', (error) => hostErrors.push(error));
    window.player = player;
    player.play().catch(() => undefined);
  </script></body></html>`;
}

/**
 * The host's own frame, with the filters in its address's fragment (what the SDK writes) and the
 * engine chosen in its query: an adopted frame, driven by the SDK.
 */
function adoptedPage(playerBase: string, movieId: number, engine: string, token: string): string {
  const src = `${playerBase}/embed?movie_id=${movieId}&engine=${engine}#${new URLSearchParams({ request_filters: JSON.stringify(filters(token)) })}`;
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Партнёр</title></head><body>
  <iframe id="own" src="${src.replace(/&/g, '&amp;')}" width="640" height="360" allow="autoplay; fullscreen"></iframe>
  <script src="${playerBase}/catalog-api/lib.js"></script>
  <script>
    window.hostErrors = [];
    const player = new KinoPlayer(document.getElementById('own'));
    player.on('error', (error) => hostErrors.push(error));
    window.player = player;
    player.play().catch(() => undefined);
  </script></body></html>`;
}

let sites: HostSites;
let partner = '';

test.beforeAll(async ({ baseURL }) => {
  sites = await startHostSites();
  partner = sites.origin('partner');
  sites.serve(new Map([
    ['/mse', sdkPage(baseURL!, 6, MEDIA_SIGNED_TOKEN)],
    ['/dash', sdkPage(baseURL!, 7, MEDIA_SIGNED_TOKEN)],
    ['/hls-js', adoptedPage(baseURL!, 6, 'hls.js', MEDIA_SIGNED_TOKEN)],
    ['/wrong-token', sdkPage(baseURL!, 6, 'not-the-token')],
  ]));
});
test.afterAll(() => sites.close());

/** What the server answered to the player's media requests, by path and status (workers' requests included). */
function mediaAnswers(page: Page) {
  const answers: Array<{ path: string; status: number }> = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/catalog-api/media')) answers.push({ path: url.pathname + url.search, status: response.status() });
  });
  return {
    answers,
    signed: (status: number) => answers.filter((answer) => answer.path.startsWith('/catalog-api/media-signed/') && answer.status === status),
    open: () => answers.filter((answer) => answer.path.startsWith('/catalog-api/media/')),
  };
}

/** What an engine asks for: playlists, DASH manifests, init segments and segments. */
const ENGINE_MEDIA = /\.(m3u8|mpd|m4s|ts)$|\/init[^/]*\.mp4$/;

const playerVideo = (page: Page) => page.frameLocator('iframe').locator('video');
const currentTime = (page: Page) => playerVideo(page).evaluate((element: HTMLVideoElement) => element.currentTime);

for (const [path, engine] of [['/mse', 'the custom engine'], ['/hls-js', 'hls.js'], ['/dash', 'dash.js']] as const) {
  test(`the film plays through ${engine} with every media request signed by the host's filters`, async ({ page }) => {
    const media = mediaAnswers(page);
    await page.goto(`${partner}${path}`);
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await page.evaluate('hostErrors')).toEqual([]);
    expect(media.signed(200).length + media.signed(206).length, JSON.stringify(media.answers)).toBeGreaterThan(2);
    expect(media.signed(403), JSON.stringify(media.answers)).toEqual([]);
    // Every request of the engine went to the signed path with the token: none to the open one (the
    // poster and the seek-bar thumbnails are not the engine's, and stay where they were).
    expect(media.open().filter((answer) => ENGINE_MEDIA.test(answer.path)), JSON.stringify(media.answers)).toEqual([]);
    expect(media.signed(200).every((answer) => answer.path.endsWith(`?token=${MEDIA_SIGNED_TOKEN}`))).toBe(true);
  });
}

test('a wrong token: the server refuses the media, the film does not play and the player shows its error', async ({ page }) => {
  // Each engine tries its retries before giving up, and the custom engine hands over to hls.js.
  test.setTimeout(90_000);
  const media = mediaAnswers(page);
  await page.goto(`${partner}/wrong-token`);
  // Every engine in turn gives up (the custom one, hls.js, then the browser's own, which gets only
  // the signed master playlist), and the frame shows its error card instead of the film.
  await expect(page.frameLocator('iframe').getByRole('alert'), JSON.stringify(media.answers)).toBeVisible({ timeout: 60_000 });
  expect(media.signed(403).length).toBeGreaterThan(0);
  expect([...media.signed(200), ...media.signed(206)]).toEqual([]);
  // No engine fell back to the unsigned addresses.
  expect(media.open().filter((answer) => ENGINE_MEDIA.test(answer.path))).toEqual([]);
  expect(await currentTime(page)).toBe(0);
});

test('a rotated token reaches the requests that follow', async ({ page }) => {
  const media = mediaAnswers(page);
  await page.goto(`${partner}/mse`);
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
  // The old token still works on the server; the new one is another valid-looking value the
  // server refuses, so its requests show it reached the engine worker.
  const value = await page.evaluate(`player.setRequestFilters(${JSON.stringify(filters('rotated'))})`);
  expect(value).toBe(2);
  const before = media.answers.length;
  await playerVideo(page).evaluate((element: HTMLVideoElement) => void (element.currentTime = 40));
  await expect.poll(() => media.answers.slice(before).some((answer) => answer.path.endsWith('?token=rotated')), { timeout: 20_000 }).toBe(true);
  expect(media.answers.slice(before).filter((answer) => answer.path.endsWith(`?token=${MEDIA_SIGNED_TOKEN}`))).toEqual([]);
});
