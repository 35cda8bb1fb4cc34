import type { Schedule } from './schedule.ts';

/** A pointer that rests this long over one place of the seek bar (hover or drag) means intent. */
export const SEEK_REST_MS = 150;
/** Times closer than this to the last hint are the same place: no second hint. */
export const SAME_PLACE_SECONDS = 1;

export interface SeekIntentOptions {
  schedule: Schedule;
  /** The hint (PlayerCore.prefetch through the controls' host, which drops it during an ad). */
  prefetch(time: number): void;
}

/**
 * Where the viewer is about to seek, told to the engine before the seek (PlayerCore.prefetch):
 * a pointer resting SEEK_REST_MS at a time over the seek bar, hovering or dragging, and the
 * accumulated target of held or repeated seek keys, at once. One hint per new place.
 */
export interface SeekIntent {
  /** The pointer is over the bar at `time` (hover or drag): hinted once it rests there. */
  pointerAt(time: number): void;
  /** The pointer left the bar or the drag ended: a hint not yet sent is dropped. */
  pointerGone(): void;
  /** The target of a held or repeated seek key, counted from the last one: hinted at once. */
  keyHeld(target: number): void;
  /** Drops what is pending; idempotent. */
  dispose(): void;
}

export function createSeekIntent({ schedule, prefetch }: SeekIntentOptions): SeekIntent {
  let hinted: number | undefined;
  let resting: { time: number; cancel: () => void } | undefined;
  const samePlace = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < SAME_PLACE_SECONDS;
  const hint = (time: number) => {
    if (!Number.isFinite(time) || samePlace(hinted, time)) return;
    hinted = time;
    prefetch(time);
  };
  const pointerGone = () => {
    resting?.cancel();
    resting = undefined;
  };
  return {
    pointerAt(time) {
      // A jitter within one place does not restart the rest.
      if (resting && samePlace(resting.time, time)) return;
      pointerGone();
      const cancel = schedule(() => {
        resting = undefined;
        hint(time);
      }, SEEK_REST_MS);
      resting = { time, cancel };
    },
    pointerGone,
    keyHeld: hint,
    dispose: pointerGone,
  };
}
