import type { PlaybackSnapshot } from '../../../workers/engine/engine-protocol.ts';

export interface PlayheadChannel {
  seek(time: number): void;
  update(snapshot: PlaybackSnapshot): void;
}

export interface PlayheadFeed {
  /** The element started seeking to `time` (told once however often it is heard before the seek ends). */
  seek(time: number): void;
  /** The element's state after one of its events; sent only when the worker does not have it. */
  report(snapshot: PlaybackSnapshot): void;
}

const same = (a: PlaybackSnapshot, b: PlaybackSnapshot) =>
  a.currentTime === b.currentTime && a.seeking === b.seeking && a.paused === b.paused;

/**
 * What the engine worker is told about the playhead. A seek inside the buffer fires several
 * element events (seeking, waiting, timeupdate, seeked, playing) and most of them describe what
 * the worker already holds: it took the target and `seeking` from the seek itself. Each message
 * costs the page's main thread a post and a reply while the browser finishes the seek there, so
 * only a snapshot that differs from the worker's view goes out.
 */
export function createPlayheadFeed(channel: PlayheadChannel): PlayheadFeed {
  /** The worker's view, as it updates it on each message (engine.api.ts's seek and update). */
  let known: PlaybackSnapshot | undefined;
  /** The seek the worker was told of, until the element says it is over: heard at the time's assignment and again at 'seeking'. */
  let told: number | undefined;
  return {
    seek(time) {
      if (told === time) return;
      told = time;
      channel.seek(time);
      if (known) known = { ...known, currentTime: time, seeking: true };
    },
    report(snapshot) {
      if (!snapshot.seeking) told = undefined;
      if (known && same(known, snapshot)) return;
      known = { ...snapshot };
      channel.update(snapshot);
    },
  };
}

/**
 * Calls `listener` with the target as soon as a script sets the element's currentTime (the
 * player's controls, the host's API, a page's own script) and a seek starts: the element's
 * 'seeking' event comes a task later, behind whatever the main thread has queued (on a slow
 * phone, tens of milliseconds of the player's own work), and the worker's request with it.
 */
export function hearTimeSets(video: HTMLMediaElement, listener: (time: number) => void, signal: AbortSignal): void {
  const property = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'currentTime');
  const { get, set } = property ?? {};
  if (!get || !set || Object.getOwnPropertyDescriptor(video, 'currentTime')) return;
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    enumerable: true,
    get: () => get.call(video) as number,
    set: (value: number) => {
      set.call(video, value);
      if (video.seeking) listener(get.call(video) as number);
    },
  });
  signal.addEventListener('abort', () => Reflect.deleteProperty(video, 'currentTime'), { once: true });
}
