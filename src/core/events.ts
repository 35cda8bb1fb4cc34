/**
 * The player event map (ARCHITECTURE.md, "player event map"): one typed list of everything the
 * player reports about the content. Whoever needs to know what plays — saved progress, host
 * messages, the app, and next analytics and ads — subscribes here, never to the raw <video>: the
 * content's events come from the content's element only, so an ad's own element can never be
 * counted as film time.
 */
import { describeFailure, logPlayerError, PLAYER_ERROR_CODES, type PlayerError } from '../contract/errors/player-error.ts';

/**
 * The ad events analytics counts (SPEC.md section 7), reported on the map as 'ad' by src/ads.
 * Beyond the spec's list: ad_break_request, when a break with ads to ask for is asked for (the
 * play request with the preroll pending, the film at the midroll), as ad_init is sent when the
 * break is only set up and its list fetched ahead of time; and ad_error, an ad or its VAST failed.
 */
export type AdEventName =
  | 'ad_init' | 'ad_play' | 'ad_pause' | 'ad_ended' | 'ad_loaded' | 'ad_timeupdate' | 'ad_skip_btn_click' | 'ad_banner_click' | 'ad_break_request' | 'ad_error';

/** The element reports this long a wait before it counts as waiting (SPEC.md section 9: 300 ms). */
export const WAITING_DELAY_MS = 300;

export interface PlayerEventMap {
  /** The content's time moved (about 4 times a second while playing). */
  'content-time': { currentTime: number; duration: number };
  play: { currentTime: number };
  pause: { currentTime: number; duration: number };
  /** Frames are moving again: after a start, a wait or a seek. */
  playing: { currentTime: number };
  /** Waiting for data 300 ms or more (true), and over (false). Shorter waits are not reported. */
  waiting: { waiting: boolean };
  seeking: { currentTime: number };
  seeked: { currentTime: number; duration: number };
  ended: { currentTime: number; duration: number };
  /** The source's first picture is in (loadeddata). */
  'first-frame': { currentTime: number };
  /** The quality on screen changed (the engine's index, and its height when known). */
  rendition: { index: number; height: number | undefined };
  'audio-track': { index: number };
  /** The subtitle track shown, undefined when off. */
  'text-track': { id: string | undefined };
  /**
   * A fatal playback error (after every engine that could play the source has failed); or,
   * recoverable (category 'internal'), a listener of this map that threw.
   */
  error: { error: PlayerError };
  /** The episode on screen and its voice-over: the first one and each change (the app reports it). */
  episode: { episodeId: number; variantId: number | undefined };
  /**
   * What the ads report (src/ads): a break is set up (ad_init) and asked for (ad_break_request),
   * each ad loads, plays, pauses, ends or fails (ad_error, with its VAST error code), its time (at
   * most once a second), its skip button and its click-through. Ad time is never content time:
   * the film's own events stop while the film is paused behind the ad.
   */
  ad: { event: AdEventName; breakType: 'preroll' | 'midroll'; adId: string | undefined; currentTime: number; duration: number; errorCode?: number };
  /**
   * An ad break began (the film is held behind it) or ended. Its span is the ads': never the
   * content's start-up time nor its rebuffering.
   */
  'ad-break': { state: 'start' | 'end'; breakType: 'preroll' | 'midroll' };
  /** What the viewer opened in the player's own interface (analytics: popups, the AirPlay button). */
  ui: { action: 'popup_open'; popup: 'settings' | 'episodes' | 'variants' | 'subtitles' | 'share' } | { action: 'airplay_icon_click' };
  /**
   * Play was asked for (a click, a host, autoplay), reported at once, before the request gate
   * decides: an ad break holding the gate starts its ad from the viewer's own gesture.
   */
  'play-requested': Record<string, never>;
  /** The browser refused to start playback without the viewer's gesture (autoplay policy). */
  'play-blocked': Record<string, never>;
  /** An episode is about to open (the first and each change; not a voice-over change): a preroll comes first. */
  'episode-opening': { episodeId: number };
  /** The intro was skipped to its end: by the viewer's button (`auto` false) or their 'always skip' choice. */
  'intro-skip': { from: number; to: number; auto: boolean };
  /** Playback reached the episode's credits marker (once per episode view); `hasNext`: a next episode is offered. */
  'credits-start': { time: number; hasNext: boolean };
  /**
   * The data saver turned on or off, and why: the viewer, the host, or the browser's Save-Data or
   * slow connection (src/app/data-saver). Reported at each change, not at start.
   */
  'data-saver': { on: boolean; reason: 'viewer' | 'save-data' | 'network' | 'host' };
  /** Fullscreen, picture-in-picture and remote playback as they change (the app's wiring reports them). */
  presentation: { fullscreen: boolean; pictureInPicture: boolean; remote: 'disconnected' | 'connecting' | 'connected' };
}

