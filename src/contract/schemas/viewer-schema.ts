/**
 * What a logged-in viewer reads and writes under /catalog-api (SPEC.md section 7):
 * time progress, completed marks, the last watched episode, favourites, history, reviews and
 * playlists. Request bodies and answers; the player imports the types only.
 */
import { z } from 'zod';
import { contentCardSchema, listingFiltersSchema, pageSchema, pagingSchema } from './catalogue-schema.ts';

const id = z.number().int().min(1).max(2_147_483_647);
/** A week of seconds: longer than any episode, short of anything a float cannot say exactly. */
const MAX_SECONDS = 7 * 24 * 60 * 60;
/** Timestamps are sent as ISO 8601 in UTC ("2026-11-24T22:00:00.000Z"). */
const isoTime = z.iso.datetime();

// ---- Time progress (the player's contract) ----

/**
 * POST /contents/{id}/episodes/{episodeId}/time-progress. A missing or null duration keeps the
 * one saved before (a player may not know it yet); a missing variant is the episode's own manifest.
 */
export const timeProgressBodySchema = z.strictObject({
  time: z.number().min(0).max(MAX_SECONDS),
  duration: z.number().positive().max(MAX_SECONDS).nullable().optional(),
  variantId: id.nullable().optional(),
});
export type TimeProgressBody = z.infer<typeof timeProgressBodySchema>;

/** Where the viewer stopped in one episode and voice-over variant. Seconds. */
export const timeProgressSchema = z.strictObject({
  episodeId: z.number().int(),
  variantId: z.number().int().nullable(),
  time: z.number(),
  duration: z.number().nullable(),
  updatedAt: isoTime,
});
export type TimeProgress = z.infer<typeof timeProgressSchema>;

/** GET /contents/{id}/time-progress: every saved time of the content, newest first. */
export const contentTimeProgressSchema = z.strictObject({ items: z.array(timeProgressSchema) });
export type ContentTimeProgress = z.infer<typeof contentTimeProgressSchema>;

/** GET /contents/{id}/episodes/watched/last: the newest saved time and its episode. */
export const lastWatchedSchema = z.strictObject({
  ...timeProgressSchema.shape,
  episode: z.strictObject({
    id: z.number().int(),
    order: z.number().int(),
    title: z.string(),
    season: z.strictObject({ id: z.number().int(), order: z.number().int() }),
  }),
});
export type LastWatched = z.infer<typeof lastWatchedSchema>;

/** POST and DELETE /contents/{id}/episodes/{episodeId}/completed. */
export const completedMarkSchema = z.strictObject({ episodeId: z.number().int(), isCompleted: z.boolean() });
export type CompletedMark = z.infer<typeof completedMarkSchema>;

// ---- Favourites and history ----

export { pagingBodySchema } from './catalogue-schema.ts';

/** POST and DELETE /contents/favorites/{id}. */
export const favouriteMarkSchema = z.strictObject({ contentId: z.number().int(), isFavorite: z.boolean() });
export type FavouriteMark = z.infer<typeof favouriteMarkSchema>;

/** POST /contents/favorites: the viewer's favourites, the newest added first. */
export const favouritesPageSchema = pageSchema(contentCardSchema);

/** POST /contents/{id}/history: the visit recorded. */
export const historyVisitSchema = z.strictObject({ contentId: z.number().int(), watchedAt: isoTime });

