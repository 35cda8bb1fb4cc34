import '../ui/styles/player.css';
import { createCatalogueClient } from '../api/catalogue-client.ts';
import { readBootData } from '../contract/catalogue/boot-data.ts';
import { PAGE_GLOBAL, readWidgetConfig } from '../config/read-widget-config.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import { prewarmPlayback } from '../core/player-core.ts';
import { ruErrors as ru } from '../ui/i18n/ru-errors.ts';
import blockedClipUrl from './assets/blocked.mp4?no-inline';
import { browserMirror, idbDurableStore } from '../storage/idb-durable-store.ts';
import { createMediaStorage } from '../storage/media-storage.ts';
import { startPlayerApp, type PlayerApp } from './player-app.ts';
import { createHostBridge } from './host/host-bridge.ts';
import { analyticsSooner, recordPlayerEvents } from '../analytics/analytics-recorder.ts';
import { connectStartButton, holdEarlyTap } from './wiring/start-button.ts';
import { errorView } from './app-errors.ts';
import { PLAYER_ERROR_CODES, PlayerError } from '../contract/errors/player-error.ts';
import type { ScreenOptions, ShareTarget } from './player-screen.tsx';
import { startErrorReporting } from '../telemetry/error-reporting.ts';
import { whenBufferSafe } from '../core/buffer-safe.ts';
import { quietImport } from '../ui/loading/quiet-import.ts';
import { loadUi } from './load-ui.ts';
import { yieldToMain } from '../core/yield-to-main.ts';
import { startFirstSegments } from './wiring/first-segments.ts';

/**
 * The iframe entry: reads the configuration, starts loading and playback, then loads the UI
 * (React). Nothing on the way to the first frame waits for React.
 */
async function boot(): Promise<void> {
  const root = document.getElementById('root');
  const overlay = document.getElementById('player-ui');
  const video = root?.querySelector('video');
  if (!root || !overlay || !video) throw new Error('the embed document lacks #root, its <video> or #player-ui');
  const startButton = root.querySelector<HTMLButtonElement>('.player__start');
  /** A failure before the player starts: its card, logged with the id it shows. */
  const showError = (failure: unknown) => {
    const view = errorView(failure);
    startButton?.remove();
    video.hidden = true;
    // The configuration comes from the page: only loading the page again can bring another one.
    const action = view.canReload ? { label: ru.reloadPage, onClick: () => window.location.reload() } : undefined;
    void loadUi().then(({ renderMessage }) => renderMessage(overlay, view.message, action), reportUiFailure);
  };
  let config: WidgetConfig;
  try {
    config = readWidgetConfig(root, window[PAGE_GLOBAL], window.location.search, window.location.pathname, window.location.hash);
  } catch (error) {
    showError(error);
    return;
  }
  if (config.movieIdOutOfRange) {
    showError(new PlayerError('catalogue', PLAYER_ERROR_CODES.CONTENT_NOT_FOUND, 'fatal', 'movie_id names no content'));
    return;
  }
  if (config.movieId === undefined) {
    showError(new PlayerError('config', PLAYER_ERROR_CODES.MOVIE_ID_MISSING, 'fatal', 'No movie_id in the query nor in the page global'));
    return;
  }
  if (config.engine === undefined || config.engine === 'mse') prewarmPlayback();
  // The server's answers written into this document: the first load asks nothing it carries.
  const boot = readBootData(document.getElementById('boot-data'));
  // The mirror is read now, synchronously: the first render already knows the saved values.
  const storage = createMediaStorage({ mirror: browserMirror(), durable: idbDurableStore() });
  // A session's readable cookies (the token, or the mark that outlives it): src/contract/auth.
  const loggedIn = /\bauth(Token|Session)=/.test(document.cookie);
  // The first segments from here, before the engine's worker runs, when what plays first is sure.
  startFirstSegments({ config, contentId: config.movieId, boot, storage, video, loggedIn });
  // The engine's worker and chunk are on their way; the player's set-up runs in a task of its
  // own, so that the entry's evaluation is not one long task on a slow phone. (The episode and
  // its source stay in the set-up's task: started a task later, the first frame came later.)
  // A tap on the document's play button while the set-up waits for its task is kept, not lost.
  const earlyTap = holdEarlyTap(startButton);
  await yieldToMain();
  const tappedEarly = earlyTap.taken();
  const client = createCatalogueClient({
    baseUrl: config.apiBaseUrl,
    authBaseUrl: config.authBaseUrl,
    pageUrl: window.location.href,
    cookie: () => document.cookie,
    extraHeaders: () => config.requestHeaders,
    boot,
  });
  const app = startPlayerApp({
    client,
    config: { ...config, movieId: config.movieId },
    video,
    domain: hostPageAddress(),
    blockedClipUrl,
    storage,
    loggedIn,
  });
  const failed = appFailed(app);
  const firstFrame = Promise.race([failed, new Promise<void>((resolve) => app.events.on('first-frame', () => resolve()))]);
  // What the viewer does not need yet waits until the film is safe from a stall (src/core/buffer-safe.ts).
  const bufferSafe = Promise.race([failed, whenBufferSafe({ video, events: app.events })]);
  // Analytics note every event from now on, and arrive as their own chunk once they are needed;
  // a page hidden or left before then sends what was noted with the entry's own beacon.
  const recording = recordPlayerEvents(app, config);
  void Promise.race([bufferSafe, analyticsSooner(app)])
    .then(() => quietImport(() => import('../analytics/start-analytics.ts')))
    .then(({ startAnalytics }) => startAnalytics({ app, config, recorded: recording.stop() }), (error: unknown) => console.warn('analytics failed to load', error));
  // Fatal errors are reported; the reporter itself loads once the buffer is safe, or at the first fatal error.
  startErrorReporting(app, config, bufferSafe, () => quietImport(() => import('../telemetry/error-reporter.ts')));
  const bridge = createHostBridge();
  // Host messages matter to the page, never to this first frame; the host waits for 'ready', so
  // they come with the first frame, not later (the device_fp cookie waits for the safe buffer).
  // Their chunk is asked for in a task after the first frame's, which starts loading the UI.
  void firstFrame
    .then(yieldToMain)
    .then(() => quietImport(() => import('./page-services.ts')))
    .then(({ startPageServices }) => startPageServices(app, bridge, bufferSafe), (error: unknown) => console.warn('page services failed to load', error));
  const screen: ScreenOptions = {
    share: config.enabledShare ? shareTarget() : undefined,
    debug: config.debug,
    bridge,
    fullscreenMode: config.fullscreenMode,
    castSenderUrl: config.castSenderUrl,
    video,
    bufferSafe,
  };
  const start = startButton ? connectStartButton(startButton, app) : undefined;
  if (tappedEarly) app.play();
  // A failure covers the frame with its card: the stand-in play button goes with it.
  const unsubscribe = app.store.subscribe(() => {
    if (app.store.getState().view.status !== 'error') return;
    unsubscribe();
    start?.remove();
  });
  void Promise.race([firstFrame, uiDeadline(app)])
    .then(loadUi)
    .then(({ renderPlayerScreen }) => {
      renderPlayerScreen(overlay, app, screen);
      start?.remove();
    }, reportUiFailure);
}

