import type { RequestEngine } from '../contract/net/request-engine.ts';
import type { PlayerCore } from '../core/player-core.ts';
import type { Store } from '../core/store.ts';
import { createVastClient, fillMacros, type VastClient, type VastSource } from '../workers-client/vast-client.ts';
import { findParentOrigin } from '../embed/parent-origin.ts';
import { fetchAdList, type AdListItem } from './ad-list.ts';
import { AD_VISIBILITY_THRESHOLD, type AdPlayState } from './ad-play-state.ts';
import { playAd, type AdPlayback } from './ad-playback.ts';
import { AD_STATUS, INITIAL_AD_STATE, type AdBreakType, type AdState } from './ad-state.ts';
import { createAdTracker } from './ad-tracker.ts';
import { midrollDue } from './ad-schedule.ts';
import { mediaSessionTitle } from './ad-media-session.ts';
import { UNMUTE_VOLUME } from '../core/playback-rules.ts';

/** The media types an ad element is asked about: the worker picks the first one it plays. */
const CANDIDATE_TYPES = ['video/mp4', 'video/webm', 'video/ogg', 'video/3gpp', 'video/quicktime', 'video/x-m4v', 'application/vnd.apple.mpegurl', 'application/x-mpegurl'];

export interface AdsOptions {
  core: PlayerCore;
  /** The film's element: its duration and time place the midroll; iOS fullscreen stops an ad. */
  filmVideo: HTMLVideoElement;
  /** The player: at least 51 % of it must be in view for an ad to play by itself. */
  container: HTMLElement;
  store: Store<AdState>;
  adListUrl: string | undefined;
  /** The whole break — list, VAST chain, first ad frame — must fit in this, or the film plays. */
  breakTimeoutMs: number;
  /** The marking shown when an ad's VAST names no advertiser or erid (the host's configuration). */
  markingFallback?: { advertiser?: string; erid?: string } | undefined;
  /** The main thread's request engine. The ad list and the beacons may go to another server: neither carries the catalogue's headers. */
  requests: RequestEngine;
  /** Default: the VAST worker. */
  vast?: VastClient;
  /** The host page's exact origin: its `{actionType: 'pause'}` message pauses the ad. Default: the parent's. */
  hostOrigin?: string | undefined;
  /** The hold the app took at boot, so nothing played before this module arrived. */
  initialHold: (() => void) | undefined;
  /** Autoplay was asked for: the preroll starts without waiting for a click. */
  autoPlay: boolean;
  signal: AbortSignal;
  win?: Window;
  doc?: Document;
}

export interface AdCommands {
  /** The overlay's play/pause: the viewer's own click. */
  togglePlay(): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  skip(): void;
  /** The click-through link was opened. */
  clickThrough(): void;
}

/**
 * The ad breaks of one content load (SPEC.md section 4): a preroll before the first play of every
 * episode, a midroll at half of a film longer than 1800 s. A break holds the player's request
 * gate: the film loads and buffers behind the ad but does not play, and what the viewer asks of
 * it meanwhile runs when the break ends. One deadline bounds the break's start; any failure
 * ends the break and the film plays.
 */
