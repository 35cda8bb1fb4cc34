import { devices, expect, test, type Page } from '@playwright/test';
import { startHostSites, type HostSites } from './host-sites.ts';
import { ADMIN_TOKEN } from './playwright.config.ts';

// A host site drives the player through the SDK (/catalog-api/lib.js), in a real browser. The
// host pages come from a small server of the test's own, named partner.test and other.test (the
// browser maps .test here): other sites' origins, as a real host is.

interface HostEvent {
  name: string;
  data: Record<string, unknown>;
}

const EVENT_NAMES = [
  'ready', 'play', 'pause', 'playing', 'bufferstart', 'bufferend', 'seeking', 'seeked', 'ended', 'timeupdate', 'durationchange',
  'volumechange', 'ratechange', 'qualitychange', 'audiotrackchange', 'subtitlechange', 'episodechange', 'variantchange',
  'fullscreenchange', 'autoplayblocked', 'adbreakstart', 'adbreakend', 'error',
];

/**
 * A host page: one data-kino-player element (lib.js embeds it), every SDK event kept in
 * window.hostEvents, the player in window.player, and a play() asked at once — before the frame
 * can be ready. `sibling` adds a frame from another site next to the player.
 */
function hostPage(playerBase: string, attributes: string, sibling?: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Партнёр</title></head>
<body style="margin:0">
  <h1 style="font-size:16px">Сайт-партнёр</h1>
  <button id="fullscreen" type="button">На весь экран</button>
  <div id="player" data-kino-player ${attributes}></div>
  ${sibling ? `<iframe id="sibling" src="${sibling}" width="200" height="100"></iframe>` : ''}
  <script src="${playerBase}/catalog-api/lib.js"></script>
  <script>
    window.hostEvents = [];
    const player = KinoPlayer.get(document.getElementById('player'));
    for (const name of ${JSON.stringify(EVENT_NAMES)}) player.on(name, (data) => hostEvents.push({ name, data }));
    window.player = player;
    window.earlyPlay = ${attributes.includes('data-no-early-play') ? 'undefined' : "player.play().then(() => 'resolved', (error) => error.name)"};
    document.getElementById('fullscreen').addEventListener('click', () => {
      window.fullscreenResult = player.enterFullscreen().then(() => 'entered', (error) => error.name + ': ' + error.message);
    });
  </script>
</body></html>`;
}

/** A host's own iframe (with the demo's pod of two ads), driven by a KinoPlayer that adopts it. */
function adoptedFramePage(playerBase: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Партнёр</title></head><body>
  <iframe id="own" src="${playerBase}/embed?movie_id=2&amp;ad_case=pod" width="640" height="360" allow="autoplay; fullscreen"></iframe>
  <script src="${playerBase}/catalog-api/lib.js"></script>
  <script>
    window.hostEvents = [];
    const player = new KinoPlayer(document.getElementById('own'));
    for (const name of ${JSON.stringify(EVENT_NAMES)}) player.on(name, (data) => hostEvents.push({ name, data }));
    window.player = player;
  </script></body></html>`;
}

/** The other site's frame: it tries to command the player and to fool the host page's SDK. */
const SIBLING_PAGE = `<!doctype html><html><body>
<script>
  window.attack = () => {
    const command = (id, name, args) => ({ source: 'kino-player-host', version: 1, type: 'command', payload: { id, name, args } });
    parent.frames[0].postMessage({ source: 'kino-player-host', version: 1, type: 'hello', payload: { protocol: 1, timeupdateInterval: 100 } }, '*');
    parent.frames[0].postMessage(command(1, 'play', []), '*');
    parent.frames[0].postMessage(command(2, 'setVolume', [0]), '*');
    parent.postMessage({ source: 'kino-player', version: 1, type: 'event', payload: { name: 'ended', data: { currentTime: 1, duration: 1 }, state: { ended: true, title: 'Подделка' } } }, '*');
    parent.postMessage({ source: 'kino-player', version: 1, type: 'enterFullScreen', payload: {} }, '*');
  };
</script></body></html>`;

