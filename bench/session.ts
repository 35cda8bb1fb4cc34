/**
 * One measured visit: a fresh browser context (empty cache, no remembered bandwidth), the
 * profile's CPU slowdown, one page, and the steps of the plan. Page-side code goes in as text or
 * as small arrow functions: tsx would wrap named functions in a helper the page does not have.
 */
import http from 'node:http';
import type { Browser, CDPSession, Frame, Page, Request } from 'playwright';
import { BUFFER_FULL_SECONDS, BUFFER_SETTLE_MS } from './metrics.ts';
import { attributeLongTasks, longTaskValues, type LongTask, type ObservedLongTask } from './long-tasks.ts';
import { BUFFER_FULL, BUFFERED_TARGET, PROBE, TIME_SEEK } from './page-scripts.ts';
import { pollFrame } from './poll-frame.ts';
import type { Profile } from './profiles.ts';
import type { Media, Origins, Subject } from './subjects.ts';

/** When the seek starts: this long after the first frame, or once the buffer is full. */
export type SeekMoment = { afterFirstFrameMs: number } | 'buffer-full';

export interface SeekPlan {
  to: number;
  /** The metric the seek's time is recorded as. */
  metric: string;
  moment: SeekMoment;
  /** Then a second seek inside the buffer (seek-buffered). */
  insideBuffer?: boolean;
  /** First, at the moment, a seek inside the buffer recorded as this metric; the seek follows once playback has moved on. */
  bufferedFirst?: string;
}

export interface SessionPlan {
  subject: Subject;
  profile: Profile;
  media: Media;
  origins: Origins;
  /** Seconds of steady playback watched after the first frame. */
  steadySeconds?: number;
  /** An unbuffered seek (and optionally one inside the buffer after it). */
  seek?: SeekPlan;
  /** The start-up metrics of the run: first frame, blocking time, JavaScript bytes. */
  measureStartup?: boolean;
}

export type MetricValues = Record<string, number | null>;

export interface SessionOutcome {
  values: MetricValues;
  notes: string[];
}

const FIRST_FRAME_TIMEOUT_MS = 90_000;

const blockingTime = (tasks: readonly LongTask[]) => tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);

