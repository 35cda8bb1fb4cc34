import { createStore, type Store } from '../store.ts';
import type { RemoteConnectionState } from './airplay.ts';

/** What the Google Cast button renders; it shows only while `available` (SPEC.md sections 2, 4). */
export interface GoogleCastState {
  available: boolean;
  state: RemoteConnectionState;
}

/** What to cast: the current stream and position, read when a session starts. */
export interface CastMedia {
  url: string;
  contentType: string;
  title: string;
  posterUrl?: string;
  /** Seconds; the receiver starts there. */
  currentTime: number;
}

export interface GoogleCastOptions {
  /** Loads the sender SDK script (the app injects a <script src=castSenderUrl>); resolves when it has run. */
  loadScript(): Promise<void>;
  /** The global object the SDK writes to (window); tests pass a fake. */
  win: { cast?: unknown; chrome?: unknown; __onGCastApiAvailable?: (available: boolean) => void };
  /** What to cast when a session starts; undefined casts nothing. */
  media(): CastMedia | undefined;
  /** A session started or was resumed: the app pauses the local video. */
  onConnected(): void;
  /** The session ended; `remoteTime` (seconds, undefined if unknown) is where local playback can resume. */
  onDisconnected(remoteTime: number | undefined): void;
  /** Default: console.debug. */
  log?: (message: string, error: unknown) => void;
}

export interface GoogleCast {
  readonly store: Store<GoogleCastState>;
  /** Opens the SDK's device picker and, once a new session starts, loads `media()` on it. */
  pick(): void;
  /** Stops listening; idempotent. It does not end the remote session: the viewer may keep watching on the TV. */
  destroy(): void;
}

/** The part of `cast.framework` (the Framework API) the controller calls. */
export interface CastFrameworkLike {
  CastContext: { getInstance(): CastContextLike };
  CastContextEventType: { CAST_STATE_CHANGED: string; SESSION_STATE_CHANGED: string };
  CastState: { NO_DEVICES_AVAILABLE: string; CONNECTING: string; CONNECTED: string };
  SessionState: { SESSION_STARTED: string; SESSION_RESUMED: string; SESSION_ENDING: string; SESSION_ENDED: string };
}

export interface CastContextLike {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void;
  getCastState(): string;
  /** Rejects with a chrome.cast.ErrorCode ('cancel' when the viewer closes the picker). */
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSessionLike | null;
  addEventListener(type: string, handler: (event: CastEventLike) => void): void;
  removeEventListener(type: string, handler: (event: CastEventLike) => void): void;
}

/** CastStateEventData and SessionStateEventData in one shape. */
export type CastEventLike = { castState?: string; sessionState?: string; session?: CastSessionLike | null };

export type CastSessionLike = { loadMedia(request: object): Promise<unknown>; getMediaSession(): { getEstimatedTime(): number } | null };

/** The part of `chrome.cast` (the Base API) the controller calls. */
export interface ChromeCastLike {
  AutoJoinPolicy: { ORIGIN_SCOPED: string };
  ErrorCode: { CANCEL: string };
  Image: new (url: string) => object;
  media: {
    DEFAULT_MEDIA_RECEIVER_APP_ID: string;
    MediaInfo: new (contentId: string, contentType: string) => { metadata?: object | null };
    GenericMediaMetadata: new () => { title?: string; images?: object[] };
    LoadRequest: new (mediaInfo: object) => { currentTime?: number | null; autoplay?: boolean };
  };
}

type Sdk = { framework: CastFrameworkLike; chromeCast: ChromeCastLike };

function findSdk(win: GoogleCastOptions['win']): Sdk | undefined {
  const framework = (win.cast as { framework?: CastFrameworkLike } | undefined)?.framework;
  const chromeCast = (win.chrome as { cast?: ChromeCastLike } | undefined)?.cast;
  return framework?.CastContext && chromeCast?.media ? { framework, chromeCast } : undefined;
}

function loadRequest({ Image, media: api }: ChromeCastLike, media: CastMedia): object {
  const metadata = new api.GenericMediaMetadata();
  metadata.title = media.title;
  metadata.images = media.posterUrl === undefined ? [] : [new Image(media.posterUrl)];
  const info = new api.MediaInfo(media.url, media.contentType);
  info.metadata = metadata;
  const request = new api.LoadRequest(info);
  request.currentTime = media.currentTime;
  request.autoplay = true;
  return request;
}

/**
 * Google Cast through the Cast Web Sender SDK. The SDK is a third-party script, so the app
 * creates this only when the host opted in, and `loadScript` knows its URL (SPEC.md section 7).
 * `state` follows the framework's CAST_STATE_CHANGED events only; requests never write it.
 */
