import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from './playwright.config.ts';
import { embed } from './helpers.ts';

/**
 * Short views and failed ones, as the operator counts them: a viewer who leaves a second into the
 * film, or before its first frame, still leaves a view with its end in the collector, each event
 * once; a film that cannot load and a content that does not exist are failed views the dashboard
 * lists by code and by content. The collector is read through the operator's own listing.
 */

interface StoredEvent {
  event_id: string;
  event: string;
  view_id: string;
  payload: Record<string, unknown>;
  detail: Record<string, unknown>;
}

const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function collected(page: Page, userId: string): Promise<StoredEvent[]> {
  const response = await page.request.get(`/admin/analytics/events.json?user_id=${userId}`, { headers: operator });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}
const names = async (page: Page, userId: string) => (await collected(page, userId)).map((event) => event.event);

/** The frame's stat function, its calls kept in sessionStorage so they outlive the page. */
async function recordStats(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const kept = () => JSON.parse(sessionStorage.getItem('stats') ?? '[]') as unknown[];
    (window as unknown as Record<string, unknown>).stat = (name: string, payload: unknown) =>
      sessionStorage.setItem('stats', JSON.stringify([...kept(), { name, payload }]));
  });
}
const statIds = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('stats') ?? '[]') as { payload: { event_id: string } }[]).map((stat) => stat.payload.event_id));

/** Resolves once the film has presented a frame past `seconds` of its own time. */
function filmPlayedPast(page: Page, seconds: number): Promise<void> {
  return page.locator('video.player__video').evaluate((element: HTMLVideoElement, target) => new Promise<void>((resolve) => {
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (meta.mediaTime > target) resolve();
      else element.requestVideoFrameCallback(onFrame);
    };
    element.requestVideoFrameCallback(onFrame);
  }), seconds);
}

const countOf = (events: StoredEvent[], name: string) => events.filter((event) => event.event === name).length;

/** Somewhere else on the same origin: the embed's page is gone, its sessionStorage stays readable. */
const leave = (page: Page) => page.goto('/catalog-api/contents/1');

/** The analytics chunk as on a slow link: it has not arrived when the viewer leaves. */
const ANALYTICS_CHUNK = /\/assets\/start-analytics-[\w-]+\.js$/;

for (const { seconds, chunk } of [{ seconds: 1, chunk: 'held back' }, { seconds: 1, chunk: 'loaded' }, { seconds: 3, chunk: 'loaded' }]) {
  test(`a view left ${seconds} s into the film, analytics ${chunk}, reaches the collector with its end, each event once, and a later load sends nothing twice`, async ({ page }) => {
    test.setTimeout(90_000);
    const userId = `leaving-${seconds}s-${chunk.replace(' ', '-')}-${Date.now()}`;
    if (chunk === 'held back') await page.route(ANALYTICS_CHUNK, () => undefined);
    await recordStats(page);
    await embed(page, `?movie_id=1&auto_play&user_id=${userId}`);
    await filmPlayedPast(page, seconds);
    await leave(page);

    await expect.poll(() => names(page, userId), { timeout: 20_000 }).toContain('view_end');
    const first = await collected(page, userId);
    expect(new Set(first.map((event) => event.view_id)).size).toBe(1);
    for (const name of ['play', 'view_start', 'view_end']) expect(countOf(first, name), name).toBe(1);
    const end = first.find((event) => event.event === 'view_end')!;
    expect(end.detail.exit_before_start).toBe(false);
    expect(end.payload.real_time_played_sec as number).toBeGreaterThanOrEqual(seconds * 0.5);
    expect(end.payload).toMatchObject({ video_id: 1, user_id: userId });
    // The host's stat function heard every stored event while the page was still there.
    const heard = new Set(await statIds(page));
    expect(first.map((event) => event.event_id).filter((id) => !heard.has(id))).toEqual([]);

    // The same browser opens the film again: whatever the first load kept unsent is sent now, and
    // the collector still holds the first view's events once each.
    await page.unroute(ANALYTICS_CHUNK);
    await embed(page, `?movie_id=1&auto_play&user_id=${userId}`);
    await expect.poll(async () => new Set((await collected(page, userId)).map((event) => event.view_id)).size, { timeout: 30_000 }).toBe(2);
    await filmPlayedPast(page, 1);
    const firstView = first[0]!.view_id;
    const again = (await collected(page, userId)).filter((event) => event.view_id === firstView);
    for (const name of ['play', 'view_start', 'view_end']) expect(countOf(again, name), name).toBe(1);
  });
}