/** A generated content no other spec opens: allowed on one other site only, for the refusal. */
const REFUSED_CONTENT = 4322;
let sites: HostSites;
let partner = '';
let other = '';

test.beforeAll(async ({ baseURL }) => {
  sites = await startHostSites();
  partner = sites.origin('partner');
  other = sites.origin('other');
  sites.serve(new Map([
    ['/series', hostPage(baseURL!, 'data-movie-id="2" data-timeupdate-interval="200"')],
    ['/film', hostPage(baseURL!, 'data-movie-id="1" data-no-early-play')],
    ['/guarded', hostPage(baseURL!, 'data-movie-id="4" data-no-early-play', `${other}/sibling`)],
    ['/sibling', SIBLING_PAGE],
    ['/adopted', adoptedFramePage(baseURL!)],
    ['/phone', hostPage(baseURL!, 'data-movie-id="4" data-no-early-play')],
    ['/phone-stretch', hostPage(baseURL!, 'data-movie-id="4" data-no-early-play data-fullscreen-mode="stretch"')],
    ['/blocked', hostPage(baseURL!, 'data-movie-id="3" data-no-early-play')],
    ['/refused', hostPage(baseURL!, `data-movie-id="${REFUSED_CONTENT}" data-no-early-play`)],
  ]));
});
test.afterAll(() => sites.close());

/** Runs `script` in the host page, where `player` is the SDK's player. */
const host = <T>(page: Page, script: string): Promise<T> => page.evaluate(script) as Promise<T>;
const events = (page: Page) => host<HostEvent[]>(page, 'hostEvents');
const eventsNamed = async (page: Page, name: string) => (await events(page)).filter((event) => event.name === name).map((event) => event.data);
/** A command's outcome: its value, or the name of the error it rejected with. */
const outcome = (page: Page, call: string) => host<unknown>(page, `player.${call}.then((value) => ({ value }), (error) => ({ error: error.name }))`);

