/**
 * Start-up and unbuffered-seek latency of our widget with the custom engine against the same
 * widget forced to hls.js: same media, same shaped link, runs interleaved, a fresh browser
 * context (empty cache) per run. Prints medians and the ratio; the full suite is bench work to come.
 *
 *   tsx bench/engine-latency.ts [--runs 5] [--rtt 150] [--down 4000000] [--cpu 4] [--steady 15]
 *                               [--seek-movie 4] [--seek-to 1500]
 */
import { chromium, type Page } from 'playwright';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { startThrottleProxy } from './throttle-proxy.ts';

const args = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2) args.set(process.argv[index]!.replace(/^--/, ''), process.argv[index + 1] ?? '');
const RUNS = Number(args.get('runs') ?? 5);
const PROFILE = { rttMs: Number(args.get('rtt') ?? 150), downBps: Number(args.get('down') ?? 4_000_000), upBps: 1_000_000 };
const CPU = Number(args.get('cpu') ?? 4);
const SUBJECTS = ['mse', 'hls.js'] as const;
const SEEK = { movieId: Number(args.get('seek-movie') ?? 4), target: Number(args.get('seek-to') ?? 1500) };
/** Seconds of steady playback watched for main-thread long tasks. */
const STEADY_SECONDS = Number(args.get('steady') ?? 15);

const AUTOPLAY_AND_TIME_FIRST_FRAME = `
  window.__bench = { longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    const video = document.querySelector('video');
    if (!video) return;
    observer.disconnect();
    video.muted = true;
    video.autoplay = true;
    video.requestVideoFrameCallback(() => { window.__bench.firstFrame = performance.now(); });
  }).observe(document, { subtree: true, childList: true });
`;

/** Page-side code goes in as text: tsx would wrap named functions in a helper the page lacks. */
const TIME_SEEK = `(to) => new Promise((resolve) => {
  const video = document.querySelector('video');
  const started = performance.now();
  const onFrame = (_now, meta) => {
    if (Math.abs(meta.mediaTime - to) <= 0.5) resolve(performance.now() - started);
    else video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  video.currentTime = to;
})`;

async function timeSeek(page: Page, target: number): Promise<number> {
  return page.evaluate(`(${TIME_SEEK})(${target})`) as Promise<number>;
}

async function measure(page: Page, base: string, subject: string, movieId: number, seekTo?: number) {
  await page.goto(`${base}/embed?movie_id=${movieId}&engine=${subject}`);
  await page.waitForFunction(() => (window as unknown as { __bench: { firstFrame?: number } }).__bench.firstFrame !== undefined, null, { timeout: 60_000 });
  const firstFrame = await page.evaluate(() => (window as unknown as { __bench: { firstFrame: number } }).__bench.firstFrame);
  if (seekTo === undefined) {
    // Steady playback: total blocking time of main-thread long tasks (the part over 50 ms) after start-up.
    const from = await page.evaluate(() => performance.now());
    await page.waitForTimeout(STEADY_SECONDS * 1000);
    const blocking = (await page.evaluate(`window.__bench.longTasks`)) as Array<{ start: number; duration: number }>;
    const steady = blocking.filter((task) => task.start >= from);
    return { firstFrame, steadyTbt: steady.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0), steadyTasks: steady.length };
  }
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, null, { timeout: 60_000 });
  return { firstFrame, seek: await timeSeek(page, seekTo) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const server = await startServer({ ...loadServerConfig({ PORT: '0', DATA_DIR: 'memory://' }) });
const target = new URL(server.url);
const proxy = await startThrottleProxy({ host: target.hostname, port: Number(target.port) }, PROFILE);
const base = `http://127.0.0.1:${proxy.port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
});
const results: Record<string, { start: number[]; seek: number[]; tbt: number[]; tasks: number[] }> = Object.fromEntries(
  SUBJECTS.map((subject) => [subject, { start: [], seek: [], tbt: [], tasks: [] }]),
);
try {
  for (let run = 0; run < RUNS; run += 1) {
    for (const subject of SUBJECTS) {
      for (const [movieId, seekTo] of [[1, undefined], [SEEK.movieId, SEEK.target]] as const) {
        const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
        const page = await context.newPage();
        await page.addInitScript(AUTOPLAY_AND_TIME_FIRST_FRAME);
        const cdp = await context.newCDPSession(page);
        if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
        const measured = await measure(page, base, subject, movieId, seekTo);
        if (seekTo === undefined) {
          results[subject]!.start.push(measured.firstFrame);
          results[subject]!.tbt.push(measured.steadyTbt ?? 0);
          results[subject]!.tasks.push(measured.steadyTasks ?? 0);
        }
        else if (measured.seek !== undefined) results[subject]!.seek.push(measured.seek);
        await context.close();
      }
    }
    process.stdout.write(`run ${run + 1}/${RUNS} done\n`);
  }
} finally {
  await browser.close();
  await proxy.close();
  await server.close();
}

console.log(`\nprofile: rtt ${PROFILE.rttMs} ms, ${PROFILE.downBps / 1e6} Mbit/s down, CPU ${CPU}x (page), ${RUNS} runs, interleaved`);
console.log(`subject   first frame (film 1, ms)   unbuffered seek (film ${SEEK.movieId} → ${SEEK.target} s, ms)`);
for (const subject of SUBJECTS) {
  const { start, seek } = results[subject]!;
  console.log(`${subject.padEnd(9)} ${median(start).toFixed(0).padStart(10)}  [${start.map((v) => v.toFixed(0)).join(', ')}]   ${median(seek).toFixed(0).padStart(8)}  [${seek.map((v) => v.toFixed(0)).join(', ')}]`);
}
console.log(`\nsteady playback (${STEADY_SECONDS} s after the first frame): main-thread long tasks, count and total blocking time (ms)`);
for (const subject of SUBJECTS) {
  const { tbt, tasks } = results[subject]!;
  console.log(`${subject.padEnd(9)} tasks [${tasks.join(', ')}]   TBT [${tbt.map((v) => v.toFixed(0)).join(', ')}]`);
}
const ours = results.mse!;
const peer = results['hls.js']!;
console.log(`\nours / hls.js: first frame ${(median(ours.start) / median(peer.start)).toFixed(2)}x, unbuffered seek ${(median(ours.seek) / median(peer.seek)).toFixed(2)}x`);
