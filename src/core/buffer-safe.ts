import type { PlayerEvents } from './events.ts';
import { bufferedAhead } from './media-element-state.ts';

/** Seconds buffered ahead of the playhead that make the film safe from a stall for a while. */
export const SAFE_AHEAD_SECONDS = 10;
/** After the first picture, the moment comes at the latest this late: a slow link waits no longer. */
export const SAFE_AT_THE_LATEST_MS = 10_000;

/** The element's events after which its buffer may have grown. */
const BUFFER_EVENTS = ['progress', 'timeupdate', 'canplaythrough', 'seeked', 'durationchange'] as const;

/**
 * Whether the film can do without the network for a while: SAFE_AHEAD_SECONDS buffered ahead of
 * the playhead, or the buffer reaches the end of the media.
 */
export function bufferIsSafe(video: Pick<HTMLVideoElement, 'currentTime' | 'duration' | 'buffered'>): boolean {
  const ahead = bufferedAhead(video as HTMLVideoElement);
  return ahead >= SAFE_AHEAD_SECONDS || (ahead > 0 && video.currentTime + ahead >= video.duration - 0.1);
}

export interface BufferSafeOptions {
  video: HTMLVideoElement;
  /** The player event map: 'first-frame' starts the watch, a fatal 'error' ends it at once. */
  events: Pick<PlayerEvents, 'on'>;
  /** Stops watching; the promise then never resolves. */
  signal?: AbortSignal | undefined;
}

/**
 * The moment what the viewer does not need yet may use the link (the UI's menus, analytics, the
 * error reporter, thumbnails, the device fingerprint, an ad for later): after the first picture,
 * once the buffer is safe (bufferIsSafe), or SAFE_AT_THE_LATEST_MS after the first picture at the
 * latest. A fatal error ends the wait at once: nothing will compete with the film any more.
 */
export function whenBufferSafe({ video, events, signal }: BufferSafeOptions): Promise<void> {
  return new Promise((resolve) => {
    const watching = new AbortController();
    const on = { signal: signal ? AbortSignal.any([signal, watching.signal]) : watching.signal };
    const done = () => {
      watching.abort();
      resolve();
    };
    const check = () => bufferIsSafe(video) && done();
    events.on('error', done, on);
    events.on('first-frame', () => {
      const deadline = setTimeout(done, SAFE_AT_THE_LATEST_MS);
      on.signal.addEventListener('abort', () => clearTimeout(deadline));
      for (const type of BUFFER_EVENTS) video.addEventListener(type, check, on);
      check();
    }, on);
  });
}
