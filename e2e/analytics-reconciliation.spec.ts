import { expect, test, type Browser, type Page } from '@playwright/test';
import { OWN_ADMIN_TOKEN, startOwnCollector, type OwnCollector } from './own-collector.ts';
import { adVideo, cardCode, filmEnded, filmPlayedPast, film, leave, openView, type ViewPage } from './reconciliation-views.ts';
import type { DashboardData } from '../src/contract/schemas/dashboard-schema.ts';

/**
 * The dashboard against what really happened: a scripted set of views plays in Chromium against
 * the real server, every frame sending to one collector of this test's own, and the collector's
 * dashboard data (/admin/analytics/data.json) must give exactly those counts: views, exits before
 * the first frame and during the preroll, failures by the codes the cards showed, failed views,
 * ad breaks and ads; and per content the watch time the film elements say they played, within a
 * second per view.
 *
 * RECONCILIATION_SCREENSHOT=docs/screenshots/analytics-reconciliation.png saves the dashboard of
 * the run at desktop width, and beside it (-phone.png) at a phone's.
 */
// One collector for each run of the test (a repeated run counts its own views only).
let collector: OwnCollector;
test.beforeEach(async () => {
  collector = await startOwnCollector();
});
test.afterEach(() => collector.close());

/** What one view did, as the page saw it. */
interface Outcome {
  movieId: number;
  /** What the film element played, and its stalls after the first frame (reconciliation-views.ts). */
  playedSec: number;
  stalls: number;
  stalledSec: number;
  exitBeforeStart?: boolean;
  duringPreroll?: boolean;
  /** The code of the failure the card showed. */
  failure?: string;
  ads?: { breaks: number; started: number; completed: number; skipped: number };
}

interface Scripted {
  name: string;
  movieId: number;
  /** The embed's query after movie_id. */
  query?: string;
  hold?: RegExp[];
  gate?: { openUpTo: number };
  play(view: ViewPage): Promise<Omit<Outcome, 'movieId'>>;
}

/** The analytics chunk as on a slow link: it has not arrived when the viewer leaves (the entry's beacon sends). */
const ANALYTICS_CHUNK = /\/assets\/start-analytics-[\w-]+\.js$/;
const segmentsOf = (movieId: number) => new RegExp(`/catalog-api/media/films/${movieId}/.*\\.(ts|m4s|mp4|aac)(\\?|$)`);
const skipButton = (page: Page) => page.locator('.ad-overlay').getByRole('button', { name: 'Пропустить', exact: true });
const pressPlay = async (page: Page) => {
  await page.getByRole('button', { name: 'Воспроизвести' }).first().click({ timeout: 60_000 });
  await expect.poll(() => film(page).evaluate((element: HTMLVideoElement) => element.paused), { timeout: 30_000 }).toBe(false);
};
const adPlaying = (page: Page) =>
  expect.poll(() => adVideo(page).evaluate((element: HTMLVideoElement) => element.currentTime).catch(() => 0), { timeout: 60_000 }).toBeGreaterThan(0.3);

