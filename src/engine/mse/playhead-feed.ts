import type { PlaybackSnapshot } from '../../../workers/engine/engine-protocol.ts';

export interface PlayheadChannel {
  seek(time: number): void;
  update(snapshot: PlaybackSnapshot): void;
}

export interface PlayheadFeed {
  /** The element started seeking to `time`. */
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
  return {
    seek(time) {
      channel.seek(time);
      if (known) known = { ...known, currentTime: time, seeking: true };
    },
    report(snapshot) {
      if (known && same(known, snapshot)) return;
      known = { ...snapshot };
      channel.update(snapshot);
    },
  };
}
