/**
 * One visit's network waterfall, for explaining a bench figure: every request the page, its
 * frames and their workers make (start, first byte and end, from the host page's navigation),
 * the first frame, and optionally a seek and the requests it makes.
 *
 *   npm run bench:waterfall -- --subject ours --profile mobile-4g [--media film|long|cmaf] [--seek 50 --seek-after 1000]
 *     [--inside 1]   then a seek inside the buffer (2 s ahead), as the bench's seek-buffered
 *     [--trace 1]    record a Chromium trace and say where each window's time went, thread by
 *                    thread (bench/trace-summary.ts), and which long tasks ran before the first
 *                    frame and in the steady window
 *     [--steady S]   wait S seconds after the first frame (and any seeks) for the steady window
 *
 * It prints a table; nothing is written. The link and CPU are shaped as in the bench suite.
 */
import { chromium, type Frame, type Page, type Request } from 'playwright';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from '../scripts/widget-build.ts';
import { profileById } from './profiles.ts';
import { startReferenceServer } from './reference-server.ts';
import { widgetFrame } from './session.ts';
import { SUBJECTS, type Media } from './subjects.ts';
import { createLink, startThrottleProxy } from './throttle-proxy.ts';
import { pollFrame } from './poll-frame.ts';
import { longTasksIn, printLongTasks, printWindow, summarizeWindow } from './trace-summary.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Tasks, scripts, rendering, media and user-timing marks: enough to say which thread spent a window on what. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'media', 'gpu'];
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'];

interface Options {
  subject: string;
  profile: string;
  media: Media;
  seekTo: number | undefined;
  seekAfterMs: number;
  inside: boolean;
  trace: boolean;
  steadySeconds: number;
}

function parseOptions(argv: readonly string[]): Options {
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 2) {
    const key = argv[index];
    if (!key?.startsWith('--') || argv[index + 1] === undefined) throw new Error(`expected --name value pairs, got "${key}"`);
    flags.set(key.slice(2), argv[index + 1]!);
  }
  const media = (flags.get('media') ?? 'film') as Media;
  if (!['film', 'long', 'cmaf'].includes(media)) throw new Error('--media is film, long or cmaf');
  const seek = flags.get('seek');
  return {
    subject: flags.get('subject') ?? 'ours',
    profile: flags.get('profile') ?? 'mobile-4g',
    media,
    seekTo: seek === undefined ? undefined : Number(seek),
    seekAfterMs: Number(flags.get('seek-after') ?? 1000),
    inside: flags.get('inside') === '1',
    trace: flags.get('trace') === '1',
    steadySeconds: Number(flags.get('steady') ?? 0),
  };
}

/** The first frame (epoch ms), once presented. */
const FIRST_FRAME = `new Promise((resolve) => {
  const watch = () => {
    const video = document.querySelector('video');
    if (!video) return void setTimeout(watch, 20);
    video.muted = true;
    video.autoplay = true;
    video.requestVideoFrameCallback(() => {
      performance.mark('bench-first-frame');
      resolve(performance.timeOrigin + performance.now());
    });
  };
  watch();
})`;

/** Seeks (to a time, or 2 s ahead of the playhead for null); resolves with [seek epoch, frame-at-target epoch, picture height, target]. Marks `${mark}` and `${mark}-frame`. */
const SEEK = `(to, mark) => new Promise((resolve) => {
  const video = document.querySelector('video');
  if (to === null) to = video.currentTime + 2;
  performance.mark(mark);
  const started = performance.timeOrigin + performance.now();
  const decodedBefore = video.webkitDecodedFrameCount;
  const onFrame = (_now, meta) => {
    if (Math.abs(meta.mediaTime - to) <= 0.5) {
      performance.mark(mark + '-frame');
      resolve([started, performance.timeOrigin + performance.now(), meta.height, to, video.webkitDecodedFrameCount - decodedBefore, meta.mediaTime]);
    } else video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  video.currentTime = to;
})`;

/** Seek epoch, frame epoch, picture height, target, frames decoded in between, the frame's media time. */
type SeekResult = [number, number, number, number, number, number];

interface Row {
  url: string;
  start: number;
  firstByte: number;
  end: number;
  bytes: number;
}

