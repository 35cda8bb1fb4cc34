import { expect, type Browser, type Page, type Route } from '@playwright/test';

/**
 * One scripted view for the reconciliation test (analytics-reconciliation.spec.ts): a frame of
 * the shared test server, in a browser context of its own (nothing it leaves unsent is carried
 * by a later load), sending to the test's own collector. What the page itself says is recorded
 * as the view goes: the film element's played ranges when the page was left, and the failures
 * it logged (`player error <id> [<category> <code>]`, the id the card shows).
 */
export interface ViewPage {
  page: Page;
  userId: string;
  close(): Promise<void>;
  /** The fatal failures the page logged so far, as id → code. */
  loggedFailures: Map<string, string>;
  /** The film's segments past a number held back, when the view asked for that. */
  gate: SegmentGate | undefined;
}

export interface OpenOptions {
  browser: Browser;
  baseURL: string;
  collectorUrl: string;
  userId: string;
  /** The embed's query after movie_id (auto_play, t, ad_case…). */
  query: string;
  /** Requests this view never gets an answer to (held) or gets a failure for (aborted), from the start. */
  hold?: RegExp[];
  /** Only the film's segments up to this number come until the test opens the gate. */
  gate?: { movieId: number; openUpTo: number };
}

export async function openView({ browser, baseURL, collectorUrl, userId, query, hold = [], gate }: OpenOptions): Promise<ViewPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 960, height: 540 } });
  const page = await context.newPage();
  for (const pattern of hold) await page.route(pattern, () => undefined);
  const segmentGate = gate ? await SegmentGate.install(page, gate.movieId, gate.openUpTo) : undefined;
  await page.addInitScript((collector) => {
    (window as unknown as Record<string, unknown>).__KINO_PLAYER_CONFIG__ = { collectorUrl: collector };
    // What the film element played, and its stalls, as the element tells them (listeners on the
    // document, registered before the widget's own). Played ranges start anew when the element
    // loads again (a failure's card, a new source): what it had played is kept first.
    const isFilm = (target: EventTarget | null): target is HTMLVideoElement => target instanceof HTMLVideoElement && target.classList.contains('player__video');
    const playedOf = (video: HTMLVideoElement) => {
      let played = 0;
      for (let index = 0; index < video.played.length; index += 1) played += video.played.end(index) - video.played.start(index);
      return played;
    };
    const readings = new Map<HTMLVideoElement, number>();
    let banked = 0;
    const note = (video: HTMLVideoElement) => {
      const now = playedOf(video);
      const before = readings.get(video) ?? 0;
      if (now < before) banked += before;
      readings.set(video, now);
    };
    // A stall: the frames had moved, and the element waits for data with no seek in between.
    let stalledSince: number | undefined;
    let stalledMs = 0;
    let stalls = 0;
    const endStall = (counts: boolean) => {
      if (stalledSince === undefined) return;
      if (counts) {
        stalledMs += performance.now() - stalledSince;
        stalls += 1;
      }
      stalledSince = undefined;
    };
    for (const type of ['timeupdate', 'seeking', 'pause', 'ended', 'emptied', 'playing', 'waiting']) {
      document.addEventListener(type, ({ target }) => {
        if (!isFilm(target)) return;
        if (type === 'waiting' && !target.seeking && playedOf(target) > 0) stalledSince ??= performance.now();
        if (type === 'playing' || type === 'pause' || type === 'ended') endStall(true);
        if (type === 'seeking' || type === 'emptied') endStall(false);
        note(target);
      }, true);
    }
    addEventListener('pagehide', () => {
      const video = document.querySelector('video.player__video');
      if (isFilm(video)) note(video);
      endStall(true);
      let played = banked;
      for (const value of readings.values()) played += value;
      sessionStorage.setItem('left', JSON.stringify({ played, stalledMs, stalls }));
    });
  }, collectorUrl);
  const loggedFailures = new Map<string, string>();
  page.on('console', (message) => {
    const logged = /player error (\w+) \[\w+ (\d+)\]/.exec(message.text());
    if (message.type() === 'error' && logged) loggedFailures.set(logged[1]!, logged[2]!);
  });
  await page.goto(`/embed${query}&user_id=${userId}`);
  return { page, userId, loggedFailures, gate: segmentGate, close: () => context.close() };
}

/** What the page had seen when it was left. */
export interface Left {
  /** Seconds of the film the element played (its played ranges, summed over its loads). */
  playedSec: number;
  /** Stalls after the first frame (the element waiting for data, no seek), and their seconds. */
  stalls: number;
  stalledSec: number;
}

