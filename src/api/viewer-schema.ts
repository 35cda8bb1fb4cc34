/**
 * What a logged-in viewer reads and writes under /catalog-api (SPEC.md section 7, issue 18):
 * time progress, completed marks, the last watched episode, favourites, history, reviews and
 * playlists. Request bodies and answers; the player imports the types only.
 */
import { z } from 'zod';

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
