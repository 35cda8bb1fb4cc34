import { z } from 'zod';
import { documentAs } from '../openapi/json-schemas.ts';

/** PostgreSQL's integer: an id past it would fail in the query instead of answering 404. */
const INT32_MAX = 2_147_483_647;

/** A query value given twice arrives as an array; a missing one as undefined. */
const singleValue = (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be given once');

/** One query or path value of bounded length (empty allowed). */
export function singleText(maxLength: number) {
  return z.string({ error: singleValue }).max(maxLength, `must be at most ${maxLength} characters`);
}

/** One value that must not be empty. */
export function requiredText(maxLength: number) {
  return singleText(maxLength).min(1, 'is required');
}

/** A positive 32-bit integer id from a path or query value; documented as the integer it is. */
export const idText = documentAs(
  z
    .string({ error: singleValue })
    .regex(/^\d+$/, 'must be a positive integer')
    .transform(Number)
    .pipe(z.number().min(1, `must be between 1 and ${INT32_MAX}`).max(INT32_MAX, `must be between 1 and ${INT32_MAX}`)),
  { type: 'integer', minimum: 1, maximum: INT32_MAX },
);

/**
 * A whole number from `min` to `max` written in decimal (at most as many digits as `max` has),
 * from a path or query value; documented as that integer range.
 */
export function wholeNumberText(min: number, max: number, message = `must be a whole number from ${min} to ${max}`) {
  return documentAs(
    z
      .string({ error: singleValue })
      .regex(new RegExp(`^\\d{1,${String(max).length}}$`), message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
    { type: 'integer', minimum: min, maximum: max },
  );
}

/** A whole number from 0 to `max`, written in decimal. */
export function boundedInteger(max: number) {
  return wholeNumberText(0, max);
}

/** The id of the last record a reader has seen; 0 reads from the start. */
export const cursorText = documentAs(
  z.union([z.literal('0').transform(() => 0), idText], { error: 'must be 0 or a positive integer' }),
  { type: 'integer', minimum: 0, maximum: INT32_MAX },
);

/** `/contents/:id` and the like. */
export const idParamsSchema = z.strictObject({ id: idText });