test('a host page drives a series through the SDK: each command resolves and its event follows', async ({ page }) => {
  await page.goto(`${partner}/series`);
  // The play() asked before the frame was ready ran once it was.
  await expect.poll(() => host(page, 'earlyPlay'), { timeout: 30_000 }).toBe('resolved');
  expect((await events(page)).map(({ name }) => name), JSON.stringify(await events(page))).toContain('ready');
  expect(await eventsNamed(page, 'play'), JSON.stringify(await events(page))).not.toHaveLength(0);
  const video = page.frameLocator('iframe').locator('video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);
  await expect.poll(async () => (await eventsNamed(page, 'timeupdate')).length).toBeGreaterThan(1);

  expect(await outcome(page, 'setVolume(0.5)')).toEqual({ value: 0.5 });
  // The state mirror is current when the Promise resolves: read synchronously.
  expect(await host(page, 'player.state.volume')).toBe(0.5);
  await expect.poll(() => eventsNamed(page, 'volumechange')).toContainEqual({ volume: 0.5, muted: false });
  expect(await outcome(page, 'setMuted(true)')).toEqual({ value: true });
  await expect.poll(() => eventsNamed(page, 'volumechange')).toContainEqual({ volume: 0.5, muted: true });
  expect(await video.evaluate((element: HTMLVideoElement) => [element.volume, element.muted])).toEqual([0.5, true]);

  expect(await outcome(page, 'setRate(1.5)')).toEqual({ value: 1.5 });
  await expect.poll(() => eventsNamed(page, 'ratechange')).toContainEqual({ rate: 1.5 });
  expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);

  const seek = (await outcome(page, 'seek(12)')) as { value: number };
  expect(seek.value).toBeCloseTo(12, 0);
  await expect.poll(async () => (await eventsNamed(page, 'seeked')).some((data) => Math.abs(Number(data.currentTime) - 12) < 1)).toBe(true);

  const qualities = await host<number[]>(page, 'player.state.qualities');
  expect(qualities.length).toBeGreaterThan(1);
  const lowest = qualities.at(-1)!;
  expect(await outcome(page, `setQuality(${lowest})`)).toEqual({ value: lowest });
  await expect.poll(() => eventsNamed(page, 'qualitychange')).toContainEqual(expect.objectContaining({ quality: lowest }));

  const variants = await host<Array<{ id: number; title: string }>>(page, 'player.state.variants');
  const currentVariant = await host<number>(page, 'player.state.variant.id');
  const otherVariant = variants.find(({ id }) => id !== currentVariant)!;
  expect(await outcome(page, `setVariant(${otherVariant.id})`)).toEqual({ value: otherVariant });
  await expect.poll(() => eventsNamed(page, 'variantchange')).toContainEqual({ variant: otherVariant });

  const episode = (await outcome(page, 'setEpisode({ season: 2, episode: 1 })')) as { value: { id: number } };
  expect(episode.value).toMatchObject({ season: 2, episode: 1 });
  await expect.poll(() => eventsNamed(page, 'episodechange')).toContainEqual(expect.objectContaining({ episodeId: episode.value.id, season: 2, episode: 1, cause: 'api' }));
  expect(await host(page, 'player.state.episode.id')).toBe(episode.value.id);

  expect(await outcome(page, 'pause()')).toEqual({ value: undefined });
  await expect.poll(() => host(page, 'player.state.paused')).toBe(true);
  await expect.poll(async () => (await eventsNamed(page, 'pause')).length).toBeGreaterThan(0);

  const state = await host<{ volume: number; rate: number; episode: { id: number } }>(page, 'player.getState()');
  expect(state).toMatchObject({ volume: 0.5, rate: 1.5, episode: { id: episode.value.id } });

  // Typed errors.
  expect(await outcome(page, 'setVolume(2)')).toEqual({ error: 'RangeError' });
  expect(await outcome(page, 'setRate(3)')).toEqual({ error: 'RangeError' });
  expect(await outcome(page, 'setEpisode({ season: 9 })')).toEqual({ error: 'NotFoundError' });
  expect(await outcome(page, 'setVariant(1)')).toEqual({ error: 'NotFoundError' });
  expect(await outcome(page, 'setQuality(4320)')).toEqual({ error: 'NotFoundError' });

  // Fullscreen from the host's own click, and back.
  await page.locator('#fullscreen').click();
  await expect.poll(() => host(page, 'window.fullscreenResult')).toBe('entered');
  await expect.poll(() => eventsNamed(page, 'fullscreenchange')).toContainEqual({ fullscreen: true });
  expect(await outcome(page, 'exitFullscreen()')).toEqual({ value: undefined });
  await expect.poll(() => eventsNamed(page, 'fullscreenchange')).toContainEqual({ fullscreen: false });

  await host(page, 'player.destroy()');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await outcome(page, 'play()')).toEqual({ error: 'NotReadyError' });
});

test('audio tracks and subtitles through the SDK', async ({ page }) => {
  await page.goto(`${partner}/film`);
  await host(page, 'player.ready()');
  // The subtitle tracks are known once the film's source is in.
  await expect.poll(() => host<number>(page, 'player.getState().then((state) => state.subtitles.length)'), { timeout: 30_000 }).toBeGreaterThan(1);
  const subtitles = await host<Array<{ id: string; language: string }>>(page, 'player.state.subtitles');
  const english = subtitles.find(({ language }) => language === 'en')!;
  expect(english).toBeDefined();
  expect(await outcome(page, `setSubtitle(${JSON.stringify(english.id)})`)).toEqual({ value: english.id });
  await expect.poll(() => eventsNamed(page, 'subtitlechange')).toContainEqual({ subtitle: expect.objectContaining({ id: english.id, language: 'en' }) });
  const showing = () => page.frameLocator('iframe').locator('video').evaluate((element: HTMLVideoElement) =>
    [...element.textTracks].filter((track) => track.mode === 'showing').map((track) => track.language));
  await expect.poll(showing).toEqual(['en']);
  expect(await outcome(page, 'setSubtitle(null)')).toEqual({ value: null });
  await expect.poll(showing).toEqual([]);
  expect(await outcome(page, 'setSubtitle("klingon")')).toEqual({ error: 'NotFoundError' });

  // Audio tracks are known once the stream is in.
  await expect.poll(() => host<number>(page, 'player.state.audioTracks.length'), { timeout: 30_000 }).toBeGreaterThan(1);
  const tracks = await host<Array<{ index: number; language: string }>>(page, 'player.state.audioTracks');
  const current = await host<number>(page, 'player.state.audioTrack');
  const next = tracks.find(({ index }) => index !== current)!;
  expect(await outcome(page, `setAudioTrack(${next.index})`)).toEqual({ value: next.index });
  await expect.poll(() => eventsNamed(page, 'audiotrackchange')).toContainEqual({ audioTrack: expect.objectContaining({ index: next.index }) });
  expect(await outcome(page, 'setAudioTrack(99)')).toEqual({ error: 'NotFoundError' });
});

