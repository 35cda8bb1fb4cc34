/**
 * The catalogue API's response shapes: the one file the server and the player share
 * (ARCHITECTURE.md rule 10). The player imports types only, so zod stays out of the
 * widget bundle; the server's tests validate every response against these schemas.
 *
 * Links in responses (posters, manifests, media) are root-relative to the API's origin;
 * the player prefixes them with that origin (SPEC.md section 5).
 */
import { z } from 'zod';

const titled = { title: z.string() };

/** One person of a content's cast and crew, in the order of the credits (by type, then billing). */
export const contentPersonSchema = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.strictObject({ slug: z.string(), ...titled }),
  /** An actor's part; null for the crew. */
  characterName: z.string().nullable(),
});

/**
 * A content's details (SPEC.md section 3). The spec's fields come first; the rest is what a
 * content page shows beside the player (original title, age marking, running time, genres,
 * tags, cast and crew), always present (empty or null when unknown).
 */
export const contentSchema = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  hasMultipleEpisodes: z.boolean(),
  posterUrl: z.string(),
  contentType: z.strictObject({ slug: z.enum(['movie', 'series', 'cartoon']) }),
  kinopoiskId: z.number().int().nullable(),
  imdbId: z.string().nullable(),
  year: z.number().int(),
  countries: z.array(z.strictObject({ slug: z.string(), ...titled })),
  languages: z.array(z.strictObject({ code: z.string(), ...titled })),
  rating: z.strictObject({
    kinopoisk: z.strictObject({ value: z.number() }).nullable(),
    imdb: z.strictObject({ value: z.number(), url: z.string() }).nullable(),
  }),
  originalTitle: z.string(),
  /** Russian age marking: 0, 6, 12, 16 or 18 (shown as "16+"). */
  ageRating: z.number().int().nullable(),
  /** Running time in minutes: a film's, or a series' episode's; null when unknown. */
  durationMinutes: z.number().int().nullable(),
  /** A wide still for the page's header; null when there is none (the poster stands in). */
  backdropUrl: z.string().nullable(),
  genres: z.array(z.strictObject({ slug: z.string(), ...titled })),
  tags: z.array(z.strictObject({ slug: z.string(), ...titled })),
  persons: z.array(contentPersonSchema),
});
export type Content = z.infer<typeof contentSchema>;

export const seasonSchema = z.strictObject({
  id: z.number().int(),
  contentId: z.number().int(),
  order: z.number().int(),
  title: z.string(),
});
export type Season = z.infer<typeof seasonSchema>;

export const episodeVariantSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  /** Path of the variant's master manifest (JSON). */
  filepath: z.string(),
});
export type EpisodeVariant = z.infer<typeof episodeVariantSchema>;

export const episodeSchema = z.strictObject({
  id: z.number().int(),
  contentId: z.number().int(),
  order: z.number().int(),
  title: z.string(),
  description: z.string(),
  posterPath: z.string().nullable(),
  /** Seconds. */
  duration: z.number(),
  /** The opening titles, in seconds from the start; null or absent when the episode has none. */
  intro: z.strictObject({ start: z.number().nonnegative(), end: z.number().positive() }).nullable().optional(),
  /** Where the closing credits start, in seconds; null or absent when unknown. */
  creditsStart: z.number().positive().nullable().optional(),
  isCompleted: z.boolean(),
  season: z.strictObject({ id: z.number().int(), order: z.number().int() }),
  /** Path of the episode's master manifest; a path containing .json is the JSON master manifest. */
  m3u8MasterFilePath: z.string(),
  episodeVariants: z.array(episodeVariantSchema),
});
export type Episode = z.infer<typeof episodeSchema>;

export const availabilitySchema = z.strictObject({ available: z.boolean() });
export type Availability = z.infer<typeof availabilitySchema>;

export const manifestSourceSchema = z.strictObject({
  link: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
});
export const manifestSubtitleSchema = z.strictObject({
  src: z.string(),
  label: z.string(),
  language: z.string(),
});
/**
 * The master manifest (SPEC.md section 3). `thumbnails` is this server's addition:
 * the sprite described as JSON and as WebVTT (#xywh); players that do not know it ignore it.
 */
export const masterManifestSchema = z.strictObject({
  sources: z.array(manifestSourceSchema),
  subtitles: z.array(manifestSubtitleSchema),
  thumbnails: z.strictObject({ json: z.string(), vtt: z.string() }).optional(),
});
export type MasterManifest = z.infer<typeof masterManifestSchema>;

/**
 * One ad of a break: a VAST URL, or the creative data itself (SPEC.md section 3): the XML inline
 * (dataXml) or URLs tried in turn (dataUrls).
 */
export const adListItemSchema = z
  .strictObject({ vastUrl: z.string().optional(), dataXml: z.string().optional(), dataUrls: z.array(z.string()).optional() })
  .refine((item) => Boolean(item.vastUrl || item.dataXml || item.dataUrls?.length), { message: 'an ad list item needs vastUrl, dataXml or dataUrls' });
export const adListSchema = z.strictObject({
  prerollList: z.array(adListItemSchema),
  midrollList: z.array(adListItemSchema),
});
export type AdList = z.infer<typeof adListSchema>;

export const AD_TRACKING_EVENTS = [
  'impression',
  'error',
  'click',
  'start',
  'loaded',
  'resume',
  'pause',
  'complete',
  'skip',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'mute',
  'unmute',
  'progress',
] as const;
export type AdTrackingEvent = (typeof AD_TRACKING_EVENTS)[number];

export const adTrackingRecordSchema = z.strictObject({
  id: z.number().int(),
  creativeId: z.string(),
  event: z.enum(AD_TRACKING_EVENTS),
  errorCode: z.number().int().nullable(),
  /** The demo wrapper whose beacon this was (wrapper-2, …); null for the creative's own. */
  via: z.string().nullable(),
  receivedAt: z.string(),
});
export type AdTrackingRecord = z.infer<typeof adTrackingRecordSchema>;

/** Every error the API returns, whatever the status. */
export const apiErrorSchema = z.strictObject({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
