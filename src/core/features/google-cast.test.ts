import { describe, expect, it, vi } from 'vitest';
import { createGoogleCast, type CastEventLike, type CastMedia, type GoogleCastOptions } from './google-cast.ts';

/** A Cast session on the receiver; `time` is what its media session estimates (null: no media). */
class FakeSession {
  loads: FakeLoadRequest[] = [];
  loadResult: Promise<unknown> = Promise.resolve(undefined);
  time: number | null = null;
  loadMedia(request: FakeLoadRequest): Promise<unknown> {
    this.loads.push(request);
    return this.loadResult;
  }
  getMediaSession() {
    const { time } = this;
    return time === null ? null : { getEstimatedTime: () => time };
  }
}

/** CastContext: the test plays device discovery, the picker and the session life cycle. */
class FakeContext {
  options: unknown;
  castState = 'NO_DEVICES_AVAILABLE';
  session: FakeSession | null = null;
  requests = 0;
  ended = 0;
  /** What the picker does: by default the viewer picks a device and a session starts. */
  picker: () => Promise<unknown> = async () => {
    this.session = new FakeSession();
    this.sessionState('SESSION_STARTED');
  };
  listeners = new Map<string, Set<(event: CastEventLike) => void>>();
  setOptions(options: unknown) {
    this.options = options;
  }
  getCastState = () => this.castState;
  getCurrentSession = () => this.session;
  requestSession() {
    this.requests += 1;
    return this.picker();
  }
  endCurrentSession() {
    this.ended += 1;
  }
  addEventListener(type: string, handler: (event: CastEventLike) => void) {
    this.listeners.set(type, (this.listeners.get(type) ?? new Set()).add(handler));
  }
  removeEventListener(type: string, handler: (event: CastEventLike) => void) {
    this.listeners.get(type)?.delete(handler);
  }
  emit(type: string, event: CastEventLike) {
    for (const handler of [...(this.listeners.get(type) ?? [])]) handler(event);
  }
  moveTo(castState: string) {
    this.castState = castState;
    this.emit('caststatechanged', { castState });
  }
  sessionState(sessionState: string, session = this.session) {
    this.emit('sessionstatechanged', { sessionState, session });
  }
}

class FakeImage {
  url: string;
  constructor(url: string) {
    this.url = url;
  }
}
class FakeMediaInfo {
  contentId: string;
  contentType: string;
  metadata: unknown = null;
  constructor(contentId: string, contentType: string) {
    this.contentId = contentId;
    this.contentType = contentType;
  }
}
class FakeLoadRequest {
  media: FakeMediaInfo;
  currentTime: number | null = null;
  autoplay = false;
  constructor(media: FakeMediaInfo) {
    this.media = media;
  }
}

/** What cast_sender.js (with the framework) leaves on the window, as the real enums spell it. */
function fakeSdk(context: FakeContext) {
  const states = ['NO_SESSION', 'SESSION_STARTING', 'SESSION_STARTED', 'SESSION_START_FAILED', 'SESSION_ENDING', 'SESSION_ENDED', 'SESSION_RESUMED'];
  return {
    cast: {
      framework: {
        CastContext: { getInstance: () => context },
        CastContextEventType: { CAST_STATE_CHANGED: 'caststatechanged', SESSION_STATE_CHANGED: 'sessionstatechanged' },
        CastState: { NO_DEVICES_AVAILABLE: 'NO_DEVICES_AVAILABLE', NOT_CONNECTED: 'NOT_CONNECTED', CONNECTING: 'CONNECTING', CONNECTED: 'CONNECTED' },
        SessionState: Object.fromEntries(states.map((state) => [state, state])),
      },
    },
    chrome: {
      cast: {
        AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped', PAGE_SCOPED: 'page_scoped' },
        ErrorCode: { CANCEL: 'cancel', RECEIVER_UNAVAILABLE: 'receiver_unavailable' },
        Image: FakeImage,
        media: {
          DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845',
          MediaInfo: FakeMediaInfo,
          LoadRequest: FakeLoadRequest,
          GenericMediaMetadata: class {},
        },
      },
    },
  };
}