test('another site\'s frame cannot command the player, and the SDK hears only its own frame', async ({ page }) => {
  await page.goto(`${partner}/guarded`);
  await host(page, 'player.ready()');
  const sibling = page.frames().find((frame) => frame.url().startsWith(`${other}/sibling`));
  expect(sibling).toBeDefined();
  await sibling!.evaluate('attack()');
  // A command of the host's own, after the attack, is the mark that the frame has read its messages.
  expect(await outcome(page, 'setVolume(0.7)')).toEqual({ value: 0.7 });
  const video = page.frameLocator('#player iframe').locator('video');
  expect(await video.evaluate((element: HTMLVideoElement) => [element.paused, element.volume])).toEqual([true, 0.7]);
  expect(await host(page, 'player.state.title')).not.toBe('Подделка');
  expect(await host(page, 'player.state.ended')).toBe(false);
  expect(await eventsNamed(page, 'ended')).toEqual([]);
  expect(await eventsNamed(page, 'play')).toEqual([]);
  // The fake enterFullScreen did not stretch the player's frame.
  expect(await page.locator('#player iframe').evaluate((frame) => getComputedStyle(frame).position)).not.toBe('fixed');
});

test('a host\'s own iframe, adopted by the SDK: no ad in the state before one shows; play() resolves when the film plays, after the preroll', async ({ page }) => {
  test.setTimeout(60_000);
  // The preroll's list is asked for before any play (once the film's buffer is safe).
  const adList = page.waitForResponse((response) => response.url().includes('/ad-list.json'), { timeout: 30_000 });
  await page.goto(`${partner}/adopted`);
  await host(page, 'player.ready()');
  await adList;
  // Nothing is on screen but the film: no ad in the state, asked of the frame or mirrored.
  expect(await host(page, 'player.getState().then((state) => state.ad)')).toBeNull();
  expect(await host(page, 'player.state.ad')).toBeNull();

  await host(page, `void (window.played = player.play().then(() => { window.playSettled = true; return player.state.paused; }))`);
  await expect.poll(() => eventsNamed(page, 'adbreakstart'), { timeout: 20_000 }).toEqual([
    { breakType: 'preroll', podSize: 2, position: 1, label: 'Реклама', advertiser: expect.any(String), erid: expect.any(String) },
  ]);
  expect(await host(page, 'player.state.ad.podSize')).toBe(2);
  // The film waits behind the ad: play() has not resolved, and the film is paused.
  expect(await host(page, 'window.playSettled === true')).toBe(false);
  expect(await host(page, 'player.state.paused')).toBe(true);
  // A command made during the break waits for it, as the viewer's own clicks do.
  await host(page, 'void (window.seekDuringBreak = player.seek(5))');
  const overlay = page.frameLocator('#own').locator('.ad-overlay');
  await overlay.getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 15_000 });
  await overlay.getByText('2 из 2').waitFor();
  await overlay.getByRole('button', { name: 'Пропустить', exact: true }).click({ timeout: 15_000 });
  await expect.poll(() => eventsNamed(page, 'adbreakend'), { timeout: 20_000 }).toEqual([{ breakType: 'preroll' }]);
  // Resolved with the film playing: the state says so at that moment.
  expect(await host(page, 'window.played')).toBe(false);
  await expect.poll(async () => (await eventsNamed(page, 'play')).length).toBeGreaterThan(0);
  expect(await host(page, 'player.state.ad')).toBeNull();
  expect(await host<number>(page, 'window.seekDuringBreak')).toBeCloseTo(5, 0);
});

