import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from './playwright.config.ts';
import { chooseSetting, clickControl, embed, showControls } from './helpers.ts';

/**
 * Viewing analytics as the catalogue's owner sees them: the frame's stat function gets each event
 * with its payload as it happens, and the collector stores each event once, whatever reloads and
 * hides come in between. Each test has its own user_id, which every payload carries.
 */

interface Stat { name: string; payload: Record<string, unknown> }

/** The frame's stat function, keeping its calls in sessionStorage so a reload keeps them too. */
async function recordStats(page: Page, config: Record<string, unknown> = {}): Promise<void> {
  await page.addInitScript((more) => {
    const kept = () => JSON.parse(sessionStorage.getItem('stats') ?? '[]') as unknown[];
    (window as unknown as Record<string, unknown>).stat = (name: string, payload: unknown) => sessionStorage.setItem('stats', JSON.stringify([...kept(), { name, payload }]));
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = more;
  }, config);
}
const stats = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('stats') ?? '[]') as Stat[]);
const statNames = async (page: Page) => (await stats(page)).map((stat) => stat.name.replace('videoplayer_', ''));

interface StoredEvent { event_id: string; event: string; view_id: string }
async function collected(page: Page, userId: string): Promise<StoredEvent[]> {
  const response = await page.request.get(`/admin/analytics/events.json?user_id=${userId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}

const film = (page: Page) => page.locator('video.player__video');
const filmTime = (page: Page) => film(page).evaluate((element: HTMLVideoElement) => element.currentTime);

/** The names in `names` that make up `expected`, in order (other events may come in between). */
function inOrder(names: string[], expected: string[]): string[] {
  let at = 0;
  const found: string[] = [];
  for (const name of names) {
    if (name !== expected[at]) continue;
    found.push(name);
    at += 1;
  }
  return found;
}

test('the stat function gets the preroll, the start, a quality change, a seek and 25 %, with full payloads', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const userId = `viewer-${Date.now()}`;
  // A preroll of its own, inline and without beacons: the ad tests read the demo ad server's
  // tracking record, and this test's ad must not show up in it.
  const vast = `<VAST version="4.1"><Ad id="analytics-ad"><InLine><AdSystem>e2e</AdSystem><AdTitle>analytics</AdTitle>
    <Creatives><Creative><Linear skipoffset="00:00:02"><Duration>00:00:15</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">${baseURL}/catalog-api/media/ads/creative-1.mp4</MediaFile>
    </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`;
  await page.route('**/analytics-ads.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ prerollList: [{ dataXml: vast }], midrollList: [] }) }));
  await recordStats(page, { adListUrl: '/analytics-ads.json' });
  await embed(page, `?movie_id=1&auto_play&user_id=${userId}`);
  await page.locator('.ad-overlay').getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 20_000 });
  await expect.poll(() => statNames(page)).toContain('view_start');
  await expect.poll(() => filmTime(page)).toBeGreaterThan(1);

  // Another quality than the one on screen.
  const onScreen = (await stats(page)).at(-1)?.payload.video_quality;
  await chooseSetting(page, 'Качество', onScreen === '240p' ? '720p' : '240p');
  await expect.poll(() => statNames(page), { timeout: 20_000 }).toContain('quality_change');

  // A jump to just before a quarter, on the seek bar; then it plays past 25 %.
  const duration = await film(page).evaluate((element: HTMLVideoElement) => element.duration);
  const bar = page.getByRole('slider', { name: 'Перемотка' });
  await expect(async () => {
    await showControls(page);
    const box = (await bar.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.22, box.y + box.height / 2);
    expect(await statNames(page)).toContain('seek');
  }).toPass({ timeout: 20_000 });
  await expect.poll(() => statNames(page)).toContain('seek');
  await expect.poll(() => filmTime(page), { timeout: 30_000 }).toBeGreaterThan(duration * 0.26);
  await expect.poll(async () => (await stats(page)).filter((stat) => stat.name === 'videoplayer_progress').map((stat) => stat.payload.milestone)).toEqual([10, 25]);

  const expected = ['ad_init', 'ad_loaded', 'ad_play', 'ad_skip_btn_click', 'play', 'view_start', 'quality_change', 'seek'];
  const names = await statNames(page);
  expect(inOrder(names, expected)).toEqual(expected);
  // 10 % may come before the jump; 25 % only after it.
  expect(names.lastIndexOf('progress')).toBeGreaterThan(names.indexOf('seek'));
  const all = await stats(page);
  for (const { payload } of all) {
    expect(payload).toMatchObject({ video_id: 1, player_type: 'embedded', video_category: 'movie', user_id: userId, device_type: 'desktop', isTrailer: false });
    expect(typeof payload.video_title).toBe('string');
    expect(typeof payload.current_time).toBe('number');
    expect(typeof payload.event_id).toBe('string');
  }
  const last = all.at(-1)!.payload;
  // The preroll is in the ad history of every later event.
  expect(last).toMatchObject({ ad_id: ['analytics-ad'], ad_type: ['preroll'], ad_position: [0], ad_position_perc: [0] });
  expect(last.real_time_played_sec).toBeGreaterThan(0);
  expect(last.video_time_played_sec).toBeGreaterThan(0);
  expect(['gprs', '2g', '3g', '4g', 'wifi']).toContain(last.network_type);
  const seek = all.find((stat) => stat.name === 'videoplayer_seek')!.payload;
  expect(seek.seek_to as number).toBeCloseTo(duration * 0.22, 0);
  expect(seek.seek_latency_ms).toBeGreaterThanOrEqual(0);
  const start = all.find((stat) => stat.name === 'videoplayer_view_start')!.payload;
  expect(start.startup_ms).toBeGreaterThanOrEqual(0);
});

const pauseButton = (page: Page) => page.getByRole('button', { name: 'Пауза', exact: true }).first();
const playButton = (page: Page) => page.getByRole('button', { name: 'Воспроизвести', exact: true }).first();
const count = async (page: Page, name: string) => (await statNames(page)).filter((candidate) => candidate === name).length;

/** The test's stand-in for the viewer switching apps: the document says it is hidden, or visible again. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value: value ? 'hidden' : 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('the collector stores every event once, across a page hide and a reload in the middle of a batch', async ({ page }) => {
  test.setTimeout(90_000);
  const userId = `viewer-${Date.now()}-reload`;
  await recordStats(page);
  await embed(page, `?movie_id=1&auto_play&user_id=${userId}`);
  await expect.poll(() => statNames(page)).toContain('view_start');
  // The start goes at once; a pause and an opened menu wait for the next batch (up to 10 s).
  await expect.poll(async () => (await collected(page, userId)).map((event) => event.event)).toContain('view_start');
  await clickControl(page, pauseButton(page));
  await clickControl(page, page.getByRole('button', { name: 'Настройки' }));
  await expect.poll(() => statNames(page)).toEqual(expect.arrayContaining(['pause', 'popup_open']));
  expect((await collected(page, userId)).map((event) => event.event)).not.toContain('pause');

  // The viewer switches away: the view's summary and what waited leave with the beacon.
  await setHidden(page, true);
  await expect.poll(async () => (await collected(page, userId)).map((event) => event.event)).toEqual(expect.arrayContaining(['pause', 'popup_open', 'view_end']));
  await setHidden(page, false);

  // Back, it plays on; its pause waits for its batch, and the page is reloaded before it leaves.
  await page.keyboard.press('Escape');
  await clickControl(page, playButton(page));
  await expect.poll(() => count(page, 'play')).toBe(2);
  await clickControl(page, pauseButton(page));
  await expect.poll(() => count(page, 'pause')).toBe(2);
  await page.reload();
  await expect.poll(() => count(page, 'view_start')).toBe(2);
  await clickControl(page, pauseButton(page));
  await expect.poll(() => count(page, 'pause')).toBe(3);

  // Everything the frame made, in both loads, is stored, and each once. (The first load's last
  // summary, made as it unloaded, may reach the collector without the stat function seeing it.)
  const made = (await stats(page)).map((stat) => stat.payload.event_id as string);
  await expect.poll(async () => {
    const ids = new Set((await collected(page, userId)).map((event) => event.event_id));
    return made.filter((id) => !ids.has(id));
  }, { timeout: 20_000 }).toEqual([]);
  const stored = await collected(page, userId);
  for (const extra of stored.filter((event) => !made.includes(event.event_id))) expect(extra.event).toBe('view_end');
  expect(new Set(stored.map((event) => event.view_id)).size).toBe(2);
});
