import { createStore, type Store } from '../store.ts';

/** Remote playback as the controls show it (SPEC.md section 4). */
export type RemoteConnectionState = 'disconnected' | 'connecting' | 'connected';

/** What the AirPlay button renders; it shows only while `available` (SPEC.md section 2). */
export interface AirPlayState {
  available: boolean;
  state: RemoteConnectionState;
}

/** The video: WebKit's playback-target members and events. */
export interface AirPlayVideo extends Pick<EventTarget, 'addEventListener'> {
  readonly webkitCurrentPlaybackTargetIsWireless?: boolean;
  webkitShowPlaybackTargetPicker?: () => void;
}

/** The window, read only to learn whether WebKit's WebKitPlaybackTargetAvailabilityEvent exists. */
export type AirPlayWindow = object;

export interface AirPlayOptions {
  video: AirPlayVideo;
  win: AirPlayWindow;
}

export interface AirPlay {
  readonly store: Store<AirPlayState>;
  /** Opens the system's AirPlay picker; does nothing where AirPlay does not exist. */
  showPicker(): void;
  /** Stops listening; idempotent. */
  destroy(): void;
}

/**
 * AirPlay through WebKit's playback-target events (Safari only). WebKit reports no intermediate
 * step, so `state` goes straight from 'disconnected' to 'connected'; where Safari also offers the
 * Remote Playback API (remote-playback.ts), that one reports 'connecting'.
 */
export function createAirPlay({ video, win }: AirPlayOptions): AirPlay {
  const exists = 'WebKitPlaybackTargetAvailabilityEvent' in win;
  const connection = (): RemoteConnectionState => (video.webkitCurrentPlaybackTargetIsWireless === true ? 'connected' : 'disconnected');
  const store = createStore<AirPlayState>({ available: false, state: exists ? connection() : 'disconnected' });
  const lifetime = new AbortController();
  const { signal } = lifetime;

  if (exists) {
    video.addEventListener(
      'webkitplaybacktargetavailabilitychanged',
      (event) => store.update({ available: (event as Event & { availability?: string }).availability === 'available' }),
      { signal },
    );
    video.addEventListener('webkitcurrentplaybacktargetiswirelesschanged', () => store.update({ state: connection() }), { signal });
  }

  return {
    store,
    showPicker() {
      if (exists && !signal.aborted) video.webkitShowPlaybackTargetPicker?.();
    },
    destroy: () => lifetime.abort(),
  };
}