const MEDIA: CastMedia = { url: 'https://cdn.test/film/master.m3u8', contentType: 'application/x-mpegurl', title: 'Фильм', posterUrl: 'https://cdn.test/poster.jpg', currentTime: 83.5 };

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A player whose SDK script loads (installing the fake framework) and then waits for the API callback. */
function setup(overrides: Partial<GoogleCastOptions> = {}) {
  const context = new FakeContext();
  const win: GoogleCastOptions['win'] = {};
  const loadScript = vi.fn(async () => {
    Object.assign(win, fakeSdk(context));
  });
  const options = { loadScript, win, media: vi.fn(() => MEDIA), onConnected: vi.fn(), onDisconnected: vi.fn(), log: vi.fn(), ...overrides };
  const cast = createGoogleCast(options);
  const apiAvailable = async (available = true) => {
    await settle();
    win.__onGCastApiAvailable?.(available);
  };
  return { context, win, cast, options, apiAvailable };
}

describe('createGoogleCast', () => {
  it('loads the script once and initialises the framework only after the API-available callback', async () => {
    const { context, cast, options, apiAvailable } = setup();
    expect(options.loadScript).toHaveBeenCalledTimes(1);
    await settle();
    expect(context.options).toBeUndefined();
    context.castState = 'NOT_CONNECTED';
    await apiAvailable();
    expect(context.options).toEqual({ receiverApplicationId: 'CC1AD845', autoJoinPolicy: 'origin_scoped' });
    expect(cast.store.getState()).toEqual({ available: true, state: 'disconnected' });
    expect(options.loadScript).toHaveBeenCalledTimes(1);
  });

  it('hears an SDK that calls back while its script runs, and uses one already on the window at once', () => {
    const context = new FakeContext();
    const win: GoogleCastOptions['win'] = {};
    const loadScript = vi.fn(async () => {
      Object.assign(win, fakeSdk(context));
      win.__onGCastApiAvailable?.(true);
    });
    const base = { media: () => MEDIA, onConnected: () => undefined, onDisconnected: () => undefined };
    context.castState = 'NOT_CONNECTED';
    expect(createGoogleCast({ ...base, win, loadScript }).store.getState().available).toBe(true);

    const again = vi.fn(async () => undefined);
    expect(createGoogleCast({ ...base, win, loadScript: again }).store.getState().available).toBe(true);
    expect(again).not.toHaveBeenCalled();
  });

  it('changes state only on the framework’s cast state events', async () => {
    const { context, cast, apiAvailable } = setup();
    await apiAvailable();
    expect(cast.store.getState()).toEqual({ available: false, state: 'disconnected' });
    context.moveTo('NOT_CONNECTED');
    expect(cast.store.getState()).toEqual({ available: true, state: 'disconnected' });

    context.picker = () => new Promise(() => undefined);
    cast.pick();
    expect(context.requests).toBe(1);
    expect(cast.store.getState().state).toBe('disconnected');
    context.moveTo('CONNECTING');
    expect(cast.store.getState()).toEqual({ available: true, state: 'connecting' });
    context.moveTo('CONNECTED');
    expect(cast.store.getState()).toEqual({ available: true, state: 'connected' });
    context.moveTo('NO_DEVICES_AVAILABLE');
    expect(cast.store.getState()).toEqual({ available: false, state: 'disconnected' });
  });

  it('loads the current stream, title, poster and position on the new session, autoplaying', async () => {
    let connected = false;
    const { context, cast, options, apiAvailable } = setup({
      onConnected: () => (connected = true),
      // The position is read once the session has started (the app has paused the local video by then).
      media: () => ({ ...MEDIA, currentTime: connected ? 90 : 0 }),
    });
    await apiAvailable();
    context.moveTo('NOT_CONNECTED');
    cast.pick();
    await settle();
    expect(connected).toBe(true);
    const [request] = context.session?.loads ?? [];
    expect(request).toMatchObject({ currentTime: 90, autoplay: true });
    expect(request?.media).toMatchObject({ contentId: MEDIA.url, contentType: 'application/x-mpegurl' });
    expect(request?.media.metadata).toEqual({ title: 'Фильм', images: [new FakeImage('https://cdn.test/poster.jpg')] });
    expect(options.log).not.toHaveBeenCalled();

    // Re-opening the picker while casting (to stop, say) does not restart the remote playback.
    context.picker = async () => undefined;
    cast.pick();
    await settle();
    expect(context.session?.loads).toHaveLength(1);
  });

  it('logs nothing when the viewer closes the picker, and logs other failures', async () => {
    const { context, cast, options, apiAvailable } = setup();
    await apiAvailable();
    context.moveTo('NOT_CONNECTED');
    context.picker = () => Promise.reject('cancel');
    cast.pick();
    await settle();
    expect(options.log).not.toHaveBeenCalled();

    context.picker = () => Promise.reject('receiver_unavailable');
    cast.pick();
    await settle();
    expect(options.log).toHaveBeenCalledWith('google cast: casting failed', 'receiver_unavailable');

    context.picker = async () => {
      context.session = Object.assign(new FakeSession(), { loadResult: Promise.reject('load_media_failed') });
    };
    cast.pick();
    await settle();
    expect(options.log).toHaveBeenLastCalledWith('google cast: casting failed', 'load_media_failed');
  });

  it('does nothing on pick while no device is available', async () => {
    const { context, cast, apiAvailable } = setup();
    cast.pick();
    await apiAvailable();
    cast.pick();
    expect(context.requests).toBe(0);
  });

  it('reports the connection and, when it ends, the last remote time', async () => {
    const { context, options, apiAvailable } = setup();
    await apiAvailable();
    const session = new FakeSession();
    context.session = session;
    context.sessionState('SESSION_RESUMED');
    expect(options.onConnected).toHaveBeenCalledTimes(1);
    session.time = 1234.5;
    context.sessionState('SESSION_ENDING');
    session.time = null;
    context.session = null;
    context.sessionState('SESSION_ENDED', session);
    expect(options.onDisconnected).toHaveBeenCalledExactlyOnceWith(1234.5);

    context.session = new FakeSession();
    context.sessionState('SESSION_STARTED');
    context.sessionState('SESSION_ENDED', null);
    expect(options.onDisconnected).toHaveBeenLastCalledWith(undefined);
    expect(options.onConnected).toHaveBeenCalledTimes(2);
  });

  it('stays unavailable, logging once, when the API reports it is not available', async () => {
    const { context, cast, options, apiAvailable } = setup();
    await apiAvailable(false);
    await apiAvailable(false);
    expect(cast.store.getState().available).toBe(false);
    expect(context.options).toBeUndefined();
    expect(options.log).toHaveBeenCalledTimes(1);
  });

  it('stays unavailable, logging once, when the script fails to load', async () => {
    const { cast, options } = setup({ loadScript: () => Promise.reject(new Error('blocked')) });
    await settle();
    expect(cast.store.getState().available).toBe(false);
    expect(options.log).toHaveBeenCalledExactlyOnceWith('google cast: sender SDK not available', new Error('blocked'));
  });

  it('stops following the framework on destroy and leaves the remote session running', async () => {
    const { context, win, cast, options, apiAvailable } = setup();
    await apiAvailable();
    context.moveTo('NOT_CONNECTED');
    context.picker = () => new Promise(() => undefined);
    cast.destroy();
    cast.destroy();
    context.moveTo('CONNECTED');
    context.sessionState('SESSION_STARTED', new FakeSession());
    cast.pick();
    expect(cast.store.getState()).toEqual({ available: true, state: 'disconnected' });
    expect(options.onConnected).not.toHaveBeenCalled();
    expect(context.requests).toBe(0);
    expect(context.ended).toBe(0);
    expect([...context.listeners.values()].every((set) => set.size === 0)).toBe(true);
    expect(win.__onGCastApiAvailable).toBeUndefined();
  });

  it('initialises nothing when destroyed before the API becomes available', async () => {
    const { context, win, cast } = setup();
    const callback = win.__onGCastApiAvailable;
    cast.destroy();
    await settle();
    callback?.(true);
    expect(context.options).toBeUndefined();
    expect(cast.store.getState().available).toBe(false);
  });
});