export async function runSession(browser: Browser, plan: SessionPlan): Promise<SessionOutcome> {
  const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
  const values: MetricValues = {};
  const notes: string[] = [];
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    if (plan.profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: plan.profile.cpuSlowdown });
    const scripts = plan.measureStartup ? watchScripts(page) : undefined;
    const stream = plan.measureStartup ? watchStreamStart(page) : undefined;
    const heap = plan.measureStartup || plan.steadySeconds ? await sampleHeap(cdp) : undefined;

    await page.goto(plan.subject.url(plan.media, plan.origins), { waitUntil: 'commit' });
    const frame = plan.subject.frame ? await widgetFrame(page) : page.mainFrame();
    const failure = await waitForFirstFrame(frame);
    if (failure) {
      notes.push(failure);
      return { values, notes };
    }
    // A plain evaluation, not a locator: a locator compiles Playwright's injected script in the frame (see poll-frame.ts).
    const engine = plan.subject.expectEngine
      ? (await pollFrame<{ text: string | null }>(frame, `(() => { const line = document.querySelector('[data-testid="engine"]'); return line ? { text: line.textContent } : null; })()`, 30_000)).text
      : undefined;
    if (plan.subject.expectEngine && engine !== plan.subject.expectEngine) {
      notes.push(`played by ${engine ?? 'no engine'}, not ${plan.subject.expectEngine}`);
      return { values, notes };
    }

    // Chromium defers MediaSource attachment in hidden pages: a hidden page would measure that, not the player.
    if ((await frame.evaluate('document.visibilityState')) !== 'visible') notes.push('the page was not visible');
    const topOrigin = (await page.evaluate('performance.timeOrigin')) as number;
    const probe = (await frame.evaluate('({ firstFrame: window.__bench.firstFrame, firstFrameEpoch: window.__bench.firstFrameEpoch })')) as { firstFrame: number; firstFrameEpoch: number };
    if (plan.measureStartup) {
      values['first-frame'] = probe.firstFrameEpoch - topOrigin;
      if (plan.subject.frame) values['first-frame-iframe'] = probe.firstFrame;
      values['startup-tbt'] = blockingTime((await longTasks(page)).filter((task) => task.start < probe.firstFrameEpoch));
      values['js-bytes'] = (await scripts!.bytesBefore(probe.firstFrameEpoch)) / 1000;
      const streamStart = await stream!.startEpoch();
      values['engine-startup'] = streamStart === undefined ? null : probe.firstFrameEpoch - streamStart;
      if (streamStart === undefined) notes.push('engine-startup: no playlist, MPD or segment request was seen');
    }

    if (plan.steadySeconds) {
      const from = Date.now();
      const waitingBefore = (await frame.evaluate('window.__bench.waiting')) as number;
      await page.waitForTimeout(plan.steadySeconds * 1000);
      const to = Date.now();
      const observed = await observedLongTasks(page);
      const steady = everyTask(observed).filter((task) => task.start >= from);
      values['steady-tbt'] = blockingTime(steady);
      values['steady-long-tasks'] = steady.length;
      values.rebuffers = ((await frame.evaluate('window.__bench.waiting')) as number) - waitingBefore;
      // From the player's navigation (the iframe's, for our widget) to the end of the window: whose long tasks they were.
      const playerFrom = (await frame.evaluate('performance.timeOrigin')) as number;
      Object.assign(values, longTaskValues(observed, plan.subject.frame, { pageFrom: topOrigin, playerFrom, to }));
    }

    if (plan.seek) {
      const { seek } = plan;
      if (seek.moment === 'buffer-full') {
        const full = (await frame.evaluate(`(${BUFFER_FULL})(${BUFFER_FULL_SECONDS}, ${BUFFER_SETTLE_MS})`)) as { ahead: number; why: string };
        if (full.why === 'timeout') notes.push(`${seek.metric}: the buffer was still growing after 30 s (${full.ahead.toFixed(1)} s ahead)`);
      } else {
        await pollFrame(frame, `performance.now() >= window.__bench.firstFrame + ${seek.moment.afterFirstFrameMs}`, 60_000);
      }
      if (seek.bufferedFirst) {
        const target = await seekInsideBuffer(frame, seek.bufferedFirst, values, notes);
        // Playing again past the target, as a viewer would be, before the next seek.
        if (target !== null) await pollFrame(frame, playedPast(target + 0.5), 10_000).catch(() => notes.push(`${seek.metric}: playback had not moved on 10 s after the seek inside the buffer`));
      }
      const result = (await frame.evaluate(`(${TIME_SEEK})(${seek.to})`)) as { ms: number | null; buffered: boolean; state: string };
      values[seek.metric] = result.buffered ? null : result.ms;
      if (result.buffered) notes.push(`${seek.metric}: the target was already buffered (${result.state})`);
      if (result.ms === null) notes.push(`${seek.metric}: no frame at the target within 30 s`);
      if (seek.insideBuffer && result.ms !== null) {
        const after = seek.to + 0.5;
        await pollFrame(frame, playedPast(after), 60_000);
        await seekInsideBuffer(frame, 'seek-buffered', values, notes);
      }
    }
    if (heap) values['peak-heap'] = (await heap.stop()) / 1e6;
    return { values, notes };
  } catch (error) {
    notes.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    return { values, notes };
  } finally {
    await context.close();
  }
}

/** Our widget's iframe, once it has navigated (checked every 20 ms: it may attach before anyone listens). */
export async function widgetFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().includes('/embed'));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error('the widget\'s iframe never navigated');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Page-side text: the frame's video has played past `at` seconds. */
const playedPast = (at: number) => `(document.querySelector('video')?.currentTime ?? 0) > ${at}`;

/** Resolves with nothing once a frame is presented, or with why not (a reported error, a timeout). */
async function waitForFirstFrame(frame: Frame): Promise<string | undefined> {
  const result = await pollFrame<string>(frame, `(() => {
    if (window.__bench && window.__bench.firstFrame !== undefined) return 'ok';
    if (window.__benchError) return 'error: ' + window.__benchError;
    const card = document.querySelector('[role="alert"]');
    return card ? 'error: ' + (card.textContent || '') : '';
  })()`, FIRST_FRAME_TIMEOUT_MS).catch(() => `no frame within ${FIRST_FRAME_TIMEOUT_MS / 1000} s`);
  return result === 'ok' ? undefined : result;
}

/** A seek 2 s ahead (or 1.5 s back) inside what is buffered, timed as `metric`; resolves with its target, or null when none was made. */
async function seekInsideBuffer(frame: Frame, metric: string, values: MetricValues, notes: string[]): Promise<number | null> {
  const target = (await frame.evaluate(BUFFERED_TARGET)) as number | null;
  if (target === null) {
    values[metric] = null;
    notes.push(`${metric}: nothing buffered around the playhead`);
    return null;
  }
  const inside = (await frame.evaluate(`(${TIME_SEEK})(${target})`)) as { ms: number | null; buffered: boolean };
  values[metric] = inside.buffered ? inside.ms : null;
  if (!inside.buffered) notes.push(`${metric}: the target left the buffer before the seek`);
  return target;
}