test('setRate takes any rate from 0.25 to 2, and refuses the rest', async ({ page }) => {
  await page.goto(`${partner}/film`);
  await host(page, 'player.ready()');
  expect(await outcome(page, 'setRate(1.3)')).toEqual({ value: 1.3 });
  expect(await host(page, 'player.state.rate')).toBe(1.3);
  const video = page.frameLocator('iframe').locator('video');
  expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.3);
  expect(await outcome(page, 'setRate(0.25)')).toEqual({ value: 0.25 });
  expect(await outcome(page, 'setRate(2)')).toEqual({ value: 2 });
  expect(await outcome(page, 'setRate(0.2)')).toEqual({ error: 'RangeError' });
  expect(await outcome(page, 'setRate(2.5)')).toEqual({ error: 'RangeError' });
});

test('a film blocked in the viewer\'s country: ready() rejects at once, and the state names the block', async ({ page }) => {
  await page.goto(`${partner}/blocked`);
  expect(await host(page, 'player.ready().then(() => "ready", (error) => error.name + ": " + error.message)')).toBe(
    'NotReadyError: Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
  );
  expect(await host(page, 'player.state.status')).toBe('error');
  expect(await host(page, 'player.state.error.code')).toBe(2201);
});

test('a site not on the content\'s allowlist: ready() rejects with NotAllowedError and no player shows', async ({ page, request }) => {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const added = await request.post('/catalog-api/admin/embed-origins', { headers: admin, data: { origin: 'http://allowed-only.test', contentId: REFUSED_CONTENT } });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  try {
    await page.goto(`${partner}/refused`);
    expect(await host(page, 'player.ready().then(() => "ready", (error) => error.name)')).toBe('NotAllowedError');
    expect(await outcome(page, 'play()')).toEqual({ error: 'NotAllowedError' });
    const frame = page.frameLocator('#player iframe');
    await expect(frame.getByRole('heading', { name: 'Плеер недоступен на этом сайте' })).toBeVisible();
    await expect(frame.locator('video')).toHaveCount(0);
  } finally {
    expect((await request.delete(`/catalog-api/admin/embed-origins/${id}`, { headers: admin })).status()).toBe(200);
  }
});

// iPhone has no element fullscreen: the player always stretches its frame there. Elsewhere a host
// asks for it with data-fullscreen-mode="stretch".
for (const [device, path] of [['iPhone 13', '/phone'], ['Pixel 7', '/phone-stretch']] as const) {
  test.describe(`on a page the size of a ${device}`, () => {
    const phone = devices[device];
    test.use({ viewport: phone.viewport, userAgent: phone.userAgent, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true });

    test('the player\'s fullscreen stretches its frame over the page, and its close button puts it back', async ({ page }) => {
      await page.goto(`${partner}${path}`);
      await host(page, 'player.ready()');
      const frameElement = page.locator('#player iframe');
      const before = await frameElement.boundingBox();
      expect(before!.height).toBeLessThan(phone.viewport.height / 2);
      const whole = { x: 0, y: 0, width: phone.viewport.width, height: phone.viewport.height };
      const frame = page.frameLocator('#player iframe');
      await frame.getByRole('button', { name: 'Полноэкранный режим' }).tap();
      await expect.poll(() => frameElement.boundingBox()).toEqual(whole);
      await expect.poll(() => eventsNamed(page, 'fullscreenchange')).toContainEqual({ fullscreen: true });
      await frame.getByRole('button', { name: 'Закрыть' }).tap();
      await expect.poll(() => frameElement.boundingBox()).toEqual(before);
      await expect.poll(() => eventsNamed(page, 'fullscreenchange')).toContainEqual({ fullscreen: false });

      // The host's own command does the same.
      expect(await outcome(page, 'enterFullscreen()')).toEqual({ value: undefined });
      await expect.poll(() => frameElement.boundingBox()).toEqual(whole);
      expect(await outcome(page, 'exitFullscreen()')).toEqual({ value: undefined });
      await expect.poll(() => frameElement.boundingBox()).toEqual(before);
    });
  });
}
