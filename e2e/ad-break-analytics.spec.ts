import { expect, test, type Page } from '@playwright/test';
import { embed } from './helpers.ts';
import { OWN_ADMIN_TOKEN, startOwnCollector, type OwnCollector } from './own-collector.ts';

/**
 * Ad breaks as the operator's dashboard counts them, from real players: a player that only set
 * its preroll up (its ad list fetched ahead of time) and was never played counts no break; one
 * play with a preroll counts one break, asked for and filled. The frames send to a collector of
 * this test's own, so no other test's views are in its figures.
 */
let collector: OwnCollector;
test.beforeAll(async () => {
  collector = await startOwnCollector();
});
test.afterAll(() => collector.close());

const AD_LIST = '/break-count-ads.json';

async function setUpPlayer(page: Page, baseURL: string | undefined): Promise<void> {
  const vast = `<VAST version="4.1"><Ad id="break-count-ad"><InLine><AdSystem>e2e</AdSystem><AdTitle>break count</AdTitle>
    <Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">${baseURL}/catalog-api/media/ads/creative-1.mp4</MediaFile>
    </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`;
  await page.route(`**${AD_LIST}`, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ prerollList: [{ dataXml: vast }], midrollList: [] }) }));
  await page.addInitScript((config) => {
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = config;
  }, { adListUrl: AD_LIST, collectorUrl: `${collector.url}/collect` });
}

const auth = { authorization: `Bearer ${OWN_ADMIN_TOKEN}` };
async function stored(page: Page, userId: string): Promise<string[]> {
  const response = await page.request.get(`${collector.url}/admin/analytics/events.json?user_id=${userId}`, { headers: auth });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: Array<{ event: string }> }).events.map((event) => event.event);
}
async function adFigures(page: Page): Promise<Record<string, number | null>> {
  const response = await page.request.get(`${collector.url}/admin/analytics/data.json?days=1`, { headers: auth });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { ads: { overall: Record<string, number | null> } }).ads.overall;
}

/** The test's stand-in for the viewer switching tabs: analytics load and send what they have. */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('four loads nobody played count no ad break; one play with a preroll counts one, asked for and filled', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const userId = `breaks-${Date.now()}`;
  await setUpPlayer(page, baseURL);

  for (let load = 1; load <= 4; load += 1) {
    // The ad module sets the preroll up without a click: its ad list is fetched ahead of time.
    const listFetched = page.waitForRequest((request) => request.url().endsWith(AD_LIST), { timeout: 60_000 });
    await embed(page, `?movie_id=1&user_id=${userId}`);
    await listFetched;
    await hide(page);
    // This load's events are stored (its preroll set up: ad_init, and its view's summary).
    await expect.poll(async () => (await stored(page, userId)).filter((name) => name === 'view_end').length, { timeout: 45_000 }).toBe(load);
    await expect.poll(async () => (await stored(page, userId)).filter((name) => name === 'ad_init').length, { timeout: 15_000 }).toBe(load);
  }
  const unplayed = await stored(page, userId);
  expect(unplayed).not.toContain('ad_break_request');
  expect(unplayed).not.toContain('ad_play');
  expect(await adFigures(page)).toMatchObject({ breaksRequested: 0, breaksFilled: 0, fillRate: null });

  // One viewer plays: the preroll is asked for and its ad starts.
  await embed(page, `?movie_id=1&user_id=${userId}`);
  await page.getByRole('button', { name: 'Воспроизвести' }).first().click({ timeout: 60_000 });
  await expect(page.locator('video.player__ad-video')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.locator('video.player__ad-video').evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3);
  await hide(page);
  await expect.poll(async () => (await stored(page, userId)).filter((name) => name === 'ad_play').length, { timeout: 45_000 }).toBe(1);
  expect((await stored(page, userId)).filter((name) => name === 'ad_break_request')).toHaveLength(1);
  expect(await adFigures(page)).toMatchObject({ breaksRequested: 1, breaksFilled: 1, adsStarted: 1, fillRate: 1 });
});