const SCRIPT: Scripted[] = [
  {
    name: 'film 6 (12 s) watched to its end',
    movieId: 6,
    query: '&auto_play',
    play: async (view) => {
      await filmEnded(view.page);
      return leave(view);
    },
  },
  {
    name: 'film 1 from 0:54 to its end',
    movieId: 1,
    query: '&auto_play&t=54',
    play: async (view) => {
      await filmEnded(view.page);
      return leave(view);
    },
  },
  {
    name: 'film 1 left in its first second',
    movieId: 1,
    query: '&auto_play',
    play: async (view) => {
      await filmPlayedPast(view.page, 0.3);
      return leave(view);
    },
  },
  {
    name: 'film 6 left in its first second',
    movieId: 6,
    query: '&auto_play',
    play: async (view) => {
      await filmPlayedPast(view.page, 0.3);
      return leave(view);
    },
  },
  {
    name: 'film 1 stalling twice (its next segment held back until the spinner shows)',
    movieId: 1,
    query: '&auto_play',
    gate: { openUpTo: 0 },
    play: async (view) => {
      const spinner = view.page.getByRole('progressbar', { name: 'Загрузка…' });
      for (const segment of [1, 2]) {
        // Segment n starts at 4n s: the film plays up to it and waits.
        await filmPlayedPast(view.page, 4 * segment - 0.5);
        await expect(spinner).toBeVisible({ timeout: 30_000 });
        view.gate!.open(segment);
        await expect(spinner).toBeHidden({ timeout: 30_000 });
      }
      view.gate!.open(Number.POSITIVE_INFINITY);
      await filmPlayedPast(view.page, 9);
      const left = await leave(view);
      expect(left.stalls, 'the element stalled twice').toBeGreaterThanOrEqual(2);
      return left;
    },
  },
  {
    name: 'film 1 left before its first frame (segments held back)',
    movieId: 1,
    hold: [segmentsOf(1)],
    play: async (view) => {
      await pressPlay(view.page);
      return { ...(await leave(view)), exitBeforeStart: true };
    },
  },
  {
    name: 'film 6 left before its first frame, the analytics chunk not yet there',
    movieId: 6,
    hold: [segmentsOf(6), ANALYTICS_CHUNK],
    play: async (view) => {
      await pressPlay(view.page);
      return { ...(await leave(view)), exitBeforeStart: true };
    },
  },
  {
    name: 'film 1 left during its preroll',
    movieId: 1,
    query: '&auto_play&ad_case=wrapper-2',
    play: async (view) => {
      await adPlaying(view.page);
      return { ...(await leave(view)), exitBeforeStart: true, duringPreroll: true, ads: { breaks: 1, started: 1, completed: 0, skipped: 0 } };
    },
  },
  {
    name: 'film 5: its manifest is missing',
    movieId: 5,
    play: async (view) => {
      const { text, code } = await cardCode(view);
      expect(text).toMatch(/^Ошибка в загрузке/);
      return { ...(await leave(view)), failure: code };
    },
  },
  {
    name: 'content 999 does not exist, the analytics chunk not yet there',
    movieId: 999,
    hold: [ANALYTICS_CHUNK],
    play: async (view) => {
      const { text, code } = await cardCode(view);
      expect(text).toBe('Контент не доступен');
      return { ...(await leave(view)), failure: code };
    },
  },
  {
    name: 'film 1: its segments fail for good after playback started',
    movieId: 1,
    query: '&auto_play',
    play: async (view) => {
      await filmPlayedPast(view.page, 1);
      await view.page.route(segmentsOf(1), (route) => route.abort('connectionreset'));
      // Past what is buffered: the engine needs segments that no longer come, and retries until it gives up.
      await film(view.page).evaluate((element: HTMLVideoElement) => { element.currentTime = 44; });
      const { text, code } = await cardCode(view);
      expect(text).toMatch(/Идентификатор ошибки/);
      return { ...(await leave(view)), failure: code };
    },
  },
  {
    name: 'film 1 after a preroll skipped at 5 s',
    movieId: 1,
    query: '&auto_play&ad_case=wrapper-2',
    play: async (view) => {
      await skipButton(view.page).click({ timeout: 60_000 });
      await filmPlayedPast(view.page, 1);
      return { ...(await leave(view)), ads: { breaks: 1, started: 1, completed: 0, skipped: 1 } };
    },
  },
  {
    name: 'film 6 after a preroll watched to its end',
    movieId: 6,
    query: '&auto_play&ad_case=wrapper-2',
    play: async (view) => {
      await adPlaying(view.page);
      await adVideo(view.page).evaluate((element: HTMLVideoElement) => new Promise<void>((resolve) => {
        if (element.ended) resolve();
        else element.addEventListener('ended', () => resolve(), { once: true });
      }));
      await filmPlayedPast(view.page, 1);
      return { ...(await leave(view)), ads: { breaks: 1, started: 1, completed: 1, skipped: 0 } };
    },
  },
  {
    name: 'film 6 after a pod of two ads, both skipped',
    movieId: 6,
    query: '&auto_play&ad_case=pod',
    play: async (view) => {
      const overlay = view.page.locator('.ad-overlay');
      await expect(overlay.getByText('1 из 2')).toBeVisible({ timeout: 60_000 });
      await skipButton(view.page).click({ timeout: 60_000 });
      await expect(overlay.getByText('2 из 2')).toBeVisible({ timeout: 30_000 });
      await skipButton(view.page).click({ timeout: 60_000 });
      await filmPlayedPast(view.page, 0.5);
      return { ...(await leave(view)), ads: { breaks: 1, started: 2, completed: 0, skipped: 2 } };
    },
  },
];

