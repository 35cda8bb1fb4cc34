import { expect, test, type Page, type Request } from '@playwright/test';
import { startHostSites, type HostSites } from './host-sites.ts';

// The SDK's loading modes on a host page from another origin (docs/embedding.md, "Loading
// modes"): a facade costs the page no frame and no request to the player's document until the
// viewer shows intent, and plays with sound on the click; a lazy player loads only when
// scrolled near. Run at a desktop's size and at a phone's, where the frame is a small 16:9 box.

/**
 * A host page with one data-kino-player element (lib.js embeds it): its SDK events in
 * window.hostEvents, the player in window.player, and every layout shift the page sees summed in
 * window.layoutShift (input or not: the frame replacing the facade must move nothing at all). The
 * element keeps the player's box before lib.js runs, as docs/embedding.md asks of hosts.
 */
function hostPage(playerBase: string, attributes: string, above = ''): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Партнёр</title>
<script>
  window.layoutShift = 0;
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.layoutShift += entry.value;
      window.shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources: entry.sources.map((source) => [source.node && (source.node.id || source.node.nodeName), JSON.stringify(source.previousRect), JSON.stringify(source.currentRect)]) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
</script></head>
<body style="margin:0">
  <h1 style="font-size:16px;margin:8px">Сайт-партнёр</h1>
  ${above}
  <div id="player" data-kino-player ${attributes} style="aspect-ratio:16/9"></div>
  <p>Текст под плеером.</p>
  <script src="${playerBase}/catalog-api/lib.js"></script>
  <script>
    window.hostEvents = [];
    const player = KinoPlayer.get(document.getElementById('player'));
    for (const name of ['ready', 'play', 'playing', 'volumechange', 'autoplayblocked']) player.on(name, (data) => hostEvents.push({ name, data }));
    window.player = player;
  </script>
