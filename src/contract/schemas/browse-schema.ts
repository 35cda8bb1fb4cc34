/**
 * Shapes of the catalogue's browsing calls (SPEC.md section 7): lookups of a content by slug and
 * outside ids, listings by type and category with filters and facet counts, types, categories,
 * genres, countries, languages, tags, people, voice authors, subtitles, fresh episodes, the menu
 * and redirects. The spec shows none of these answers; they are designed as a catalogue site's
 * pages would read them. Lists share the card and page shapes of catalogue-schema.ts.
 */
import { z } from 'zod';
import { CONTENT_TYPE_SLUGS, contentCardSchema, LISTING_SORTS, listingFiltersSchema, pageSchema, pagingSchema } from './catalogue-schema.ts';
import { episodeVariantSchema, manifestSubtitleSchema } from './schema.ts';

const id = z.number().int();
const count = z.number().int().min(0);
const contentTypeSlug = z.enum(CONTENT_TYPE_SLUGS);

// ---- Request bodies -------------------------------------------------------------------------

export { pagingBodySchema } from './catalogue-schema.ts';

/** Paging and listing filters (POST /contents, POST /v2/contents, the v2 category listings). */
export const listingBodySchema = z.strictObject({ ...pagingSchema.shape, ...listingFiltersSchema.shape }).prefault({});
export type ListingBody = z.infer<typeof listingBodySchema>;

/** POST /countries: the content types to count in; none given counts every type. */
export const countriesBodySchema = z.strictObject({ types: listingFiltersSchema.shape.types }).prefault({});

/** POST /person-types/{slug}/persons: a page, optionally only names containing `query`. */
export const personsBodySchema = z
  .strictObject({ ...pagingSchema.shape, query: z.string().trim().max(100).optional() })
  .prefault({});

/** POST /episodes/fresh: a page, optionally only episodes of contents of these types. */
export const freshEpisodesBodySchema = z
  .strictObject({ ...pagingSchema.shape, types: listingFiltersSchema.shape.types })
  .prefault({});

// ---- Contents -------------------------------------------------------------------------------

/** One slide of the home page's promo slider, in slider order. */
export const promoSlideSchema = z.strictObject({
  position: id,
  /** The content's wide backdrop, or its poster when it has none. */
  imageUrl: z.string(),
  description: z.string(),
  content: contentCardSchema,
});
export type PromoSlide = z.infer<typeof promoSlideSchema>;

export const cardPageSchema = pageSchema(contentCardSchema);

// ---- Types and categories -------------------------------------------------------------------

export const contentTypeSchema = z.strictObject({
  id,
  slug: contentTypeSlug,
  title: z.string(),
  contentsCount: count,
});
export type ContentTypeInfo = z.infer<typeof contentTypeSchema>;

export const CATEGORY_KINDS = ['all', 'genre', 'selection'] as const;

/**
 * A category of one content type. Its contents: kind 'all' every content of the type, 'genre'
 * those of the type in `genre`, 'selection' an editor's list in the editor's order.
 */