export type PlayerEventName = keyof PlayerEventMap;

export type PlayerEventListener<K extends PlayerEventName> = (payload: PlayerEventMap[K]) => void;
/** Hears every event of the map, with its name. */
export type PlayerEventSink = <K extends PlayerEventName>(payload: PlayerEventMap[K], name: K) => void;

export interface PlayerEvents {
  /** Listens until the returned function is called or `signal` aborts. */
  on<K extends PlayerEventName>(name: K, listener: PlayerEventListener<K>, options?: { signal?: AbortSignal }): () => void;
  /** Every event, in turn with the other listeners (the app's bus, the analytics recorder). */
  onEvery(listener: PlayerEventSink, options?: { signal?: AbortSignal }): () => void;
  /** Reports: the core (from its element and engine) and the app (episodes, presentation) only. */
  emit<K extends PlayerEventName>(name: K, payload: PlayerEventMap[K]): void;
}

/**
 * Listeners hear an event in the order they came. Each is on its own: one that throws does not
 * keep the event from the rest. Its failure is logged and told as a recoverable 'error' (as
 * hls.js re-emits a handler's exception as an internal error), once: a listener that fails while
 * a failure is being told is only logged, so a broken error listener cannot start an endless round.
 */
export function createPlayerEvents(): PlayerEvents {
  /** Each listener with the one event it hears (undefined: every event). */
  type Entry = [PlayerEventName | undefined, (payload: never, name: PlayerEventName) => void];
  const listeners = new Set<Entry>();
  let telling = false;
  const listen = (name: PlayerEventName | undefined, listener: Entry[1], options?: { signal?: AbortSignal }) => {
    const entry: Entry = [name, listener];
    listeners.add(entry);
    const off = () => void listeners.delete(entry);
    options?.signal?.addEventListener('abort', off, { once: true });
    return off;
  };
  const events: PlayerEvents = {
    on: listen,
    onEvery: (listener, options) => listen(undefined, listener as Entry[1], options),
    emit(name, payload) {
      // A copy: a listener may unsubscribe (or subscribe) while the event is delivered.
      for (const [only, listener] of [...listeners]) {
        if (only && only !== name) continue;
        try {
          listener(payload as never, name);
        } catch (cause) {
          const error = describeFailure('internal', PLAYER_ERROR_CODES.LISTENER_FAILED, `${name} listener`, cause);
          logPlayerError(error);
          // emit itself never throws: every listener is caught here.
          if (!telling) {
            telling = true;
            events.emit('error', { error });
            telling = false;
          }
        }
      }
    },
  };
  return events;
}

/** The element's events the map is made of; `schedule` is the 300 ms timer (replaceable in tests). */
export function reportMediaEvents(
  video: HTMLMediaElement,
  events: PlayerEvents,
  signal: AbortSignal,
  schedule: (fn: () => void, ms: number) => () => void = (fn, ms) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
): void {
  const now = () => ({ currentTime: video.currentTime });
  const at = () => ({ currentTime: video.currentTime, duration: video.duration });
  const listen = (type: string, listener: () => void) => video.addEventListener(type, listener, { signal });
  let cancelWait: (() => void) | undefined;
  let waitingShown = false;
  const waitOver = () => {
    cancelWait?.();
    cancelWait = undefined;
    if (!waitingShown) return;
    waitingShown = false;
    events.emit('waiting', { waiting: false });
  };
  signal.addEventListener('abort', () => cancelWait?.(), { once: true });

  listen('timeupdate', () => events.emit('content-time', at()));
  listen('play', () => events.emit('play', now()));
  listen('pause', () => {
    waitOver();
    events.emit('pause', at());
  });
  listen('playing', () => {
    waitOver();
    events.emit('playing', now());
  });
  listen('waiting', () => {
    if (cancelWait || waitingShown) return;
    cancelWait = schedule(() => {
      cancelWait = undefined;
      waitingShown = true;
      events.emit('waiting', { waiting: true });
    }, WAITING_DELAY_MS);
  });
  listen('seeking', () => events.emit('seeking', now()));
  listen('seeked', () => events.emit('seeked', at()));
  listen('ended', () => {
    waitOver();
    events.emit('ended', at());
  });
  listen('loadeddata', () => events.emit('first-frame', now()));
}
