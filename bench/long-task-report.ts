/**
 * Which of our scripts made each long frame: our widget's document (film 1) on one profile, with
 * the Long Animation Frames API, from its navigation to `--seconds` after the first
 * frame. Each frame of 50 ms or more is listed with the scripts that ran in it (the chunk, the
 * function, what invoked it: a module's evaluation, an event listener, a resolved promise…), its
 * style and layout time, and what the Long Tasks API saw. The bench counts long tasks; this says
 * whose code they were.
 *
 *   npm run bench:long-tasks -- [--profile mobile-4g|phone-1core|fast|mobile-3g] [--seconds 10] [--runs 1]
 */
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { buildWidgetIfStale } from '../scripts/widget-build.ts';
import { launchBrowser } from './browser.ts';
import { pollFrame } from './poll-frame.ts';
import { profileById } from './profiles.ts';
import { startReferenceServer } from './reference-server.ts';
import { createLink, startThrottleProxy } from './throttle-proxy.ts';


/** Installed in every frame: long animation frames with their scripts, long tasks, the first frame. */
const OBSERVER = `(() => {
  const seen = (window.__frames = { loaf: [], tasks: [] });
  const name = (url) => (url || '').replace(/^.*\\//, '').replace(/\\?.*$/, '');
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.duration < 50) continue;
        seen.loaf.push({
          start: Math.round(entry.startTime), duration: Math.round(entry.duration), blocking: Math.round(entry.blockingDuration),
          render: Math.round(entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0),
          styleLayout: Math.round(entry.styleAndLayoutStart ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0),
          scripts: entry.scripts.map((script) => ({
            source: name(script.sourceURL), fn: script.sourceFunctionName, invoker: script.invoker, type: script.invokerType,
            duration: Math.round(script.duration), forced: Math.round(script.forcedStyleAndLayoutDuration), window: script.windowAttribution,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration), name: entry.name });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  new MutationObserver((_, observer) => {
    const video = document.querySelector('video');
    if (!video) return;
    observer.disconnect();
    video.muted = true;
    video.autoplay = true;
    video.requestVideoFrameCallback(() => { seen.firstFrame = Math.round(performance.now()); });
  }).observe(document, { subtree: true, childList: true });
})();`;

interface Script { source: string; fn: string; invoker: string; type: string; duration: number; forced: number; window: string }
interface Frame { start: number; duration: number; blocking: number; render: number; styleLayout: number; scripts: Script[] }
interface Seen { loaf: Frame[]; tasks: { start: number; duration: number; name: string }[]; firstFrame?: number }

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

function print(seen: Seen): void {
  console.log(`first frame at ${seen.firstFrame ?? '—'} ms from the navigation`);
  console.log(`long tasks (Long Tasks API): ${seen.tasks.filter((task) => task.name === 'self').map((task) => `${task.start}+${task.duration}`).join(', ') || 'none'}`);
  for (const frame of seen.loaf) {
    console.log(`\nframe at ${frame.start} ms: ${frame.duration} ms (blocking ${frame.blocking}, rendering ${frame.render}, style and layout ${frame.styleLayout})`);
    for (const script of frame.scripts) {
      console.log(`  ${String(script.duration).padStart(4)} ms  ${script.type.padEnd(22)} ${script.invoker.slice(0, 60).padEnd(60)} ${script.source}${script.fn ? ` ${script.fn}` : ''}${script.forced ? ` (forced layout ${script.forced})` : ''}`);
    }
  }
}

async function main(): Promise<void> {
  const profile = profileById(option('profile', 'mobile-4g'));
  const seconds = Number(option('seconds', '10'));
  const runs = Number(option('runs', '1'));
  await buildWidgetIfStale();
  const server = await startServer(loadServerConfig({ LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', AD_LIST_URL: '/catalog-api/ad-list.json?case=none' }));
  const reference = await startReferenceServer();
  const link = createLink(profile.link);
  const hostAndPort = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });
  const widgetProxy = await startThrottleProxy(hostAndPort(server.url), link);
  const referenceProxy = await startThrottleProxy(hostAndPort(reference.url), link);
  const origins = { widget: `http://127.0.0.1:${widgetProxy.port}`, reference: `http://127.0.0.1:${referenceProxy.port}` };
  const browser = await launchBrowser(profile.cpus);
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
      const page = await context.newPage();
      await page.addInitScript(OBSERVER);
      const cdp = await context.newCDPSession(page);
      if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
      // The widget's document as the page itself: a cross-origin host page would see its long
      // frames without their scripts (the API attributes scripts to same-origin frames only).
      await page.goto(`${origins.widget}/embed?movie_id=1&debug`, { waitUntil: 'commit' });
      await pollFrame(page.mainFrame(), 'window.__frames && window.__frames.firstFrame !== undefined', 60_000);
      await page.waitForTimeout(seconds * 1000);
      console.log(`\n== ${profile.id}, run ${run + 1}`);
      print((await page.evaluate('window.__frames')) as Seen);
      await context.close();
    }
  } finally {
    await browser.close();
    await widgetProxy.close();
    await referenceProxy.close();
    await reference.close();
    await server.close();
  }
}

await main();