export function createGoogleCast(options: GoogleCastOptions): GoogleCast {
  const { win, log = (message: string, error: unknown) => console.debug(message, error) } = options;
  const store = createStore<GoogleCastState>({ available: false, state: 'disconnected' });
  const lifetime = new AbortController();
  const { signal } = lifetime;
  let sdk: (Sdk & { context: CastContextLike }) | undefined;
  let failed = false;
  let inSession = false;
  let remoteTime: number | undefined;

  const unavailable = (error: unknown) => {
    if (!failed && !signal.aborted) log('google cast: sender SDK not available', error);
    failed = true;
  };

  function start(available: boolean) {
    if (signal.aborted || sdk) return;
    const found = available ? findSdk(win) : undefined;
    if (!found) return unavailable(new Error(available ? 'cast.framework missing' : 'Cast API not available'));
    const { framework, chromeCast } = found;
    const context = framework.CastContext.getInstance();
    sdk = { ...found, context };
    const { media: { DEFAULT_MEDIA_RECEIVER_APP_ID: receiverApplicationId }, AutoJoinPolicy } = chromeCast;
    context.setOptions({ receiverApplicationId, autoJoinPolicy: AutoJoinPolicy.ORIGIN_SCOPED });
    const { CastState, SessionState, CastContextEventType: types } = framework;
    const sync = (castState: string) =>
      store.update({
        available: castState !== CastState.NO_DEVICES_AVAILABLE,
        state: castState === CastState.CONNECTED ? 'connected' : castState === CastState.CONNECTING ? 'connecting' : 'disconnected',
      });
    // The media session can be gone once the session has ended, so the time is also read while it ends.
    const remember = (session: CastSessionLike | null | undefined) => {
      const time = (session ?? context.getCurrentSession())?.getMediaSession()?.getEstimatedTime();
      if (typeof time === 'number' && Number.isFinite(time)) remoteTime = time;
    };
    const onCastState = ({ castState }: CastEventLike) => sync(castState ?? context.getCastState());
    const onSessionState = ({ sessionState, session }: CastEventLike) => {
      const ended = sessionState === SessionState.SESSION_ENDED;
      if (ended || sessionState === SessionState.SESSION_ENDING) remember(session);
      if (ended && inSession) {
        inSession = false;
        options.onDisconnected(remoteTime);
      } else if (!inSession && (sessionState === SessionState.SESSION_STARTED || sessionState === SessionState.SESSION_RESUMED)) {
        inSession = true;
        remoteTime = undefined;
        options.onConnected();
      }
    };
    // The SDK's listeners are not an EventTarget's: they go when the lifetime ends.
    context.addEventListener(types.CAST_STATE_CHANGED, onCastState);
    context.addEventListener(types.SESSION_STATE_CHANGED, onSessionState);
    signal.addEventListener('abort', () => {
      context.removeEventListener(types.CAST_STATE_CHANGED, onCastState);
      context.removeEventListener(types.SESSION_STATE_CHANGED, onSessionState);
    });
    sync(context.getCastState());
  }

  // The SDK calls window.__onGCastApiAvailable once it has loaded, so it is set before loading.
  const previous = win.__onGCastApiAvailable;
  const onAvailable = (available: boolean) => {
    previous?.(available);
    start(available);
  };
  if (findSdk(win)) start(true);
  else {
    win.__onGCastApiAvailable = onAvailable;
    // A loader that throws instead of rejecting is a failed load too.
    new Promise<void>((resolve) => resolve(options.loadScript())).catch(unavailable);
  }

  return {
    store,
    pick() {
      if (!sdk || signal.aborted || !store.getState().available) return;
      const { context, chromeCast } = sdk;
      const before = context.getCurrentSession();
      context.requestSession().then(() => {
        const session = context.getCurrentSession();
        // Only a new session gets the media: re-opening the picker while casting must not restart it.
        if (signal.aborted || !session || session === before) return;
        const media = options.media();
        return media && session.loadMedia(loadRequest(chromeCast, media));
      }).catch((error: unknown) => {
        // The SDK rejects with a bare chrome.cast.ErrorCode string, the Base API with a chrome.cast.Error.
        const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : error;
        if (code !== chromeCast.ErrorCode.CANCEL) log('google cast: casting failed', error);
      });
    },
    destroy() {
      if (signal.aborted) return;
      lifetime.abort();
      if (win.__onGCastApiAvailable === onAvailable) win.__onGCastApiAvailable = previous;
    },
  };
}
