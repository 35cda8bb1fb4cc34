import type { Schedule } from '../../ui/interaction/schedule.ts';

export interface Countdown {
  /** Stops it; onDone will not run. Harmless after it ran or was stopped. */
  cancel(): void;
}

/**
 * Counts whole seconds down to 0: `onTick(n)` at once with `seconds`, then with each second left,
 * and `onDone()` when none is. The remaining time is read from `now()` at each tick, so a late
 * timer (a throttled phone) shows the true time left instead of stretching the wait.
 */
export function startCountdown(options: {
  seconds: number;
  onTick(secondsLeft: number): void;
  onDone(): void;
  schedule: Schedule;
  now: () => number;
}): Countdown {
  const { seconds, onTick, onDone, schedule, now } = options;
  const endsAt = now() + seconds * 1000;
  let cancelTimer: (() => void) | undefined;
  let over = false;
  const tick = () => {
    if (over) return;
    const left = Math.ceil((endsAt - now()) / 1000);
    if (left <= 0) {
      over = true;
      onDone();
      return;
    }
    onTick(left);
    // Wake when the shown number changes.
    cancelTimer = schedule(tick, endsAt - now() - (left - 1) * 1000);
  };
  tick();
  return {
    cancel() {
      over = true;
      cancelTimer?.();
    },
  };
}
