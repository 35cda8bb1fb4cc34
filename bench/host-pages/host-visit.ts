/**
 * One measured visit of a host page: a fresh browser context (empty cache), the profile's CPU
 * slowdown on the page's renderer (the article and every frame in it share that renderer: the
 * three origins are one site, 127.0.0.1, as on a phone where a page's iframes commonly share its
 * process), and either the page's cost until it is quiet, or a click on a player until its first
 * video frame.
 */
import type { Browser, BrowserContext, Frame, Page, Request } from 'playwright';
import { pollFrame } from '../poll-frame.ts';
import type { Profile } from '../profiles.ts';
import { widgetFrame } from '../session.ts';
import { PLAY_BUTTON, FACADE_BUTTON, FRAME_BOX, HOST_PROBE, presentedSince, type TopProbe } from './host-probe.ts';
import {
  cumulativeLayoutShift,
  QUIET_DEADLINE_MS,
  QUIET_MS,
  ranInAFrame,
  tallyRequests,
  totalBlockingTime,
  type PageOrigins,
  type SeenRequest,
} from './page-costs.ts';

export type Values = Record<string, number | null>;

export interface HostVisitOutcome {
  values: Values;
  notes: string[];
  /** The player origin's requests (`kind path`), all before any intent in a page-cost visit. */
  playerRequests: string[];
}

/** The viewport: a phone's on the phone profiles, a desktop's on the fast one. */
export const viewportFor = (profile: Profile) => (profile.cpuSlowdown > 1 ? { width: 360, height: 640 } : { width: 1280, height: 800 });

