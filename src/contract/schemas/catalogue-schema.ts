/**
 * Shapes shared by the catalogue's listings (SPEC.md section 7): the content card every list
 * answers with, paging, and the filters a listing or a filtered search takes. Each area's own
 * shapes live beside it (browse-schema.ts, search-schema.ts, viewer-schema.ts, site-schema.ts).
 */
import { z } from 'zod';

export const CONTENT_TYPE_SLUGS = ['movie', 'series', 'cartoon'] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;

/** A content as a list shows it: enough for a poster tile and its caption. */
export const contentCardSchema = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  originalTitle: z.string(),
  year: z.number().int(),
  posterUrl: z.string(),
  contentType: z.strictObject({ slug: z.enum(CONTENT_TYPE_SLUGS) }),
  hasMultipleEpisodes: z.boolean(),
  ageRating: z.number().int().nullable(),
  rating: z.strictObject({ kinopoisk: z.number().nullable(), imdb: z.number().nullable() }),
  genres: z.array(z.strictObject({ slug: z.string(), title: z.string() })),
  countries: z.array(z.strictObject({ slug: z.string(), title: z.string() })),
});
export type ContentCard = z.infer<typeof contentCardSchema>;

/** page counts from 1; pageSize at most MAX_PAGE_SIZE. */
export const pagingSchema = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type Paging = z.infer<typeof pagingSchema>;

/** A request body that only pages (a listing, favourites, history); an absent body reads page 1. */
export const pagingBodySchema = z.strictObject(pagingSchema.shape).prefault({});

/** One page of a list and how many there are in all. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

export const LISTING_SORTS = ['popular', 'rating', 'year', 'new', 'title'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

const slugList = z.array(z.string().min(1).max(64)).max(50);

/**
 * What a listing may be narrowed by. Several values of one field are alternatives (any genre of
 * the list); fields combine (this genre and that country). Ranges are inclusive.
 */
export const listingFiltersSchema = z.strictObject({
  types: z.array(z.enum(CONTENT_TYPE_SLUGS)).max(3).optional(),
  genres: slugList.optional(),
  countries: slugList.optional(),
  languages: slugList.optional(),
  tags: slugList.optional(),
  yearFrom: z.number().int().min(1880).max(2100).optional(),
  yearTo: z.number().int().min(1880).max(2100).optional(),
  ratingFrom: z.number().min(0).max(10).optional(),
  ratingTo: z.number().min(0).max(10).optional(),
  sort: z.enum(LISTING_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ListingFilters = z.infer<typeof listingFiltersSchema>;
