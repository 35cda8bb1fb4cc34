import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { startHostSites, type HostSites } from './host-sites.ts';

// A host site writes <kino-player> (from /catalog-api/lib.js) or renders the React component
// (kino-player/react, the built dist/sdk/react.js with the project's own React bundled into the
// host page's script), and drives the player through them, in a real browser. The host pages
// come from another origin (partner.test), as on a real site.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const EVENT_NAMES = ['ready', 'play', 'pause', 'timeupdate', 'seeked', 'episodechange', 'error'];

/** A host page with one <kino-player>, its events kept in window.hostEvents. */
function elementPage(playerBase: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Партнёр</title></head>
<body style="margin:0">
  <h1 style="font-size:16px">Сайт-партнёр</h1>
  <kino-player id="player" movie-id="2" season="1" episode="1" timeupdate-interval="200"></kino-player>
  <script src="${playerBase}/catalog-api/lib.js"></script>
  <script>
    window.hostEvents = [];
    window.player = document.getElementById('player');
    for (const name of ${JSON.stringify(EVENT_NAMES)}) player.addEventListener(name, (event) => hostEvents.push({ name, data: event.detail }));
  </script>
</body></html>`;
}

/**
 * The React host's script: an app rendering <KinoPlayer> in StrictMode (so its effects run
 * twice, as in a host's development build), the callbacks' data in window.hostEvents, the ref in
 * window.playerRef, and the episode prop and unmounting in the test's hands.
 */
const REACT_APP = (playerBase: string) => `
import { StrictMode, createElement, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { KinoPlayer } from './dist/sdk/react.js';
window.hostEvents = [];
const keep = (name) => (data) => window.hostEvents.push({ name, data });
function App() {
  const ref = useRef(null);
  const [episode, setEpisode] = useState(1);
  window.playerRef = ref;
  window.setEpisodeProp = setEpisode;
  return createElement(KinoPlayer, {
    ref, movieId: 2, season: 1, episode, playerOrigin: ${JSON.stringify(playerBase)}, timeupdateInterval: 200, className: 'host-player',
    onReady: keep('ready'), onTimeUpdate: keep('timeupdate'), onEpisodeChange: keep('episodechange'), onPause: keep('pause'), onError: keep('error'),
  });
}
const root = createRoot(document.getElementById('root'));
root.render(createElement(StrictMode, null, createElement(App)));
window.unmount = () => root.unmount();
`;

async function reactPage(playerBase: string): Promise<string> {
  const bundle = await build({
    stdin: { contents: REACT_APP(playerBase), resolveDir: ROOT, loader: 'js' },
    bundle: true, format: 'iife', write: false, minify: true, define: { 'process.env.NODE_ENV': '"production"' },
  });
  const script = bundle.outputFiles[0]!.text.replaceAll('</script', '<\\/script');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Партнёр на React</title></head>
<body style="margin:0"><h1 style="font-size:16px">Сайт-партнёр на React</h1><div id="root"></div><script>${script}</script></body></html>`;
}

let sites: HostSites;
let partner = '';

test.beforeAll(async ({ baseURL }) => {
  sites = await startHostSites();
  partner = sites.origin('partner');
  sites.serve(new Map([
    ['/element', elementPage(baseURL!)],
    ['/react', await reactPage(baseURL!)],
  ]));
});
test.afterAll(() => sites.close());

interface HostEvent {
  name: string;
  data: Record<string, unknown>;
}
const host = <T>(page: Page, script: string): Promise<T> => page.evaluate(script) as Promise<T>;
const eventsNamed = async (page: Page, name: string) => (await host<HostEvent[]>(page, 'hostEvents')).filter((event) => event.name === name).map((event) => event.data);
const outcome = (page: Page, call: string) => host<unknown>(page, `${call}.then((value) => ({ value }), (error) => ({ error: error.name + ': ' + error.message }))`);
const videoTime = (page: Page) => page.frameLocator('iframe').locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

/** The player's box is 16:9 across the page's width, the frame filling it. */
async function expectSixteenByNine(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  const frame = (await page.locator(`${selector} iframe`).boundingBox())!;
  expect(box.height).toBeCloseTo((box.width * 9) / 16, 0);
  expect(frame.height).toBeCloseTo(box.height, 0);
  expect(frame.width).toBeCloseTo(box.width, 0);
}

for (const [size, viewport] of [['desktop', { width: 1280, height: 720 }], ['phone', { width: 360, height: 640 }]] as const) {
  test.describe(`at ${size} size (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('<kino-player> plays, takes commands and attribute changes, and dispatches the SDK events on itself', async ({ page }) => {
      await page.goto(`${partner}/element`);
      const before = (await page.locator('kino-player').boundingBox())!;
      expect(before.height).toBeCloseTo((before.width * 9) / 16, 0);
      await expect.poll(() => host(page, 'player.ready().then((state) => state.status)'), { timeout: 30_000 }).toBe('ready');
      expect(await eventsNamed(page, 'ready')).toHaveLength(1);
      await expectSixteenByNine(page, 'kino-player');

      expect(await outcome(page, 'player.play()')).toEqual({ value: undefined });
      await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
      await expect.poll(async () => (await eventsNamed(page, 'timeupdate')).length).toBeGreaterThan(1);

      const seek = (await outcome(page, 'player.seek(12)')) as { value: number };
      expect(seek.value).toBeCloseTo(12, 0);
      await expect.poll(async () => (await eventsNamed(page, 'seeked')).some((data) => Math.abs(Number(data.currentTime) - 12) < 1)).toBe(true);
      expect(await outcome(page, 'player.pause()')).toEqual({ value: undefined });
      await expect.poll(() => host(page, 'player.state.paused')).toBe(true);
      await expect.poll(async () => (await eventsNamed(page, 'pause')).length).toBeGreaterThan(0);

      // A new episode by attributes is a command to the same frame, not a new one.
      await host(page, "window.firstFrame = player.querySelector('iframe'), player.setAttribute('season', '2'), player.setAttribute('episode', '1')");
      await expect.poll(() => eventsNamed(page, 'episodechange'), { timeout: 30_000 }).toContainEqual(expect.objectContaining({ season: 2, episode: 1, cause: 'api' }));
      expect(await host(page, "player.querySelectorAll('iframe').length === 1 && player.querySelector('iframe') === firstFrame")).toBe(true);
      expect(await host(page, 'player.state.episode.season')).toBe(2);

      // Out of the document, the player is destroyed with its frame.
      await host(page, 'player.remove()');
      expect(await host(page, "player.querySelector('iframe')")).toBeNull();
      expect(await eventsNamed(page, 'error')).toEqual([]);
    });

    test('the React component renders the player, calls onReady and onTimeUpdate, and is driven through its ref', async ({ page }) => {
      await page.goto(`${partner}/react`);
      await expect.poll(async () => (await eventsNamed(page, 'ready')).length, { timeout: 30_000 }).toBe(1);
      // StrictMode mounted it twice: one frame stays.
      await expect(page.locator('.host-player iframe')).toHaveCount(1);
      await expectSixteenByNine(page, '.host-player');

      expect(await outcome(page, 'playerRef.current.play()')).toEqual({ value: undefined });
      await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
      await expect.poll(async () => (await eventsNamed(page, 'timeupdate')).length).toBeGreaterThan(1);
      const seek = (await outcome(page, 'playerRef.current.seek(20)')) as { value: number };
      expect(seek.value).toBeCloseTo(20, 0);
      expect(await outcome(page, 'playerRef.current.pause()')).toEqual({ value: undefined });
      await expect.poll(() => host(page, 'playerRef.current.state.paused')).toBe(true);
      await expect.poll(async () => (await eventsNamed(page, 'pause')).length).toBeGreaterThan(0);

      // A new episode prop is a command to the same frame.
      await host(page, "window.firstFrame = document.querySelector('.host-player iframe'), setEpisodeProp(2)");
      await expect.poll(() => eventsNamed(page, 'episodechange'), { timeout: 30_000 }).toContainEqual(expect.objectContaining({ season: 1, episode: 2, cause: 'api' }));
      expect(await host(page, "document.querySelector('.host-player iframe') === firstFrame")).toBe(true);

      await host(page, 'unmount()');
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(await eventsNamed(page, 'error')).toEqual([]);
    });
  });
}
