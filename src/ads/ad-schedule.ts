/** A midroll plays in films longer than this (SPEC.md section 9). */
export const MIDROLL_MIN_DURATION_S = 1800;

/** Whether the film's time has reached the midroll: half of a film longer than 1800 s. */
export function midrollDue(currentTime: number, duration: number): boolean {
  return Number.isFinite(duration) && duration > MIDROLL_MIN_DURATION_S && currentTime >= duration / 2;
}