export const categorySchema = z.strictObject({
  id,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  contentType: z.strictObject({ id, slug: contentTypeSlug, title: z.string() }),
  genre: z.strictObject({ slug: z.string(), title: z.string() }).nullable(),
  parentId: id.nullable(),
  position: id,
  /** Place among the home page's shelves; null: not on the home page. */
  mainMartPosition: id.nullable(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /categories/tree/content-type/{id}: top-level categories, each with its subcategories. */
export interface CategoryNode extends Category {
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.strictObject({ ...categorySchema.shape, children: z.array(categoryNodeSchema) }),
);

/** One shelf of the home page: a category and its first cards. */
export const shelfSchema = z.strictObject({ category: categorySchema, total: count, items: z.array(contentCardSchema) });
export type Shelf = z.infer<typeof shelfSchema>;

export const genreFacetSchema = z.strictObject({ slug: z.string(), title: z.string(), count });
export const countryFacetSchema = z.strictObject({ slug: z.string(), title: z.string(), count });
export const languageFacetSchema = z.strictObject({ code: z.string(), title: z.string(), count });
export const tagFacetSchema = z.strictObject({ slug: z.string(), title: z.string(), count });
export const yearFacetSchema = z.strictObject({ year: z.number().int(), count });

/** Lowest and highest value present; null when nothing has one. */
export const rangeSchema = z.strictObject({ min: z.number(), max: z.number() }).nullable();

/**
 * What a filter panel offers: each field's values with how many contents each would give, the
 * field's own selection left out (choosing another genre widens, it does not narrow to zero)
 * and every other filter applied. Values with no contents are left out.
 */
export const facetsSchema = z.strictObject({
  genres: z.array(genreFacetSchema),
  countries: z.array(countryFacetSchema),
  languages: z.array(languageFacetSchema),
  tags: z.array(tagFacetSchema),
  years: z.array(yearFacetSchema),
  /** Kinopoisk rating. */
  rating: rangeSchema,
});
export type Facets = z.infer<typeof facetsSchema>;

/** POST /v2/types/filter-v2/{type}/categories/{slug}/contents: the page and the panel's counts. */
export const filteredListingSchema = z.strictObject({ ...cardPageSchema.shape, facets: facetsSchema });
export type FilteredListing = z.infer<typeof filteredListingSchema>;

const option = z.strictObject({ slug: z.string(), title: z.string() });
/** GET /categories/filters/{id}: what the category's contents can be narrowed by, without counts. */
export const categoryFiltersSchema = z.strictObject({
  category: categorySchema,
  genres: z.array(option),
  countries: z.array(option),
  languages: z.array(z.strictObject({ code: z.string(), title: z.string() })),
  tags: z.array(option),
  years: rangeSchema,
  rating: rangeSchema,
  sorts: z.array(z.enum(LISTING_SORTS)),
});
/** GET /v2/categories/filters/{id}: the same options with their counts. */
export const categoryFiltersV2Schema = z.strictObject({
  category: categorySchema,
  total: count,
  facets: facetsSchema,
  years: rangeSchema,
  sorts: z.array(z.enum(LISTING_SORTS)),
});

// ---- Taxonomies -----------------------------------------------------------------------------

export const genreSchema = z.strictObject({ id, slug: z.string(), title: z.string(), contentsCount: count });
export const countrySchema = z.strictObject({ slug: z.string(), title: z.string(), contentsCount: count });
export const languageSchema = z.strictObject({ code: z.string(), title: z.string(), contentsCount: count });
export const tagSchema = z.strictObject({ id, slug: z.string(), title: z.string(), contentsCount: count });
/** GET /tags/{id}: the tag and a page of its contents (query page, pageSize), most popular first. */
export const tagWithContentsSchema = z.strictObject({ tag: tagSchema, contents: cardPageSchema });
export const voiceAuthorSchema = z.strictObject({ id, slug: z.string(), title: z.string(), contentsCount: count });
/** One subtitle language of the catalogue (or of one content or episode). */
export const subtitleLanguageSchema = z.strictObject({ language: z.string(), label: z.string(), episodesCount: count });

// ---- People ---------------------------------------------------------------------------------

export const personTypeSchema = z.strictObject({ id, slug: z.string(), title: z.string(), personsCount: count });
export const personSchema = z.strictObject({
  id,
  slug: z.string(),
  name: z.string(),
  originalName: z.string(),
  birthYear: z.number().int().nullable(),
  photoUrl: z.string().nullable(),
  /** Contents the person took part in (POST /person-types/{slug}/persons: in that role). */
  contentsCount: count,
});
export const personPageSchema = pageSchema(personSchema);
const roleSchema = z.strictObject({
  type: z.strictObject({ slug: z.string(), title: z.string() }),
  /** An actor's part; null for the crew. */
  characterName: z.string().nullable(),
});
/** GET /persons/{id}/contents: the person and a page of their contents, newest first, with their roles in each. */
export const personContentsSchema = z.strictObject({
  person: personSchema,
  contents: pageSchema(z.strictObject({ content: contentCardSchema, roles: z.array(roleSchema) })),
});

// ---- Episodes -------------------------------------------------------------------------------

/** One of the latest released episodes, with the card of its content. */
export const freshEpisodeSchema = z.strictObject({
  id,
  title: z.string(),
  order: id,
  season: z.strictObject({ id, order: id }),
  posterPath: z.string().nullable(),
  /** ISO 8601. */
  releasedAt: z.string(),
  content: contentCardSchema,
});
export const freshEpisodePageSchema = pageSchema(freshEpisodeSchema);

/** GET /episodes/{id}/resource: what the player opens for one episode. */
export const episodeResourceSchema = z.strictObject({
  episodeId: id,
  contentId: id,
  title: z.string(),
  order: id,
  season: z.strictObject({ id, order: id }),
  /** Seconds. */
  duration: z.number(),
  /** The episode's own master manifest (JSON); null when the episode has no media yet. */
  manifestPath: z.string().nullable(),
  variants: z.array(
    z.strictObject({ ...episodeVariantSchema.shape, voiceAuthor: z.strictObject({ id, slug: z.string(), title: z.string() }).nullable() }),
  ),
  subtitles: z.array(manifestSubtitleSchema),
});
export type EpisodeResource = z.infer<typeof episodeResourceSchema>;

// ---- Site -----------------------------------------------------------------------------------

export interface MenuItem {
  id: number;
  title: string;
  url: string;
  children: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.strictObject({ id, title: z.string(), url: z.string(), children: z.array(menuItemSchema) }),
);

export const redirectSchema = z.strictObject({
  fromPath: z.string(),
  toPath: z.string(),
  statusCode: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
});
export type Redirect = z.infer<typeof redirectSchema>;
/** GET /main-redirect-info: the home page's redirect, or null when the home page stays where it is. */
export const mainRedirectSchema = z.strictObject({ redirect: redirectSchema.nullable() });