function watchRequests(page: Page): () => Promise<Row[]> {
  const pending: Promise<Row | undefined>[] = [];
  const track = (request: Request) => pending.push((async () => {
    const response = await request.response().catch(() => null);
    if (!response) return undefined;
    await response.finished().catch(() => undefined);
    const timing = request.timing();
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
    const at = (offset: number) => (offset < 0 ? Number.NaN : timing.startTime + offset);
    return { url: request.url(), start: timing.startTime, firstByte: at(timing.responseStart), end: at(timing.responseEnd), bytes: sizes.responseBodySize };
  })().catch(() => undefined));
  page.on('request', track);
  return async () => (await Promise.all(pending)).filter((row): row is Row => row !== undefined);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const subject = SUBJECTS.find((candidate) => candidate.id === options.subject);
  if (!subject) throw new Error(`unknown subject "${options.subject}"; known: ${SUBJECTS.map((s) => s.id).join(', ')}`);
  const profile = profileById(options.profile);
  await buildWidgetIfStale();
  const server = await startServer(loadServerConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', AD_LIST_URL: '/catalog-api/ad-list.json?case=none' }));
  const reference = await startReferenceServer();
  const link = createLink(profile.link);
  const target = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });
  const widgetProxy = await startThrottleProxy(target(server.url), link);
  const referenceProxy = await startThrottleProxy(target(reference.url), link);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    const rows = watchRequests(page);
    const origins = { widget: `http://127.0.0.1:${widgetProxy.port}`, reference: `http://127.0.0.1:${referenceProxy.port}` };
    if (options.trace) await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
    await page.goto(subject.url(options.media, origins), { waitUntil: 'commit' });
    const navigation = (await page.evaluate('performance.timeOrigin')) as number;
    const frame: Frame = subject.frame ? await widgetFrame(page) : page.mainFrame();
    const firstFrame = (await frame.evaluate(FIRST_FRAME)) as number;
    let seek: SeekResult | undefined;
    let inside: SeekResult | undefined;
    if (options.seekTo !== undefined) {
      await page.waitForTimeout(options.seekAfterMs);
      seek = (await frame.evaluate(`(${SEEK})(${options.seekTo}, 'bench-seek')`)) as SeekResult;
    }
    if (options.inside) {
      // As the bench: once half a second has played from where the last jump landed.
      const from = (seek?.[3] ?? 0) + 0.5;
      await pollFrame(frame, `(document.querySelector('video')?.currentTime ?? 0) > ${from}`, 60_000);
      inside = (await frame.evaluate(`(${SEEK})(null, 'bench-inside')`)) as SeekResult;
    }
    if (options.steadySeconds > 0) {
      await frame.evaluate(() => performance.mark('bench-steady'));
      await page.waitForTimeout(options.steadySeconds * 1000);
      await frame.evaluate(() => performance.mark('bench-steady-end'));
    }
    await page.waitForTimeout(300);
    const traced = options.trace ? await browser.stopTracing() : undefined;
    const ms = (epoch: number) => (Number.isNaN(epoch) ? '—' : String(Math.round(epoch - navigation))).padStart(6);
    console.log(`${subject.label} · ${profile.label} · ${options.media}; times in ms from the host page's navigation`);
    console.log(`${'start'.padStart(6)} ${'1st B'.padStart(6)} ${'end'.padStart(6)} ${'kB'.padStart(7)}  url`);
    const events: Array<[number, string]> = [[firstFrame, '── first frame']];
    if (seek) events.push([seek[0], `── seek to ${options.seekTo} s`], [seek[1], `── frame at ${seek[5].toFixed(2)} s (${seek[2]}p, ${seek[4]} frames decoded)`]);
    if (inside) events.push([inside[0], `── seek inside the buffer to ${inside[3].toFixed(1)} s`], [inside[1], `── frame at ${inside[5].toFixed(2)} s (${inside[2]}p, ${inside[4]} frames decoded)`]);
    events.sort((a, b) => a[0] - b[0]);
    const sorted = (await rows()).sort((a, b) => a.start - b.start);
    for (const row of sorted) {
      while (events.length > 0 && events[0]![0] <= row.start) {
        const [at, label] = events.shift()!;
        console.log(`${ms(at)} ${label}`);
      }
      const path = new URL(row.url).pathname + new URL(row.url).search;
      console.log(`${ms(row.start)} ${ms(row.firstByte)} ${ms(row.end)} ${(row.bytes / 1000).toFixed(1).padStart(7)}  ${path.length > 90 ? `${path.slice(0, 87)}…` : path}`);
    }
    for (const [at, label] of events) console.log(`${ms(at)} ${label}`);
    console.log(`first frame at ${ms(firstFrame).trim()} ms${seek ? `; seek at ${ms(seek[0]).trim()}, its frame ${Math.round(seek[1] - seek[0])} ms later` : ''}${inside ? `; the seek inside the buffer ${Math.round(inside[1] - inside[0])} ms` : ''}`);
    if (traced) {
      const trace = JSON.parse(traced.toString('utf8'));
      printLongTasks('long tasks before the first frame', longTasksIn(trace, null, 'bench-first-frame'));
      if (seek) printWindow('the seek', summarizeWindow(trace, 'bench-seek', 'bench-seek-frame'));
      if (inside) printWindow('the seek inside the buffer', summarizeWindow(trace, 'bench-inside', 'bench-inside-frame'));
      if (options.steadySeconds > 0) printLongTasks(`long tasks in ${options.steadySeconds} s of steady playback`, longTasksIn(trace, 'bench-steady', 'bench-steady-end'));
    }
  } finally {
    await browser.close();
    await widgetProxy.close();
    await referenceProxy.close();
    await reference.close();
    await server.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