function reportUiFailure(error: unknown): void {
  console.error('the player UI could not load', error);
}

/** The address of the page the player is embedded in, as far as the frame can know it. */
function hostPageAddress(): string {
  return window.parent !== window && document.referrer ? document.referrer : window.location.href;
}

/**
 * The page a shared link points at: the host page when the frame knows its full address (the
 * host sent a full referrer), else the player's own address, which opens the same episode. A
 * referrer cut down to its origin (the browsers' default policy) would point at the host's
 * home page instead, so it is not used.
 */
function shareTarget(): ShareTarget {
  const own = window.location.href;
  const referrer = window.parent !== window ? document.referrer : '';
  const fullReferrer = referrer !== '' && !/^[a-z]+:\/\/[^/]+\/?$/i.test(referrer);
  return fullReferrer ? { pageUrl: referrer, fallbackUrls: [own] } : { pageUrl: own, fallbackUrls: [] };
}

/** Resolves when loading failed and the frame shows its card instead of the player. */
function appFailed(app: PlayerApp): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = app.store.subscribe(() => {
      if (app.store.getState().view.status !== 'error') return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * React and the UI come after the first picture, or as soon as loading fails, or at the latest
 * UI_AT_THE_LATEST_MS after the engine got its source. Fetched and run earlier, their 70 kB and
 * their first render would share the phone's link and main thread with the catalogue calls,
 * playlists and first segment, and until then the document's own video is all there is to show.
 */
const UI_AT_THE_LATEST_MS = 1500;

function uiDeadline(app: PlayerApp): Promise<void> {
  return new Promise<void>((resolve) => {
    const unsubscribe = app.store.subscribe(() => {
      if (app.store.getState().view.status !== 'ready') return;
      unsubscribe();
      setTimeout(resolve, UI_AT_THE_LATEST_MS);
    });
  });
}

void boot();