/**
 * Leaves the page the way a viewer's tab goes elsewhere: a navigation, which fires pagehide
 * (the widget's beacon goes then) and keeps the tab's sessionStorage, where the init script put
 * what the film element had played.
 */
export async function leave(view: ViewPage): Promise<Left> {
  await view.page.goto('/catalog-api/contents/1');
  const left = await view.page.evaluate(() => sessionStorage.getItem('left'));
  expect(left, 'the page recorded what it had played as it went').not.toBeNull();
  const { played, stalls, stalledMs } = JSON.parse(left!) as { played: number; stalls: number; stalledMs: number };
  return { playedSec: played, stalls, stalledSec: stalledMs / 1000 };
}

/**
 * A film's segments let through up to a number (seg-000 … seg-NNN, every rendition and audio
 * track alike), the later ones held until opened: the film plays what it has and stalls.
 */
export class SegmentGate {
  private held: Array<{ route: Route; segment: number }> = [];
  private openUpTo: number;

  private constructor(openUpTo: number) {
    this.openUpTo = openUpTo;
  }

  static async install(page: Page, movieId: number, openUpTo: number): Promise<SegmentGate> {
    const gate = new SegmentGate(openUpTo);
    await page.route(new RegExp(`/catalog-api/media/films/${movieId}/.*seg-\\d+\\.(ts|m4s)(\\?|$)`), (route) => gate.take(route));
    return gate;
  }

  open(upTo: number): void {
    this.openUpTo = upTo;
    const now = this.held.filter((item) => item.segment <= upTo);
    this.held = this.held.filter((item) => item.segment > upTo);
    // A request the engine gave up on meanwhile is gone: nothing to let through.
    for (const { route } of now) void route.continue().catch(() => undefined);
  }

  private take(route: Route): Promise<void> | undefined {
    const segment = Number(/seg-(\d+)\./.exec(route.request().url())?.[1]);
    if (segment <= this.openUpTo) return route.continue();
    this.held.push({ route, segment });
    return undefined;
  }
}

export const film = (page: Page) => page.locator('video.player__video');
export const adVideo = (page: Page) => page.locator('video.player__ad-video');

/** Resolves once the film has presented a frame past `seconds` of its own time. */
export function filmPlayedPast(page: Page, seconds: number): Promise<void> {
  return film(page).evaluate((element: HTMLVideoElement, target) => new Promise<void>((resolve) => {
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (meta.mediaTime > target) resolve();
      else element.requestVideoFrameCallback(onFrame);
    };
    element.requestVideoFrameCallback(onFrame);
  }), seconds);
}

/** Waits until the film element has played to its end; a film stuck on the way says where and what it had buffered. */
export async function filmEnded(page: Page): Promise<void> {
  const state = () => film(page).evaluate((element: HTMLVideoElement) => {
    const buffered = Array.from({ length: element.buffered.length }, (_, index) => `${element.buffered.start(index).toFixed(2)}–${element.buffered.end(index).toFixed(2)}`);
    return { ended: element.ended, at: `${element.currentTime.toFixed(2)} of ${element.duration}, buffered ${buffered.join(', ') || 'nothing'}` };
  });
  await expect.poll(async () => {
    const now = await state();
    return now.ended ? 'ended' : now.at;
  }, { timeout: 90_000, intervals: [250] }).toBe('ended');
}

/**
 * The code of the failure the card shows: the generic card names the failure's id, which the
 * page logged with its code; a card with its own message (SPEC.md section 8) stands for one
 * failure, the one fatal failure the page logged.
 */
export async function cardCode(view: ViewPage): Promise<{ text: string; code: string }> {
  const card = view.page.getByRole('alert');
  await expect(card).toBeVisible({ timeout: 90_000 });
  const text = (await card.textContent()) ?? '';
  const shownId = /Идентификатор ошибки: (\w+)/.exec(text)?.[1];
  if (shownId) {
    await expect.poll(() => view.loggedFailures.has(shownId)).toBe(true);
    return { text, code: view.loggedFailures.get(shownId)! };
  }
  await expect.poll(() => view.loggedFailures.size).toBeGreaterThan(0);
  const codes = new Set(view.loggedFailures.values());
  expect(codes.size, `one fatal failure logged for the card «${text}»`).toBe(1);
  return { text, code: [...codes][0]! };
}
