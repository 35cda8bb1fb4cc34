import { z } from 'zod';

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

/** A positive 32-bit integer id from a path or query value. */
export const idText = z
  .string({ error: singleValue })
  .regex(/^\d+$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().min(1, `must be between 1 and ${INT32_MAX}`).max(INT32_MAX, `must be between 1 and ${INT32_MAX}`));

/** A whole number from 0 to `max`, written in decimal. */
export function boundedInteger(max: number) {
  return z
    .string({ error: singleValue })
    .regex(/^\d{1,6}$/, `must be a whole number from 0 to ${max}`)
    .transform(Number)
    .pipe(z.number().max(max, `must be a whole number from 0 to ${max}`));
}

/** The id of the last record a reader has seen; 0 reads from the start. */
export const cursorText = z.union([z.literal('0').transform(() => 0), idText], { error: 'must be 0 or a positive integer' });

/** `/contents/:id` and the like. */
export const idParamsSchema = z.strictObject({ id: idText });
