/**
 * The catalogue search (SPEC.md section 7: POST /catalog-api/v2/contents/search and
 * /v2/contents/search-with-filter): what is asked and what comes back.
 */
import { z } from 'zod';
import { contentCardSchema, listingFiltersSchema, pageSchema, pagingSchema } from './catalogue-schema.ts';

export const MAX_QUERY_LENGTH = 200;

/**
 * What the viewer typed: trimmed, 1 to MAX_QUERY_LENGTH characters. Control characters are
 * read as spaces (they are never part of a title, and the database refuses NUL).
 */
export const searchQuerySchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .transform((text) => text.replace(/\p{Cc}/gu, ' ').trim())
  .pipe(
    z.string()
      .min(1, 'must not be empty or only spaces')
      .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
  );

/** POST /v2/contents/search: `{ query, page, pageSize }`; page and pageSize as every listing has them. */
export const searchRequestSchema = z.strictObject({
  query: searchQuerySchema,
  ...pagingSchema.shape,
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/**
 * POST /v2/contents/search-with-filter: the search and the listing filters in one body
 * (`{ query, page, pageSize, genres: ['drama'], yearFrom: 2000 }`). With `sort` the results
 * come in that order instead of by relevance; `order` only applies with `sort`.
 */
export const filteredSearchRequestSchema = z.strictObject({
  ...listingFiltersSchema.shape,
  query: searchQuerySchema,
  ...pagingSchema.shape,
});
export type FilteredSearchRequest = z.infer<typeof filteredSearchRequestSchema>;

/**
 * A piece of a title or snippet; `match` marks the words the query matched (also a misspelt or
 * differently inflected query word: 'масква' marks 'Москва'). Plain text, never markup: a page
 * renders matches as it likes (e.g. <mark>) and escapes the text as any other text.
 */
export const highlightSegmentSchema = z.strictObject({
  text: z.string(),
  match: z.boolean(),
});
export type HighlightSegment = z.infer<typeof highlightSegmentSchema>;

/**
 * Why a content was found. `title` is the whole title in segments; `snippet` a few dozen words
 * of the description around the matches (parts joined by ' … '), its beginning when the match
 * was elsewhere (an actor's name, the original title), empty when it has no description.
 * Joining the texts of `title` gives the title.
 */
export const searchHighlightSchema = z.strictObject({
  title: z.array(highlightSegmentSchema),
  snippet: z.array(highlightSegmentSchema),
});
export type SearchHighlight = z.infer<typeof searchHighlightSchema>;

/** A content card and why it was found. */
export const searchHitSchema = contentCardSchema.extend({ highlight: searchHighlightSchema });
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Best first (or in the `sort` asked for); `total` counts every match, not just this page. */
export const searchPageSchema = pageSchema(searchHitSchema);
export type SearchPage = z.infer<typeof searchPageSchema>;