/** What every frame's probe saw of the page's one main thread (the same task once per frame). */
async function observedLongTasks(page: Page): Promise<ObservedLongTask[]> {
  const observed: ObservedLongTask[] = [];
  for (const frame of page.frames()) {
    observed.push(...((await frame.evaluate('window.__bench ? window.__bench.longTasks : []').catch(() => [])) as ObservedLongTask[]));
  }
  return observed;
}

/** Every long task of the page, whoever ran it, each once. */
const everyTask = (observed: readonly ObservedLongTask[]): LongTask[] => attributeLongTasks(observed, false).ours;

async function longTasks(page: Page): Promise<LongTask[]> {
  return everyTask(await observedLongTasks(page));
}

/** Gzip size of a worker script as served, by URL (assets are immutable, so once per run). */
const workerScriptBytes = new Map<string, Promise<number>>();

function servedSize(url: string): Promise<number> {
  let size = workerScriptBytes.get(url);
  if (!size) {
    size = new Promise<number>((resolve) => {
      // Raw http, not fetch(): fetch would decode the body, and we want the bytes on the wire.
      const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      });
      request.on('error', () => resolve(0));
    });
    workerScriptBytes.set(url, size);
  }
  return size;
}

/**
 * JavaScript responses as transferred (encoded body size), with when each finished (epoch ms).
 * Dedicated workers' own scripts do not show up as page requests, so each worker started from a
 * URL is counted by its served size at the moment it started (a Blob worker costs nothing more:
 * its code came with the script that made it).
 */
function watchScripts(page: Page) {
  const pending: Promise<{ url: string; end: number; bytes: number; worker: boolean } | undefined>[] = [];
  page.on('requestfinished', (request) => {
    pending.push((async () => {
      const response = await request.response();
      const type = response ? (await response.allHeaders())['content-type'] ?? '' : '';
      if (!/javascript|ecmascript/.test(type)) return undefined;
      const sizes = await request.sizes();
      const timing = request.timing();
      return { url: request.url(), end: timing.startTime + timing.responseEnd, bytes: sizes.responseBodySize, worker: false };
    })().catch(() => undefined));
  });
  page.on('worker', (worker) => {
    const startedAt = Date.now();
    const url = worker.url();
    if (/^https?:/.test(url)) pending.push(servedSize(url).then((bytes) => ({ url, end: startedAt, bytes, worker: true })));
  });
  return {
    async bytesBefore(epoch: number): Promise<number> {
      const finished = (await Promise.all(pending)).filter((entry) => entry !== undefined);
      // A worker whose script the page already fetched (a prefetch hint) costs nothing more: its
      // start is answered from the HTTP cache, so those bytes are counted once, as the page's.
      const fetchedByPage = new Set(finished.filter((entry) => !entry.worker).map((entry) => entry.url));
      return finished
        .filter((entry) => entry.end <= epoch && !(entry.worker && fetchedByPage.has(entry.url)))
        .reduce((sum, entry) => sum + entry.bytes, 0);
    },
  };
}

/** A playlist or manifest: the stream's first request, when the player asks for one. */
const PLAYLIST = /\.(m3u8|mpd)$/;
/** A media or init segment of the catalogue's media (not an ad, a poster or a thumbnail sprite). */
const SEGMENT = /\/media\/(films|series)\/.*\.(ts|m4s|mp4|m4a|m4v|aac)$/;

/**
 * When the stream's first request was sent (epoch ms), whoever sent it: dedicated workers'
 * fetches are reported as the page's requests too. That is the first playlist or MPD request;
 * a page that carries its playlists inline (our /embed) requests none, and then it is the first
 * media or init segment request. The browser's own timing is used, not when the event reaches us.
 */
function watchStreamStart(page: Page) {
  let playlist: Promise<number | undefined> | undefined;
  let segment: Promise<number | undefined> | undefined;
  const sent = (request: Request) => request.response().then(() => request.timing().startTime, () => undefined);
  const onRequest = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (!playlist && PLAYLIST.test(path)) playlist = sent(request);
    else if (!segment && SEGMENT.test(path)) segment = sent(request);
    if (playlist && segment) page.off('request', onRequest);
  };
  page.on('request', onRequest);
  return {
    startEpoch: async () => {
      const [p, s] = await Promise.all([playlist, segment]);
      // A playlist requested after the first segment (a later rendition's) does not start the stream.
      return p !== undefined && (s === undefined || p <= s) ? p : s;
    },
  };
}

/** Samples the renderer main thread's JS heap every half second; stop() gives the peak, bytes. */
async function sampleHeap(cdp: CDPSession) {
  await cdp.send('Performance.enable');
  let peak = 0;
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    peak = Math.max(peak, metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0);
  };
  const timer = setInterval(() => void read().catch(() => undefined), 500);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await read().catch(() => undefined);
      return peak;
    },
  };
}
