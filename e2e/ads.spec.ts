import { expect, test, type Page } from '@playwright/test';
import { clickControl, embed } from './helpers.ts';

/**
 * Ads against the demo ad server (server/ads/ad-cases.ts): the page global names the ad list, as
 * a host's operator would configure it. Each test reads only the beacons its own page sent.
 */

interface Beacon { creativeId: string; event: string; errorCode: number | null; via: string | null }

/**
 * The tracking beacons this page sent and the demo ad server recorded (answered 204), from now
 * on. Read from the page's own requests: tests in other files play ads at the same time, so the
 * server's shared record cannot tell whose beacon is whose.
 */
function recordBeacons(page: Page): () => Beacon[] {
  const beacons: Beacon[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/ads/track')) return;
    void request.response().then((response) => {
      if (response?.status() !== 204) return;
      const code = url.searchParams.get('code');
      beacons.push({
        creativeId: url.searchParams.get('creativeId') ?? '',
        event: url.searchParams.get('event') ?? '',
        errorCode: code === null || !/^\d+$/.test(code) ? null : Number(code),
        via: url.searchParams.get('via'),
      });
    });
  });
  return () => [...beacons];
}

/** The creative's own beacons, as "event" or "event code". */
function ownEvents(beacons: () => Beacon[], creativeId = 'c1'): string[] {
  return beacons()
    .filter((record) => record.creativeId === creativeId && record.via === null)
    .map((record) => (record.errorCode === null ? record.event : `${record.event} ${record.errorCode}`));
}

/**
 * Opens the player with an ad list case and autoplay; records, in the page, when the film's own
 * element first plays (performance.now()).
 */
async function openWithAds(page: Page, demoCase: string | undefined, query = '?movie_id=1&auto_play', extra: Record<string, unknown> = {}) {
  await page.addInitScript(({ list, more }) => {
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { adListUrl: list, ...more };
    document.addEventListener('playing', (event) => {
      const target = event.target as HTMLElement;
      if (target.classList.contains('player__video')) (window as unknown as { filmPlayingAt?: number }).filmPlayingAt ??= performance.now();
    }, true);
  }, { list: `/catalog-api/ad-list.json${demoCase ? `?case=${demoCase}` : ''}`, more: extra });
  await embed(page, query);
}

const film = (page: Page) => page.locator('video.player__video');
const adVideo = (page: Page) => page.locator('video.player__ad-video');
const filmTime = (page: Page) => film(page).evaluate((element: HTMLVideoElement) => element.currentTime);
const filmPlayingAt = (page: Page) => page.evaluate(() => (window as unknown as { filmPlayingAt?: number }).filmPlayingAt);

/** When the last resource whose URL contains `part` finished arriving, in the page's clock. */
const responseEnd = (page: Page, part: string) =>
  page.evaluate((needle) => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.includes(needle)).at(-1)?.responseEnd, part);
/**
 * When the player gave the ad up: the moment it told the ad server (its error beacon goes out
 * from the page as the failure is known; the VAST itself is read in a worker, out of the page's
 * resource timing).
 */
const errorReportedAt = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').find((entry) => entry.name.includes('event=error'))?.startTime);