const auth = { authorization: `Bearer ${OWN_ADMIN_TOKEN}` };
interface StoredEvent { event: string; view_id: string; payload: { real_time_played_sec?: number } }
async function stored(page: Page, userId: string): Promise<StoredEvent[]> {
  const response = await page.request.get(`${collector.url}/admin/analytics/events.json?user_id=${encodeURIComponent(userId)}`, { headers: auth });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}
/** Two UTC days: a run across midnight still sees all its views. */
async function dashboard(page: Page): Promise<DashboardData> {
  const response = await page.request.get(`${collector.url}/admin/analytics/data.json?days=2`, { headers: auth });
  expect(response.status()).toBe(200);
  return (await response.json()) as DashboardData;
}

/** Plays one scripted view and waits until its end is in the collector. */
async function playOne(browser: Browser, baseURL: string, reader: Page, scripted: Scripted, run: string): Promise<Outcome & { name: string; storedSec: number }> {
  const userId = `recon-${run}-${SCRIPT.indexOf(scripted)}`;
  const view = await openView({
    browser, baseURL, collectorUrl: `${collector.url}/collect`, userId, query: `?movie_id=${scripted.movieId}${scripted.query ?? ''}`, hold: scripted.hold,
    gate: scripted.gate && { movieId: scripted.movieId, ...scripted.gate },
  });
  try {
    const outcome = await test.step(scripted.name, () => scripted.play(view));
    // Leaving sent the view's end with everything not yet delivered.
    await expect.poll(async () => (await stored(reader, userId)).filter((event) => event.event === 'view_end').length, { timeout: 60_000 }).toBe(1);
    const storedSec = Math.max(0, ...(await stored(reader, userId)).map((event) => event.payload.real_time_played_sec ?? 0));
    return { name: scripted.name, movieId: scripted.movieId, storedSec, ...outcome };
  } finally {
    await view.close();
  }
}

/** Runs the views two at a time, in order. */
async function playAll(browser: Browser, baseURL: string, reader: Page, run: string) {
  const outcomes: Array<Awaited<ReturnType<typeof playOne>>> = [];
  let next = 0;
  const lane = async () => {
    while (next < SCRIPT.length) {
      const scripted = SCRIPT[next]!;
      next += 1;
      outcomes.push(await playOne(browser, baseURL, reader, scripted, run));
    }
  };
  await Promise.all([lane(), lane()]);
  return outcomes;
}

const countWhere = <T>(items: readonly T[], matches: (item: T) => boolean | undefined) => items.filter((item) => matches(item)).length;
const total = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((sum, item) => sum + pick(item), 0);