/** Every request of the context (every page, frame and dedicated worker), and how many are in flight. */
function watchNetwork(context: BrowserContext) {
  const requests: Request[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastChange = Date.now();
  };
  context.on('request', (request) => {
    requests.push(request);
    inFlight += 1;
    lastChange = Date.now();
  });
  context.on('requestfinished', settle);
  context.on('requestfailed', settle);
  return {
    requests,
    /** Resolves with the epoch at which the network went idle for `idleMs` (null at the deadline). */
    async idle(idleMs: number, deadline: number, ready: () => boolean = () => true): Promise<number | null> {
      for (;;) {
        const now = Date.now();
        if (ready() && inFlight <= 0 && now - lastChange >= idleMs) return lastChange + idleMs;
        if (now > deadline) return null;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async seen(): Promise<SeenRequest[]> {
      return Promise.all(requests.map(async (request) => {
        const sizes = await request.sizes().catch(() => undefined);
        return { url: request.url(), resourceType: request.resourceType(), bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0 };
      }));
    },
  };
}

async function openPage(browser: Browser, profile: Profile) {
  const context = await browser.newContext({ viewport: viewportFor(profile) });
  const network = watchNetwork(context);
  const page = await context.newPage();
  await page.addInitScript(HOST_PROBE);
  const cdp = await context.newCDPSession(page);
  if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return { context, network, page };
}

export interface PageCostPlan {
  url: string;
  profile: Profile;
  origins: PageOrigins;
  /** Bytes the shaped link has delivered so far, all origins (the proxies' counts). */
  bytesDelivered(): number;
}

/**
 * The page's cost from navigation until it is quiet (its load event fired and no request in
 * flight for QUIET_MS; at most QUIET_DEADLINE_MS): largest contentful paint, total blocking
 * time (and the part the frames ran), layout shift, bytes and requests, and the player origin's
 * requests. No input reaches the page: everything here is before any intent.
 */
export async function measurePageCost(browser: Browser, plan: PageCostPlan): Promise<HostVisitOutcome> {
  const values: Values = {};
  const notes: string[] = [];
  const { context, network, page } = await openPage(browser, plan.profile);
  try {
    let loaded = false;
    page.once('load', () => (loaded = true));
    const bytesBefore = plan.bytesDelivered();
    const started = Date.now();
    await page.goto(plan.url, { waitUntil: 'commit' });
    const navigation = (await page.evaluate('performance.timeOrigin')) as number;
    const quiet = await network.idle(QUIET_MS, started + QUIET_DEADLINE_MS, () => loaded);
    if (quiet === null) notes.push(`not quiet ${QUIET_DEADLINE_MS / 1000} s after navigation${loaded ? '' : ' (no load event)'}`);
    const end = quiet ?? Date.now();
    if ((await page.evaluate('document.visibilityState')) !== 'visible') notes.push('the page was not visible');
    const probe = (await page.evaluate('window.__hostBench')) as TopProbe;
    values.lcp = probe.lcp?.at ?? null;
    if (!probe.lcp) notes.push('no largest-contentful-paint entry');
    else if (probe.lcp.element !== 'img.hero') notes.push(`the largest paint was ${probe.lcp.element}, not the hero`);
    values.tbt = totalBlockingTime(probe.longTasks, navigation, end);
    values['frames-tbt'] = totalBlockingTime(probe.longTasks.filter(ranInAFrame), navigation, end);
    values['long-tasks'] = probe.longTasks.filter((task) => task.start >= navigation && task.start <= end).length;
    values.cls = cumulativeLayoutShift(probe.shifts);
    // Bytes at the shaped link: whatever the browser fetched, whichever process or worker asked.
    values.bytes = (plan.bytesDelivered() - bytesBefore) / 1000;
    const tally = tallyRequests(await network.seen(), plan.origins);
    values.requests = tally.requests;
    values['player-requests'] = tally.byOwner.player.requests;
    values['quiet-at'] = end - navigation;
    return { values, notes, playerRequests: tally.player };
  } catch (error) {
    notes.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    return { values, notes, playerRequests: [] };
  } finally {
    await context.close();
  }
}

/** How long the eager player's frame must have fetched nothing before its play click: it is idle. */
const IDLE_BEFORE_CLICK_MS = 1000;
const CLICK_TIMEOUT_MS = 60_000;

/**
 * A trusted click (Playwright's mouse: real input events, with user activation) on a player, to
 * its first video frame presented in the player's iframe. `facade`: on the facade's play button
 * once the facade is drawn with its poster and the link is idle; `eager`: on the player's own
 * play button once the SDK said ready and the frame has fetched nothing for a second. From the
 * click's pointerdown (the event's time in the frame that got it) to the first frame presented
 * at or after it; `click-unmuted` is 1 when that frame played with sound.
 */
export async function measureClickToFirstFrame(browser: Browser, url: string, mode: 'facade' | 'eager', profile: Profile): Promise<HostVisitOutcome> {
  const values: Values = {};
  const notes: string[] = [];
  const { context, network, page } = await openPage(browser, profile);
  try {
    const deadline = Date.now() + CLICK_TIMEOUT_MS;
    await page.goto(url, { waitUntil: 'load', timeout: CLICK_TIMEOUT_MS });
    let point: { x: number; y: number };
    if (mode === 'facade') {
      point = await pollFrame<{ x: number; y: number }>(page.mainFrame(), FACADE_BUTTON, CLICK_TIMEOUT_MS);
      await network.idle(IDLE_BEFORE_CLICK_MS, deadline);
    } else {
      await pollFrame(page.mainFrame(), 'window.__playerReady === true', CLICK_TIMEOUT_MS);
      const frame = await widgetFrame(page);
      if ((await network.idle(IDLE_BEFORE_CLICK_MS, deadline)) === null) notes.push('the frame was still fetching when clicked');
      const box = (await page.evaluate(FRAME_BOX)) as { x: number; y: number; width: number; height: number };
      // The pointer over the player shows its controls, as a viewer's would before the click.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const inFrame = await pollFrame<{ x: number; y: number }>(frame, PLAY_BUTTON, CLICK_TIMEOUT_MS);
      point = { x: box.x + inFrame.x, y: box.y + inFrame.y };
    }
    await page.mouse.click(point.x, point.y);
    const start = await clickEpoch(page);
    if (start === null) throw new Error('no frame saw the click\'s pointerdown');
    const frame = await widgetFrame(page);
    const first = await pollFrame<{ epoch: number; muted: boolean }>(frame, presentedSince(start), CLICK_TIMEOUT_MS)
      .catch(() => null);
    if (!first) {
      notes.push(`no video frame within ${CLICK_TIMEOUT_MS / 1000} s of the click`);
      return { values, notes, playerRequests: [] };
    }
    values['click-to-first-frame'] = first.epoch - start;
    values['click-unmuted'] = first.muted ? 0 : 1;
    return { values, notes, playerRequests: [] };
  } catch (error) {
    notes.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    return { values, notes, playerRequests: [] };
  } finally {
    await context.close();
  }
}

/** The click's pointerdown, epoch ms, from whichever frame received it (the host page's or the player's). */
async function clickEpoch(page: Page): Promise<number | null> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const seen = await Promise.all(page.frames().map((frame: Frame) => frame.evaluate('window.__hostBench ? window.__hostBench.pointerDown : null').catch(() => null) as Promise<number | null>));
    const times = seen.filter((value): value is number => typeof value === 'number');
    if (times.length > 0) return Math.min(...times);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}