/** One content of the viewer's history: where they stopped (null after a visit only) and when. */
export const historyEntrySchema = z.strictObject({
  content: contentCardSchema,
  lastEpisode: lastWatchedSchema.shape.episode.nullable(),
  variantId: z.number().int().nullable(),
  /** Seconds into the last episode; null when no time was saved. */
  time: z.number().nullable(),
  duration: z.number().nullable(),
  watchedAt: isoTime,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** POST /contents/history and POST /v2/contents/history: newest first. */
export const historyPageSchema = pageSchema(historyEntrySchema);

/** POST /contents/history/search: the history narrowed to titles like `query` (case and small typos forgiven). */
export const historySearchBodySchema = z.strictObject({
  ...pagingSchema.shape,
  query: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});

/** POST /v2/contents/history: a page, optionally only contents of these types. */
export const historyV2BodySchema = z.strictObject({ ...pagingSchema.shape, types: listingFiltersSchema.shape.types }).prefault({});

/** DELETE /contents/{id}/history: the content and its saved times are forgotten. */
export const historyRemovedSchema = z.strictObject({ contentId: z.number().int(), removed: z.literal(true) });
/** DELETE /contents/history: how many contents the history held. */
export const historyClearedSchema = z.strictObject({ removed: z.number().int().min(0) });

// ---- Reviews ----

export const REVIEW_SORTS = ['newest', 'helpful'] as const;

/** POST /v2/contents/{id}/reviews: a page, the newest first or the most helpful (votes for minus against) first. */
export const reviewListBodySchema = z.strictObject({ ...pagingSchema.shape, sort: z.enum(REVIEW_SORTS).default('newest') }).prefault({});

/** POST /v2/contents/{id}/reviews/create and PUT /v2/contents/{contentId}/reviews/{reviewId}: stored as given, answered as JSON text. */
export const reviewBodySchema = z.strictObject({
  title: z.string().max(200, 'must be at most 200 characters').nullable().optional(),
  text: z.string()
    .max(5000, 'must be at most 5000 characters')
    // At least 10 characters once trimmed, as a pattern the API document can state.
    .regex(/\S[\s\S]{8,}\S/, 'must have at least 10 characters besides spaces'),
  rating: z.number().int('must be a whole number from 1 to 10').min(1, 'must be from 1 to 10').max(10, 'must be from 1 to 10'),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** POST /v2/contents/{contentId}/reviews/{reviewId}/vote: helpful (1) or not (-1); once per viewer. */
export const reviewVoteBodySchema = z.strictObject({ value: z.union([z.literal(1), z.literal(-1)], { error: 'must be 1 or -1' }) });

export const reviewSchema = z.strictObject({
  id: z.number().int(),
  contentId: z.number().int(),
  author: z.strictObject({ id: z.number().int(), name: z.string() }),
  title: z.string().nullable(),
  text: z.string(),
  rating: z.number().int().min(1).max(10),
  /** Votes for minus votes against. */
  score: z.number().int(),
  upvotes: z.number().int().min(0),
  downvotes: z.number().int().min(0),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewPageSchema = pageSchema(reviewSchema);
/** DELETE /v2/contents/{contentId}/reviews/{reviewId}. */
export const reviewDeletedSchema = z.strictObject({ id: z.number().int(), deleted: z.literal(true) });

// ---- Playlists ----

/** POST /playlists/new. A private playlist (the default) is seen by its owner only. */
export const playlistCreateBodySchema = z.strictObject({
  // "Not only spaces" as a pattern, so the API document states it too.
  title: z.string().max(100, 'must be at most 100 characters').regex(/\S/, 'is required'),
  description: z.string().max(1000, 'must be at most 1000 characters').optional(),
  isPublic: z.boolean().optional(),
});
export type PlaylistCreateBody = z.infer<typeof playlistCreateBodySchema>;

export const playlistSchema = z.strictObject({
  id: z.number().int(),
  /** Made from the title, transliterated; unique ("luchshie-serialy", "luchshie-serialy-3fa9c1"). */
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  /** Null: an editorial playlist, made by the catalogue's editors. */
  owner: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(),
  contentsCount: z.number().int().min(0),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Playlist = z.infer<typeof playlistSchema>;

/** POST /v2/playlists: the editorial and public playlists (with a token, also the viewer's own); `mine`: the viewer's own only. */
export const playlistListBodySchema = z.strictObject({ ...pagingSchema.shape, mine: z.boolean().default(false) }).prefault({});
export const playlistPageSchema = pageSchema(playlistSchema);

/** POST /v2/playlists/{id}/contents: a page, optionally only contents of these types. */
export const playlistContentsV2BodySchema = z.strictObject({ ...pagingSchema.shape, types: listingFiltersSchema.shape.types }).prefault({});
export const playlistContentsPageSchema = pageSchema(contentCardSchema);

/** POST and DELETE /playlists/{id}/contents/{contentId}. */
export const playlistEntrySchema = z.strictObject({ playlistId: z.number().int(), contentId: z.number().int(), inPlaylist: z.boolean(), contentsCount: z.number().int().min(0) });
export type PlaylistEntry = z.infer<typeof playlistEntrySchema>;