export function startAds(options: AdsOptions): AdCommands {
  const { core, filmVideo, container, store, requests, signal } = options;
  /** The ad's own element, made when the first ad comes: a player without ads has one <video>. */
  let adElement: HTMLVideoElement | undefined;
  const adVideo = () => (adElement ??= createAdVideo(filmVideo));
  const win = options.win ?? window;
  const vast = options.vast ?? createVastClient();
  signal.addEventListener('abort', () => vast.destroy(), { once: true });
  const hostOrigin = 'hostOrigin' in options ? options.hostOrigin : findParentOrigin(win);
  const doc = options.doc ?? document;
  const playState: AdPlayState = { type: 'none', isVisible: true, isClick: false, isDocumentHidden: doc.visibilityState === 'hidden', isPIP: false };
  let playback: AdPlayback | undefined;
  /** Ends the running break (another episode, the content's end). */
  let breakRun: AbortController | undefined;
  let midrollDone = false;
  let episodeHold: (() => void) | undefined = options.initialHold;
  const sync = () => playback?.sync();

  // Visibility: the document's and the player's share in view.
  doc.addEventListener('visibilitychange', () => {
    playState.isDocumentHidden = doc.visibilityState === 'hidden';
    sync();
  }, { signal });
  if (typeof IntersectionObserver !== 'undefined') {
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (!entry) return;
      playState.isVisible = entry.intersectionRatio >= AD_VISIBILITY_THRESHOLD;
      sync();
    }, { threshold: [0, AD_VISIBILITY_THRESHOLD, 1] });
    observer.observe(container);
    signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  }
  // The host page may pause the ad (SPEC.md section 4), from its own origin only.
  win.addEventListener('message', (event: MessageEvent) => {
    if (!hostOrigin || event.origin !== hostOrigin || event.source !== win.parent) return;
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { actionType?: unknown }).actionType === 'pause') {
      playState.type = 'pause';
      playState.isClick = false;
      sync();
    }
  }, { signal });

  /** Runs one break; resolves when it is over and the film may play. */
  async function runBreak(type: AdBreakType, items: Promise<readonly AdListItem[]>, started: Promise<void>, run: AbortController): Promise<void> {
    const deadline = AbortSignal.any([run.signal, AbortSignal.timeout(options.breakTimeoutMs)]);
    let anyLoaded = false;
    store.update({ ...INITIAL_AD_STATE, history: store.getState().history, volume: filmVideo.volume, muted: filmVideo.muted, phase: 'load', breakType: type });
    const list = await items;
    if (list.length === 0) return;
    await started;
    // Asked for now, with ads to ask for: the break the operator counts (ad_init was only its set-up).
    reportBreak(type, 'ad_break_request');
    // The spinner, once the viewer waits for something: the ad is on its way.
    store.update({ loading: true });
    const resolutions = list.flatMap(sourcesOf).map((source) => () => vast.resolve(source, playableTypes(filmVideo), anyLoaded ? run.signal : deadline));
    for (const resolve of resolutions) {
      if (run.signal.aborted || (!anyLoaded && deadline.aborted)) break;
      // Before the first ad is ready, the deadline ends the wait whatever the worker is doing.
      const resolved = anyLoaded ? await resolve() : await untilAborted(resolve(), deadline);
      if (!resolved) return;
      const { ads, failures } = resolved;
      for (const failure of failures) {
        fireErrors(failure.errorUrls, failure.code);
        reportBreak(type, 'ad_error', failure.code);
      }
      for (const [index, ad] of ads.entries()) {
        if (run.signal.aborted || (!anyLoaded && deadline.aborted)) return;
        const tracker = createAdTracker({ ad, send: beacon, adTime: () => adVideo().currentTime, contentTime: () => filmVideo.currentTime });
        const marked = { ...ad, advertiser: ad.advertiser ?? options.markingFallback?.advertiser, erid: ad.erid ?? options.markingFallback?.erid };
        // One volume for the player: the ad starts at the film's, before its listeners count changes.
        adVideo().volume = filmVideo.volume;
        adVideo().muted = filmVideo.muted;
        const current = playAd({
          ad: marked, type, position: index + 1, count: ads.length, video: adVideo(), store, tracker,
          playState: () => playState,
          report: (event, detail) => core.events.emit('ad', { event, breakType: type, ...detail }),
        });
        playback = current;
        const stop = () => current.stop();
        (anyLoaded ? run.signal : deadline).addEventListener('abort', stop, { once: true });
        if (!(await current.loaded)) {
          const ended = await current.outcome;
          // An ad that failed before it could play ends nothing: the next one may (SPEC.md: after an
          // ERROR that ended a playing ad, everything ends).
          if (ended.status === AD_STATUS.STOPPED) return;
          continue;
        }
        deadline.removeEventListener('abort', stop);
        run.signal.addEventListener('abort', stop, { once: true });
        anyLoaded = true;
        // iOS plays the film in its own fullscreen, where no ad can be drawn: the ad stops at once.
        if ((filmVideo as HTMLVideoElement & { webkitDisplayingFullscreen?: boolean }).webkitDisplayingFullscreen) {
          current.stop();
          return;
        }
        recordHistory(type, ad.id ?? ad.mediaFile.url, ad.duration ?? adVideo().duration);
        adVideo().hidden = false;
        const restoreTitle = mediaSessionTitle();
        const outcome = await current.outcome;
        restoreTitle();
        adVideo().hidden = true;
        if (outcome.status === AD_STATUS.ERROR || outcome.status === AD_STATUS.STOPPED) return;
      }
    }
  }

  /** A break's own ad event (no ad of it on screen): asked for, or a VAST of it failed. */
  function reportBreak(type: AdBreakType, event: 'ad_break_request' | 'ad_error', errorCode?: number): void {
    core.events.emit('ad', { event, breakType: type, adId: undefined, currentTime: 0, duration: 0, ...(errorCode === undefined ? {} : { errorCode }) });
  }

  function recordHistory(type: AdBreakType, id: string, duration: number): void {
    const total = filmVideo.duration;
    const position = filmVideo.currentTime;
    const perc = Number.isFinite(total) && total > 0 ? Math.round((position / total) * 100) : 0;
    store.update({ history: [...store.getState().history, { id, type, position, duration: Number.isFinite(duration) ? duration : 0, perc }] });
  }

  function beacon(url: string): void {
    // Fire and forget: an ad blocker or a dead tracker costs nothing (aborted requests are ignored).
    requests.request(url, { kind: 'beacon', signal }).catch(() => undefined);
  }
  function fireErrors(urls: readonly string[], code: number): void {
    for (const url of urls) beacon(fillMacros(url, { errorCode: code, mediaPlayhead: filmVideo.currentTime }));
  }

  /** The list of one break type, fetched anew for each episode (SPEC.md section 4). */
  function listOf(type: AdBreakType, run: AbortController): Promise<readonly AdListItem[]> {
    if (!options.adListUrl) {
      console.warn('ENV_AD_LIST_URL is not defined');
      return Promise.resolve([]);
    }
    return fetchAdList(requests, options.adListUrl, run.signal).then(
      (list) => (type === 'preroll' ? list.prerollList : list.midrollList),
      (error: unknown) => {
        if (!run.signal.aborted) console.warn('The ad list did not load; the film plays.', error);
        return [];
      },
    );
  }

  /** The breaks the viewer is waiting through: their span is reported as ad time, never the film's. */
  const engaged = new Map<AbortController, AdBreakType>();
  const finished = new WeakSet<AbortController>();
  function engage(run: AbortController, type: AdBreakType): void {
    if (run.signal.aborted || finished.has(run) || engaged.has(run)) return;
    engaged.set(run, type);
    core.events.emit('ad-break', { state: 'start', breakType: type });
  }

  function endBreak(run: AbortController, release: (() => void) | undefined, resume: boolean): void {
    const type = engaged.get(run);
    // Before the gate opens: the film's play that follows is already outside the break.
    if (type) core.events.emit('ad-break', { state: 'end', breakType: type });
    engaged.delete(run);
    finished.add(run);
    playback = undefined;
    if (adElement) adElement.hidden = true;
    if (breakRun === run) breakRun = undefined;
    // The film first: what waited in the gate (its play) runs before the UI draws the controls again.
    release?.();
    if (resume) core.play().catch(() => undefined);
    store.update({ phase: 'stopped', breakType: undefined, ad: undefined, loading: false, isPlaying: false });
  }

  /** A preroll for the episode being opened: the gate is already held when this runs. */
  function preroll(): void {
    breakRun?.abort();
    const run = new AbortController();
    breakRun = run;
    midrollDone = false;
    // The ad history is the episode's (SPEC.md section 3): another episode starts its own.
    if (store.getState().history.length > 0) store.update({ history: [] });
    const release = episodeHold;
    episodeHold = undefined;
    const items = listOf('preroll', run);
    let playAsked: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (playAsked = resolve));
    const onPlayRequest = () => {
      playState.type = 'play';
      playState.isClick = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive ?? false;
      playAsked();
      sync();
    };
    if (options.autoPlay || !filmVideo.paused) onPlayRequest();
    // The viewer waits for the preroll from the moment play is asked for.
    void started.then(() => engage(run, 'preroll'));
    const offPlay = core.events.on('play-requested', onPlayRequest, { signal: run.signal });
    core.events.emit('ad', { event: 'ad_init', breakType: 'preroll', adId: undefined, currentTime: 0, duration: 0 });
    // The queued play runs when the gate opens: the film plays if it was asked to.
    runBreak('preroll', items, started, run)
      .catch((error: unknown) => console.warn('The ad break failed; the film plays.', error))
      .finally(() => {
        offPlay();
        endBreak(run, release, false);
      });
  }

  function midroll(): void {
    if (midrollDone || breakRun) return;
    midrollDone = true;
    const run = new AbortController();
    breakRun = run;
    const wasPlaying = !filmVideo.paused;
    const items = listOf('midroll', run);
    core.events.emit('ad', { event: 'ad_init', breakType: 'midroll', adId: undefined, currentTime: filmVideo.currentTime, duration: filmVideo.duration });
    let release: (() => void) | undefined;
    // The film plays on while the midroll loads; it pauses when the ad can play (SPEC.md section 4).
    playState.type = wasPlaying ? 'play' : 'none';
    playState.isClick = false;
    const unsubscribe = store.subscribe(() => {
      if (store.getState().status !== AD_STATUS.LOADED || release) return;
      unsubscribe();
      // The film stops for the midroll here; until now it played on while the ad loaded.
      engage(run, 'midroll');
      core.pause();
      release = core.hold('ads');
    });
    run.signal.addEventListener('abort', unsubscribe, { once: true });
    runBreak('midroll', items, Promise.resolve(), run)
      .catch((error: unknown) => console.warn('The ad break failed; the film plays.', error))
      .finally(() => {
        unsubscribe();
        endBreak(run, release, wasPlaying && release !== undefined);
      });
  }

  core.events.on('episode-opening', () => {
    playback?.stop();
    breakRun?.abort();
    episodeHold ??= core.hold('ads');
    preroll();
  }, { signal });
  core.events.on('content-time', ({ currentTime, duration }) => {
    if (midrollDue(currentTime, duration)) midroll();
  }, { signal });
  signal.addEventListener('abort', () => {
    breakRun?.abort();
    playback?.stop();
    episodeHold?.();
  }, { once: true });

  preroll();

  return {
    togglePlay() {
      playState.type = playState.type === 'play' && adElement?.paused === false ? 'pause' : 'play';
      playState.isClick = true;
      sync();
    },
    setVolume(volume) {
      if (typeof volume !== 'number' || !Number.isFinite(volume)) {
        console.warn(`Ad volume must be a number, got ${String(volume)}`);
        return;
      }
      if (!adElement) return;
      adElement.volume = Math.min(1, Math.max(0, volume));
      if (adElement.volume > 0 && adElement.muted) adElement.muted = false;
      // The viewer's choice is the player's: the film and the next ad keep it, and it is saved.
      core.setVolume(adElement.volume);
      core.setMuted(adElement.muted);
    },
    toggleMute() {
      if (!adElement) return;
      const muted = !adElement.muted;
      // Unmuting at volume 0 sets 0.25, as for the film (SPEC.md section 5).
      if (!muted && adElement.volume === 0) adElement.volume = UNMUTE_VOLUME;
      adElement.muted = muted;
      core.setVolume(adElement.volume);
      core.setMuted(muted);
    },
    skip: () => playback?.skip(),
    clickThrough() {
      playback?.clickThrough();
      playState.type = 'pause';
      playState.isClick = true;
      sync();
    },
  };
}

/** An item's VAST: its URL, its inline XML, or each of its URLs in turn (SPEC.md section 3). */
function sourcesOf(item: AdListItem): VastSource[] {
  if (item.dataXml) return [{ xml: item.dataXml }];
  return [item.vastUrl, ...(item.dataUrls ?? [])].filter((url): url is string => Boolean(url)).map((url) => ({ url }));
}

function playableTypes(video: HTMLVideoElement): string[] {
  return CANDIDATE_TYPES.filter((type) => video.canPlayType(type) !== '');
}

/** The ad's own element, over the film's and under the controls; hidden between ads. */
function createAdVideo(film: HTMLVideoElement): HTMLVideoElement {
  const element = film.ownerDocument.createElement('video');
  element.className = 'player__ad-video';
  element.playsInline = true;
  element.hidden = true;
  film.after(element);
  return element;
}

/** The promise's value, or undefined as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    }, () => {
      signal.removeEventListener('abort', onAbort);
      resolve(undefined);
    });
  });
}
