import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LISTING_SORTS, MAX_PAGE_SIZE } from '../../../src/contract/schemas/catalogue-schema.ts';
import { idText, requiredText, wholeNumberText } from '../../http/request-schemas.ts';

/**
 * A slug in a path: letters, digits, '-', '_' and '.'. Anything else cannot name a content or a
 * category and is a 400; a well-formed slug that names nothing is a 404.
 */
export const slugText = requiredText(200).regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, 'must be a slug (letters, digits, -, _ and .)');

export const slugParamsSchema = z.strictObject({ slug: slugText });
/** /types/{id}/categories/{slug}/contents and /categories/{slug}/content-type/{id}. */
export const idAndSlugParamsSchema = z.strictObject({ id: idText, slug: slugText });
/** /v2/types/{type}/categories/{slug}/contents: the type by its slug. */
export const typeAndSlugParamsSchema = z.strictObject({ type: slugText, slug: slugText });

/** IMDb title ids: tt and seven or more digits. */
export const imdbParamsSchema = z.strictObject({ id: requiredText(20).regex(/^tt\d{7,10}$/, 'must be an IMDb title id like tt0111161') });

/** A GET listing's page, from the query string. */
export const pageQuerySchema = z.strictObject({
  page: wholeNumberText(1, 10_000).default(1),
  pageSize: wholeNumberText(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** The v2 listing's query string: an order that overrides the body's. */
export const sortQuerySchema = z.strictObject({
  sort: z.enum(LISTING_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

/** How many cards a shelf or a short list may ask for. */
export function limitQuery(defaultLimit: number, max: number) {
  return wholeNumberText(1, max).default(defaultLimit);
}
