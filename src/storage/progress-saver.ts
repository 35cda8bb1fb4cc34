/** SPEC.md section 9: "Progress save throttle 10 s". */
export const PROGRESS_SAVE_THROTTLE_MS = 10_000;

export interface ProgressSaverOptions {
  /** Writes the time, e.g. through saveEpisodeProgress for the current episode and variant. */
  save: (time: number) => void;
  /** Default PROGRESS_SAVE_THROTTLE_MS. */
  throttleMs?: number;
  /** Default Date.now. */
  now?: () => number;
}

export interface ProgressSaver {
  /** The playback time moved: saved if the last save (or the first update) is throttleMs old. */
  update(time: number): void;
  /** Saves the latest unsaved time now; call on pause, episode change and page hide. */
  flush(): void;
  /** Drops the unsaved time; later calls do nothing. Flush first to keep it. */
  destroy(): void;
}

/**
 * Throttles progress saves to one per throttleMs, driven by update() alone: no timers and no
 * DOM listeners here (the app calls flush() on pause, episode change and pagehide).
 *
 * The first update does not save: it opens the window. At load the element reports 0 before the
 * resume seek, and saving that at once would overwrite the time the resume window is about to
 * offer (SPEC.md section 4). A time equal to the last saved one is never saved again.
 */
export function createProgressSaver(options: ProgressSaverOptions): ProgressSaver {
  const { save, throttleMs = PROGRESS_SAVE_THROTTLE_MS, now = Date.now } = options;
  let windowStart: number | undefined;
  let pending: number | undefined;
  let lastSaved: number | undefined;
  let destroyed = false;

  const saveNow = (at: number) => {
    windowStart = at;
    const time = pending;
    pending = undefined;
    if (time === undefined || time === lastSaved) return;
    lastSaved = time;
    save(time);
  };

  return {
    update(time) {
      if (destroyed || !Number.isFinite(time) || time < 0) return;
      pending = time;
      const at = now();
      if (windowStart === undefined) windowStart = at;
      else if (at - windowStart >= throttleMs) saveNow(at);
    },
    flush() {
      if (!destroyed) saveNow(now());
    },
    destroy() {
      destroyed = true;
      pending = undefined;
    },
  };
}
