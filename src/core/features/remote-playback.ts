import { createStore, type Store } from '../store.ts';
import type { RemoteConnectionState } from './airplay.ts';

/** What the cast button renders; it shows only while `available`. */
export interface RemotePlaybackState {
  available: boolean;
  state: RemoteConnectionState;
}

/** The standard RemotePlayback object of a media element, as far as the player uses it. */
export interface RemotePlaybackLike extends Pick<EventTarget, 'addEventListener'> {
  readonly state: RemoteConnectionState;
  watchAvailability(callback: (available: boolean) => void): Promise<number>;
  cancelWatchAvailability(id?: number): Promise<void>;
  prompt(): Promise<void>;
}

export interface RemotePlaybackVideo {
  readonly remote?: RemotePlaybackLike;
  readonly disableRemotePlayback?: boolean;
}

export interface RemotePlaybackOptions {
  video: RemotePlaybackVideo;
}

export interface RemotePlaybackController {
  readonly store: Store<RemotePlaybackState>;
  /**
   * Opens the browser's device picker (which also offers to disconnect). A dismissed picker
   * resolves; where no device can be reached it rejects with Error('Cast is not available'),
   * code 'CAST_NOT_AVAILABLE' (SPEC.md section 8).
   */
  prompt(): Promise<void>;
  /** Stops listening and watching; idempotent. */
  destroy(): void;
}

/** The error SPEC.md section 8 names for casting where it cannot happen. */
export function castNotAvailable(): Error & { code: 'CAST_NOT_AVAILABLE' } {
  return Object.assign(new Error('Cast is not available'), { code: 'CAST_NOT_AVAILABLE' as const });
}

/**
 * Casting through the standard Remote Playback API (Chrome's Cast for media elements, Safari's
 * AirPlay), so no third-party sender script is loaded. With a MediaSource source Chrome reports
 * no devices: the button then stays hidden, which is expected. Requests only ask; `state`
 * follows the connecting / connect / disconnect events.
 */
export function createRemotePlayback({ video }: RemotePlaybackOptions): RemotePlaybackController {
  const remote = video.disableRemotePlayback === true ? undefined : video.remote;
  const store = createStore<RemotePlaybackState>({ available: false, state: remote?.state ?? 'disconnected' });
  const lifetime = new AbortController();
  const { signal } = lifetime;
  let watchId: number | undefined;

  if (remote) {
    const sync = () => store.update({ state: remote.state });
    for (const type of ['connecting', 'connect', 'disconnect']) remote.addEventListener(type, sync, { signal });
    remote
      .watchAvailability((available) => {
        if (!signal.aborted) store.update({ available });
      })
      .then((id) => {
        watchId = id;
        if (signal.aborted) stopWatching(remote);
      })
      // NotSupportedError (a low-end device, a source the browser will not cast): no button, no error.
      .catch((error: unknown) => console.debug('remote playback: availability not watched', error));
  }

  function stopWatching(target: RemotePlaybackLike) {
    if (watchId === undefined) return;
    target.cancelWatchAvailability(watchId).catch(() => undefined);
    watchId = undefined;
  }

  return {
    store,
    async prompt() {
      if (signal.aborted) return;
      const { available, state } = store.getState();
      // While connected the picker is how the viewer disconnects, whatever availability says.
      if (!remote || (!available && state === 'disconnected')) throw castNotAvailable();
      try {
        await remote.prompt();
      } catch (error) {
        // The viewer closed the picker: nothing to report.
        if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return;
        throw error;
      }
    },
    destroy() {
      if (signal.aborted) return;
      lifetime.abort();
      if (remote) stopWatching(remote);
    },
  };
}