test('a viewer who closes the page before the first frame leaves a view that never started, with its end', async ({ page, context }) => {
  test.setTimeout(60_000);
  const userId = `leaving-early-${Date.now()}`;
  // The film's segments never come: the first frame cannot; nor does the analytics chunk.
  await page.route(/\/catalog-api\/media\/.*\.(m4s|ts|mp4|aac)(\?|$)/, () => undefined);
  await page.route(ANALYTICS_CHUNK, () => undefined);
  await recordStats(page);
  await embed(page, `?movie_id=1&user_id=${userId}`);
  await page.getByRole('button', { name: 'Воспроизвести' }).click();
  await expect.poll(() => page.locator('video.player__video').evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  await page.close({ runBeforeUnload: true });

  const reader = await context.newPage();
  await expect.poll(() => names(reader, userId), { timeout: 20_000 }).toContain('view_end');
  const events = await collected(reader, userId);
  expect(countOf(events, 'view_end')).toBe(1);
  expect(countOf(events, 'view_start')).toBe(0);
  expect(new Set(events.map((event) => event.event_id)).size).toBe(events.length);
  expect(events.find((event) => event.event === 'view_end')!.detail).toMatchObject({ exit_before_start: true });
});

/** The dashboard's data for today. */
async function dashboard(page: Page) {
  const response = await page.request.get('/admin/analytics/data.json?days=1', { headers: operator });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    failures: {
      byCodeAndNetwork: { code: string; category: string | null; count: number }[];
      byContent?: { videoId: number; failures: number; failedViews: number }[];
    };
  };
}

test('a film whose manifest is missing and a content that does not exist are failed views, listed by code and by content', async ({ page }) => {
  test.setTimeout(90_000);
  // Film 5 with analytics as usual; the unknown content before the analytics chunk could arrive.
  const cases = [
    { movieId: 5, card: /Ошибка в загрузке/, holdAnalytics: false },
    { movieId: 999, card: /Контент не доступен/, holdAnalytics: true },
  ];
  for (const { movieId, card, holdAnalytics } of cases) {
    const userId = `failing-${movieId}-${Date.now()}`;
    if (holdAnalytics) await page.route(ANALYTICS_CHUNK, () => undefined);
    else await page.unroute(ANALYTICS_CHUNK);
    await embed(page, `?movie_id=${movieId}&user_id=${userId}`);
    await expect(page.getByRole('alert')).toHaveText(card);
    // Left at once: whether the analytics chunk came or not, the failure leaves with the page.
    await leave(page);
    await expect.poll(() => names(page, userId), { timeout: 20_000 }).toContain('error');
    const events = await collected(page, userId);
    const errors = events.filter((event) => event.event === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.payload).toMatchObject({ video_id: movieId, user_id: userId });
    expect(errors[0]!.detail).toMatchObject({ error_fatal: true });
    expect(errors[0]!.detail.error_id).toMatch(/^[0-9a-f]{8}$/);
    expect(['gprs', '2g', '3g', '4g', 'wifi', 'unknown']).toContain((errors[0] as unknown as { network_type: string }).network_type);
  }

  const data = await dashboard(page);
  for (const { movieId } of cases) {
    expect(data.failures.byContent?.find((row) => row.videoId === movieId)?.failedViews ?? 0).toBeGreaterThanOrEqual(1);
  }
  const codes = data.failures.byCodeAndNetwork.map((row) => row.category);
  expect(codes).toEqual(expect.arrayContaining(['manifest', 'catalogue']));

  // The operator's page lists them: by code, and by content with film 5 named.
  await page.setExtraHTTPHeaders(operator);
  await page.goto('/admin/analytics?days=1');
  await expect(page.locator('#dashboard')).toHaveAttribute('data-ready', 'true');
  const failures = page.locator('#failures');
  await expect(failures.locator('#failures-table')).toContainText('manifest');
  await expect(failures.locator('#failures-table')).toContainText('catalogue');
  await expect(failures.locator('#failures-content-table')).toContainText('Контент 999');
  await expect(failures).not.toContainText('Сбоев за период не было');
  await expect(page.locator('#tiles')).not.toContainText('Просмотры со сбоем0 %');
});