test('a preroll plays before the film, marked as an ad; "Пропустить" comes at 5 s and the film starts at once after it', async ({ page }) => {
  const beacons = recordBeacons(page);
  await openWithAds(page, undefined);
  await expect(adVideo(page)).toBeVisible();
  const overlay = page.locator('.ad-overlay');
  await expect(overlay.getByText('Реклама', { exact: true })).toBeVisible();
  await expect(overlay.getByText('ООО «Кино Демо»')).toBeVisible();
  await expect(overlay.getByText(/^erid: 2VtzqDemoc1$/)).toBeVisible();
  const skip = overlay.getByRole('button', { name: /^Пропустить/ });
  await expect(skip).toBeDisabled();
  await expect(skip).toHaveText(/^Пропустить через [1-5]$/);
  // Until the break ends the film stays at its start, paused, but already buffered behind the ad.
  expect(await film(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expect.poll(() => film(page).evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(3);
  await expect(skip).toBeEnabled({ timeout: 10_000 });
  await expect(skip).toHaveText('Пропустить');
  const adTime = await adVideo(page).evaluate((element: HTMLVideoElement) => element.currentTime);
  expect(adTime).toBeGreaterThanOrEqual(5);
  await skip.click();
  await expect(adVideo(page)).toBeHidden();
  await expect.poll(() => filmTime(page)).toBeGreaterThan(0.5);
  await expect.poll(() => ownEvents(beacons)).toEqual(expect.arrayContaining(['loaded', 'impression', 'start', 'firstQuartile', 'skip']));
  const events = ownEvents(beacons);
  for (const event of new Set(events)) expect(events.filter((name) => name === event), event).toHaveLength(1);
  expect(events).not.toContain('complete');
});

test('without auto_play the preroll waits for the viewer\'s play, and the film waits for the preroll', async ({ page }) => {
  await openWithAds(page, undefined, '?movie_id=1');
  // The film's first picture is in (its poster frame), and nothing plays yet.
  await expect.poll(() => film(page).evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  await expect(adVideo(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Воспроизвести' }).first().click();
  await expect(adVideo(page)).toBeVisible();
  await expect.poll(() => adVideo(page).evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.3);
  expect(await film(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
});

test('one volume for the player: muting the ad mutes the film after it, and the next load\'s preroll starts muted', async ({ page }) => {
  await openWithAds(page, undefined);
  await expect(adVideo(page)).toBeVisible();
  const overlay = page.locator('.ad-overlay');
  await overlay.getByRole('button', { name: 'Громкость рекламы' }).click();
  await expect.poll(() => adVideo(page).evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  await overlay.getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 15_000 });
  await expect.poll(() => filmTime(page)).toBeGreaterThan(0.3);
  expect(await film(page).evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  await page.reload();
  await expect(adVideo(page)).toBeVisible();
  await expect.poll(() => adVideo(page).evaluate((element: HTMLVideoElement) => element.muted && !element.paused)).toBe(true);
  await expect(overlay.getByRole('button', { name: 'Громкость рекламы' })).toHaveAttribute('aria-pressed', 'true');
});

test('an ad list item may carry its VAST inline; without marking in it, the host\'s configured marking shows', async ({ page, baseURL }) => {
  const vast = `<VAST version="4.1"><Ad id="inline-1"><InLine><AdSystem>host</AdSystem><AdTitle>inline</AdTitle>
    <Impression>${baseURL}/catalog-api/ads/track?creativeId=c1&amp;event=impression&amp;via=wrapper-9</Impression>
    <Creatives><Creative><Linear skipoffset="00:00:02"><Duration>00:00:15</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">${baseURL}/catalog-api/media/ads/creative-1.mp4</MediaFile>
    </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`;
  await page.route('**/host-ads.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ prerollList: [{ dataXml: vast }], midrollList: [] }) }));
  await page.addInitScript(() => {
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { adListUrl: '/host-ads.json', adMarking: { advertiser: 'ИП Хостов', erid: 'HostErid1' } };
  });
  await embed(page, '?movie_id=1&auto_play');
  const overlay = page.locator('.ad-overlay');
  await expect(overlay.getByText('ИП Хостов')).toBeVisible();
  await expect(overlay.getByText('erid: HostErid1')).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Пропустить', exact: true })).toBeEnabled({ timeout: 10_000 });
});

test('an ad watched to its end fires each quartile and complete once, then the film plays', async ({ page }) => {
  test.setTimeout(60_000);
  const beacons = recordBeacons(page);
  await openWithAds(page, undefined);
  await expect(adVideo(page)).toBeVisible();
  await expect(adVideo(page)).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => filmTime(page)).toBeGreaterThan(0.5);
  await expect.poll(() => ownEvents(beacons)).toEqual(expect.arrayContaining(['impression', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'progress']));
  const events = ownEvents(beacons);
  for (const event of new Set(events)) expect(events.filter((name) => name === event), event).toHaveLength(1);
});

test('the click-through opens the advertiser in a new tab, tracked once, and the ad pauses', async ({ page, context }) => {
  const beacons = recordBeacons(page);
  // The advertiser's site (the demo names example.com) is elsewhere; here it answers with a page of its own.
  await context.route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>advertiser</title>' }));
  await openWithAds(page, undefined);
  await expect(adVideo(page)).toBeVisible();
  await expect.poll(() => adVideo(page).evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.3);
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Перейти на сайт рекламодателя' }).click();
  const advertiser = await opened;
  await expect.poll(() => advertiser.url()).toBe('https://example.com/utro');
  await expect.poll(() => adVideo(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expect.poll(() => ownEvents(beacons)).toContain('click');
  expect(ownEvents(beacons).filter((event) => event === 'click')).toHaveLength(1);
  await page.getByRole('button', { name: 'Воспроизвести рекламу' }).click();
  await expect.poll(() => adVideo(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
});

test.describe('a failing ad never costs the film', () => {
  for (const [demoCase, code, via] of [
    ['unplayable', 403, null],
    ['no-ad', 901, 'empty'],
    ['wrapper-6', 302, 'wrapper-6'],
    ['malformed', 100, 'wrapper-1'],
  ] as const) {
    test(`${demoCase}: error ${code} goes to the ad server and the film plays within 1 s`, async ({ page }) => {
      const beacons = recordBeacons(page);
      await openWithAds(page, demoCase);
      await expect.poll(() => filmTime(page)).toBeGreaterThan(0.3);
      await expect.poll(() => errorReportedAt(page)).toBeDefined();
      const failedAtMs = await errorReportedAt(page);
      const playingAt = await filmPlayingAt(page);
      expect(failedAtMs).toBeDefined();
      expect(playingAt! - failedAtMs!).toBeLessThan(1000);
      await expect.poll(() => beacons().filter((record) => record.event === 'error').map((record) => [record.errorCode, record.via])).toContainEqual([code, via]);
      await expect(adVideo(page)).toHaveCount(0);
    });
  }

  test('broken-media: the media file does not load, error 405, and the film plays', async ({ page }) => {
    const beacons = recordBeacons(page);
    await openWithAds(page, 'broken-media');
    await expect.poll(() => filmTime(page)).toBeGreaterThan(0.3);
    await expect.poll(() => ownEvents(beacons)).toContain('error 405');
    expect(ownEvents(beacons)).not.toContain('impression');
  });

  test('an unreachable ad list: the film plays', async ({ page }) => {
    await page.route('**/nowhere/ad-list.json', (route) => route.abort('connectionrefused'));
    await page.addInitScript(() => {
      (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { adListUrl: '/nowhere/ad-list.json' };
    });
    await embed(page, '?movie_id=1&auto_play');
    await expect.poll(() => filmTime(page)).toBeGreaterThan(0.5);
  });

  test('a VAST slower than the break\'s deadline: the film plays at the deadline, and no late ad starts', async ({ page }) => {
    test.setTimeout(60_000);
    await openWithAds(page, 'slow', '?movie_id=1&auto_play', { adBreakTimeoutMs: 2000 });
    await expect.poll(() => filmTime(page)).toBeGreaterThan(0.3);
    const playingAt = (await filmPlayingAt(page))!;
    const listAt = (await responseEnd(page, 'ad-list.json'))!;
    expect(playingAt - listAt).toBeLessThan(2000 + 1000);
    // The slow VAST arrives at 6 s (and the 5 s VAST timeout has passed): still no ad.
    await page.waitForFunction(() => performance.now() > 8000);
    await expect(adVideo(page)).toHaveCount(0);
    expect(await film(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  });
});

test('a pod plays both ads in order, then the film', async ({ page }) => {
  test.setTimeout(60_000);
  const beacons = recordBeacons(page);
  await openWithAds(page, 'pod');
  const overlay = page.locator('.ad-overlay');
  await expect(overlay.getByText('1 из 2')).toBeVisible();
  await overlay.getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 15_000 });
  await expect(overlay.getByText('2 из 2')).toBeVisible();
  await overlay.getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 15_000 });
  await expect.poll(() => filmTime(page)).toBeGreaterThan(0.3);
  const starts = beacons().filter((record) => record.event === 'start' && record.via === null).map((record) => record.creativeId);
  expect(starts).toEqual(['c1', 'c2']);
});

test('a midroll plays at half of a film longer than 30 minutes, once, and the film goes on after it', async ({ page }) => {
  test.setTimeout(60_000);
  const beacons = recordBeacons(page);
  // Film 4 runs about 31 minutes: its midroll comes at about 15:30. Start just before it.
  await openWithAds(page, 'midroll', '?movie_id=4&auto_play&t=925');
  await expect.poll(() => filmTime(page)).toBeGreaterThan(925);
  await expect(adVideo(page)).toBeVisible({ timeout: 20_000 });
  const pausedAt = await filmTime(page);
  expect(await film(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await page.locator('.ad-overlay').getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 15_000 });
  await expect(adVideo(page)).toBeHidden();
  await expect.poll(() => filmTime(page)).toBeGreaterThan(pausedAt + 0.5);
  expect(beacons().filter((record) => record.event === 'start').map((record) => record.creativeId)).toEqual(['c2']);
});

test('another episode stops the ad and starts its own preroll', async ({ page }) => {
  await openWithAds(page, undefined, '?movie_id=2&episode_id=201&auto_play');
  await expect(adVideo(page)).toBeVisible();
  await page.locator('.ad-overlay').getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 15_000 });
  await expect.poll(() => filmTime(page)).toBeGreaterThan(0.3);
  const beacons = recordBeacons(page);
  // The controls hide after 2 s (their buttons are inert then): show them for the click.
  await clickControl(page, page.getByRole('button', { name: '1 серия' }));
  await page.getByRole('menu', { name: 'Серии' }).getByRole('menuitemradio', { name: 'Серия 3' }).click();
  await expect(adVideo(page)).toBeVisible();
  await expect.poll(() => ownEvents(beacons)).toContain('start');
});

test('the host page pauses the ad with {actionType: "pause"}; a message from another origin does not', async ({ page, baseURL }) => {
  // Every frame gets the ad list: the player's is the one that reads it.
  await page.addInitScript(() => {
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { adListUrl: '/catalog-api/ad-list.json' };
  });
  const host = baseURL!.replace('127.0.0.1', 'localhost');
  await page.goto(`${host}/catalog-api/contents/1`);
  // Beside the player, a frame of another (opaque) origin that posts the same message when told to.
  const foreign = 'data:text/html,' + encodeURIComponent('<script>onmessage = () => parent.frames[0].postMessage({ actionType: "pause" }, "*");</script>');
  await page.setContent(`<!doctype html>
    <iframe id="player" src="${baseURL}/embed?movie_id=1&auto_play" width="800" height="450" allow="autoplay"></iframe>
    <iframe id="other" src="${foreign}" width="10" height="10"></iframe>`);
  const player = page.frameLocator('#player');
  const ad = player.locator('video.player__ad-video');
  await expect.poll(async () => (await ad.count()) > 0 && ad.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0.3)).toBe(true);
  const frame = page.frames().find((candidate) => candidate.url().includes('/embed'))!;
  await frame.evaluate(() => {
    const got: string[] = [];
    (window as unknown as { got: string[] }).got = got;
    addEventListener('message', (event) => got.push(event.origin));
  });
  const received = () => frame.evaluate(() => (window as unknown as { got: string[] }).got);

  await page.evaluate(() => (document.getElementById('other') as HTMLIFrameElement).contentWindow!.postMessage('go', '*'));
  // The player's own listener ran before the test's, in the same dispatch.
  await expect.poll(received).toEqual(['null']);
  expect(await ad.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

  await page.evaluate(() => (document.getElementById('player') as HTMLIFrameElement).contentWindow!.postMessage({ actionType: 'pause' }, '*'));
  await expect.poll(received).toEqual(['null', host]);
  await expect.poll(() => ad.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
});