</body></html>`;
}

// The browser's autoplay policy as on the web (the other specs lift it, and headless Chromium's
// default is lifted too): sound only in a document the viewer has activated, which the facade's
// click does for the frame it creates.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--autoplay-policy=document-user-activation-required', '--host-resolver-rules=MAP *.test 127.0.0.1'],
  },
});

let sites: HostSites;
let partner = '';
let filmTitle = '';

test.beforeAll(async ({ baseURL, request }) => {
  sites = await startHostSites();
  partner = sites.origin('partner');
  filmTitle = ((await (await request.get('/catalog-api/contents/1')).json()) as { title: string }).title;
  sites.serve(new Map([
    ['/facade', hostPage(baseURL!, 'data-movie-id="1" data-loading="facade"')],
    ['/lazy', hostPage(baseURL!, 'data-movie-id="1" data-loading="lazy"', '<div style="height:4000px">Длинная статья.</div>')],
  ]));
});
test.afterAll(() => sites.close());

const host = <T>(page: Page, script: string): Promise<T> => page.evaluate(script) as Promise<T>;

/** Every request the page (and its frames) make to the player's document. */
function embedRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/embed') seen.push(request);
  });
  return seen;
}

/** Where the element is on the page (not in the viewport: the click may scroll). */
const boxInPage = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x: x + scrollX, y: y + scrollY, width, height };
  });

/** The film plays in the frame, and the SDK's mirror says so with the sound on. */
async function expectPlayingWithSound(page: Page): Promise<void> {
  await host(page, 'player.ready()');
  await expect.poll(() => host(page, 'player.state.paused'), { timeout: 30_000 }).toBe(false);
  expect(await host(page, 'player.state.muted')).toBe(false);
  const video = page.frameLocator('#player iframe').locator('video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
  expect(await host<unknown[]>(page, 'hostEvents.filter((event) => event.name === "autoplayblocked")')).toEqual([]);
}

for (const viewport of [{ width: 1280, height: 720 }, { width: 360, height: 640 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('facade: no frame and no request to the player\'s document before intent; the click plays the film with sound, and nothing moves', async ({ page }) => {
      test.setTimeout(90_000);
      const requests = embedRequests(page);
      await page.goto(`${partner}/facade`);
      const button = page.getByRole('button', { name: `Смотреть «${filmTitle}»` });
      await expect(button).toBeVisible();
      const facadeBox = await boxInPage(page, '#player [data-kino-facade]');
      expect(facadeBox!.width).toBe(viewport.width);
      expect(facadeBox!.height).toBeCloseTo((viewport.width * 9) / 16, 0);
      await expect(page.locator('#player [data-kino-facade] img')).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(requests).toEqual([]);
      expect(await host(page, 'player.state.status')).toBe('loading');

      await button.click();
      await expect(page.locator('#player iframe')).toHaveCount(1);
      await expect(page.locator('#player [data-kino-facade]')).toHaveCount(0);
      expect(await boxInPage(page, '#player iframe')).toEqual(facadeBox);
      await expectPlayingWithSound(page);
      expect(await host(page, 'window.layoutShift'), JSON.stringify(await host(page, 'window.shifts'))).toBe(0);
    });

    test('facade: the keyboard reaches the play button and Enter plays', async ({ page }) => {
      test.setTimeout(90_000);
      const requests = embedRequests(page);
      await page.goto(`${partner}/facade`);
      const button = page.getByRole('button', { name: `Смотреть «${filmTitle}»` });
      await expect(button).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(button).toBeFocused();
      // Focus is intent: the document is warmed up, still with no frame.
      await expect.poll(() => requests.length).toBeGreaterThan(0);
      await expect(page.locator('iframe')).toHaveCount(0);
      await page.keyboard.press('Enter');
      await expect(page.locator('#player iframe')).toHaveCount(1);
      // Focus went on into the player.
      expect(await host(page, 'document.activeElement && document.activeElement.tagName')).toBe('IFRAME');
      await expectPlayingWithSound(page);
      expect(await host(page, 'window.layoutShift'), JSON.stringify(await host(page, 'window.shifts'))).toBe(0);
    });

    test('facade: where the browser still refuses sound, the film plays muted with Включить звук, and one press turns it on', async ({ page }) => {
      test.setTimeout(90_000);
      // A browser whose policy refuses this start with sound (as some still do after a click in
      // the parent page): the player's document rejects an unmuted play() as such a browser would.
      await page.addInitScript(() => {
        if (location.pathname !== '/embed') return;
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function refuseSound(this: HTMLMediaElement) {
          return this.muted ? play.call(this) : Promise.reject(new DOMException('play() with sound refused', 'NotAllowedError'));
        };
      });
      await page.goto(`${partner}/facade`);
      await page.getByRole('button', { name: `Смотреть «${filmTitle}»` }).click();
      await host(page, 'player.ready()');
      const frame = page.frameLocator('#player iframe');
      const video = frame.locator('video');
      // No second tap: it plays, muted.
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3);
      expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
      await expect.poll(() => host<unknown[]>(page, 'hostEvents.filter((event) => event.name === "autoplayblocked")')).toHaveLength(1);
      const unmute = frame.locator('.unmute-prompt');
      await expect(unmute).toHaveText('Включить звук');
      // It stays after the controls hide: it is the one thing the viewer needs.
      await expect(frame.locator('.controls')).toHaveClass(/controls--hidden/, { timeout: 10_000 });
      await expect(unmute).toBeVisible();
      await unmute.click();
      await expect.poll(() => host(page, 'player.state.muted')).toBe(false);
      await expect(unmute).toHaveCount(0);
      expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    });

    test('lazy: no frame and no request to the player\'s document until the page is scrolled near it', async ({ page }) => {
      test.setTimeout(90_000);
      const requests = embedRequests(page);
      await page.goto(`${partner}/lazy`);
      // Two frames rendered: an observer of an element in view would have said so by now.
      await host(page, 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(requests).toEqual([]);
      await host(page, `window.scrollTo(0, ${3800 - viewport.height})`);
      await expect(page.locator('#player iframe')).toHaveCount(1);
      await host(page, 'player.ready()');
      expect(requests.length).toBeGreaterThan(0);
      expect(await host(page, 'player.state.status')).toBe('ready');
    });
  });
}
