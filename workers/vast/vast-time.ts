/** A time in an ad: seconds from its start, or a share of its duration. */
export type AdOffset = { seconds: number } | { percent: number };

/**
 * Seconds in a VAST time: hh:mm:ss with an optional fraction, hours and minutes optional
 * (SPEC.md section 5): '00:00:05', '1:02:05.5', '05', '30.25'. Undefined when it is not one.
 */
export function parseVastTime(text: string | undefined): number | undefined {
  const match = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:\.\d+)?)$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return Number.isFinite(total) ? total : undefined;
}

/** A skip offset or progress offset: a VAST time, or 'n%' of the ad (0–100). */
export function parseOffset(text: string | undefined): AdOffset | undefined {
  const trimmed = text?.trim() ?? '';
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(trimmed);
  if (percent) {
    const value = Number(percent[1]);
    return value <= 100 ? { percent: value } : undefined;
  }
  const seconds = parseVastTime(trimmed);
  return seconds === undefined ? undefined : { seconds };
}

/** The offset in seconds for an ad of `duration` seconds. */
export function offsetSeconds(offset: AdOffset, duration: number): number {
  return 'seconds' in offset ? offset.seconds : (duration * offset.percent) / 100;
}
