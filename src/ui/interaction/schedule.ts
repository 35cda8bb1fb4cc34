/**
 * How the interaction modules wait: they never touch timers themselves, so tests drive time with
 * a fake and the app passes `timerSchedule` (or its own, e.g. one tied to an AbortSignal).
 * Returns a function that cancels the call; cancelling twice or after it ran is harmless.
 */
export type Schedule = (fn: () => void, ms: number) => () => void;

/** The real scheduler, on setTimeout. */
export const timerSchedule: Schedule = (fn, ms) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};
