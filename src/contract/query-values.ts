/**
 * The widget's query values (SPEC.md section 5), parsed the same way by the widget and by the
 * server that writes its boot data: a malformed value counts as not given.
 */

/**
 * The catalogue's ids are PostgreSQL integers: the API refuses a larger one (400) rather than
 * answering that no such content exists.
 */
export const CONTENT_ID_MAX = 2_147_483_647;

/**
 * movie_id must be an integer (SPEC.md section 5); anything else counts as not given. An integer
 * outside the catalogue's ids (1 to CONTENT_ID_MAX) is undefined here too: isOutOfRangeMovieId
 * tells it apart from a missing one.
 */
export function parseMovieId(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= CONTENT_ID_MAX ? id : undefined;
}

/** movie_id is an integer ('0', '-3', '99999999999') that no content can have. */
export function isOutOfRangeMovieId(value: string | null): boolean {
  return value !== null && /^[+-]?\d+$/.test(value) && parseMovieId(value.replace(/^\+/, '')) === undefined;
}

/** Ids and orders in the query: a positive integer, else not given. */
export function parsePositiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * t and episode_time (SPEC.md section 5): only digits and dots, parsed to whole seconds
 * ('90' and '90.7' give 90); anything else is undefined.
 */
export function parseTimeCode(value: string | null): number | undefined {
  if (value === null || !/^[\d.]+$/.test(value) || !/\d/.test(value)) return undefined;
  const seconds = Number.parseInt(value, 10);
  return Number.isSafeInteger(seconds) ? seconds : undefined;
}

/** next_episode_countdown: whole seconds from 0 to 60, else not given. */
export function parseCountdown(value: string | null): number | undefined {
  if (value === null || !/^\d{1,2}$/.test(value)) return undefined;
  const seconds = Number(value);
  return seconds <= 60 ? seconds : undefined;
}

/** A flag is on when present without a value or with a truthy one (1, true, yes). */
export function parseFlag(value: string | null): boolean | undefined {
  if (value === null) return undefined;
  return ['', '1', 'true', 'yes'].includes(value.trim().toLowerCase());
}