test('the dashboard counts exactly the views, exits, failures, ad breaks and watch time the players went through', async ({ browser, baseURL, page }) => {
  test.setTimeout(420_000);
  const run = `${Date.now()}`;
  const outcomes = await playAll(browser, baseURL!, page, run);

  await expect.poll(async () => total((await dashboard(page)).views.byContent, (row) => row.views), { timeout: 30_000 }).toBe(SCRIPT.length);
  const data = await dashboard(page);
  const report = outcomes.map((outcome) => `${outcome.name}: played ${outcome.playedSec.toFixed(2)} s, stored ${outcome.storedSec.toFixed(2)} s`
    + `${outcome.stalls ? `, ${outcome.stalls} stalls of ${outcome.stalledSec.toFixed(2)} s` : ''}${outcome.failure ? `, code ${outcome.failure}` : ''}`).join('\n');
  test.info().annotations.push({ type: 'views', description: report });
  test.info().annotations.push({
    type: 'dashboard',
    description: JSON.stringify({
      byContent: data.views.byContent, exits: data.exits.overall, failures: data.failures.byCodeAndNetwork, ads: data.ads.overall, rebuffering: data.rebuffering.overall,
    }),
  });

  // Views and exits.
  expect(data.exits.overall).toMatchObject({
    endedViews: SCRIPT.length,
    exitsBeforeStart: countWhere(outcomes, (outcome) => outcome.exitBeforeStart),
    exitsDuringPreroll: countWhere(outcomes, (outcome) => outcome.duringPreroll),
  });

  // Failures by the codes the cards showed, and the views they failed.
  const shownCodes = new Map<string, number>();
  for (const { failure } of outcomes) if (failure) shownCodes.set(failure, (shownCodes.get(failure) ?? 0) + 1);
  const countedCodes = new Map<string, number>();
  for (const row of data.failures.byCodeAndNetwork) countedCodes.set(row.code, (countedCodes.get(row.code) ?? 0) + row.count);
  expect(Object.fromEntries(countedCodes)).toEqual(Object.fromEntries(shownCodes));
  expect(total(data.failures.byDay, (row) => row.failedViews)).toBe(countWhere(outcomes, (outcome) => outcome.failure !== undefined));
  for (const row of data.failures.byContent) {
    expect(row.failedViews, `failed views of content ${row.videoId}`).toBe(countWhere(outcomes, (outcome) => outcome.failure !== undefined && outcome.movieId === row.videoId));
  }

  // Ad breaks and ads.
  const ads = (pick: (counts: NonNullable<Outcome['ads']>) => number) => total(outcomes, (outcome) => (outcome.ads ? pick(outcome.ads) : 0));
  expect(data.ads.overall).toMatchObject({
    breaksRequested: ads((counts) => counts.breaks),
    breaksFilled: ads((counts) => counts.breaks),
    adsStarted: ads((counts) => counts.started),
    adsCompleted: ads((counts) => counts.completed),
    adsSkipped: ads((counts) => counts.skipped),
    adErrors: 0,
  });

  // Per content: the views, and the watch time the elements played, within a second per view that played.
  const contents = [...new Set(outcomes.map((outcome) => outcome.movieId))].sort((a, b) => a - b);
  expect(data.views.byContent.map((row) => row.videoId).sort((a, b) => a - b)).toEqual(contents);
  for (const videoId of contents) {
    const ofContent = outcomes.filter((outcome) => outcome.movieId === videoId);
    const row = data.views.byContent.find((candidate) => candidate.videoId === videoId)!;
    expect(row.views, `views of content ${videoId}`).toBe(ofContent.length);
    const played = total(ofContent, (outcome) => outcome.playedSec);
    expect(Math.abs(row.watchSec - played), `watch time of content ${videoId}: ${row.watchSec} s counted, ${played} s played\n${report}`)
      .toBeLessThanOrEqual(countWhere(ofContent, (outcome) => outcome.playedSec > 0));
  }
  // Each view's own figure too (the collector's events): a view that played nothing has no watch time.
  for (const outcome of outcomes) {
    expect(Math.abs(outcome.storedSec - outcome.playedSec), `${outcome.name}\n${report}`).toBeLessThanOrEqual(outcome.playedSec > 0 ? 1 : 0);
  }
  // Stalls after the first frame: the rebuffering the elements went through, within half a second a stall
  // (the player leaves out stalls under 300 ms, which the element still reports).
  const stalls = total(outcomes, (outcome) => outcome.stalls);
  const stalled = total(outcomes, (outcome) => outcome.stalledSec);
  expect(Math.abs(data.rebuffering.overall.rebufferSec - stalled), `${data.rebuffering.overall.rebufferSec} s of rebuffering counted, ${stalled} s stalled in ${stalls} stalls`)
    .toBeLessThanOrEqual(0.5 * stalls);

  const screenshot = process.env.RECONCILIATION_SCREENSHOT;
  if (screenshot) await saveDashboard(page, screenshot);
});

/** The collector's dashboard as the operator sees it: desktop width, and a phone's beside it. */
async function saveDashboard(page: Page, path: string): Promise<void> {
  await page.setExtraHTTPHeaders(auth);
  for (const [width, height, file] of [[1280, 900, path], [390, 844, path.replace(/\.png$/, '-phone.png')]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${collector.url}/admin/analytics?days=1`);
    await expect(page.locator('#dashboard')).toHaveAttribute('data-ready', 'true');
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  }
}
