/**
 * Viewing analytics (SPEC.md section 7): the events, their payload and the collector's batch — the
 * one schema the analytics worker builds to, the collector validates with, and the tests check.
 * The player imports types only (its constants come from analytics-constants.ts), so zod stays
 * out of the widget's bundles.
 */
import { z } from 'zod';

import {
  ANALYTICS_EVENT_NAMES,
  DEVICE_TYPES,
  MAX_BATCH_EVENTS,
  NETWORK_TYPES,
  POPUPS,
  DATA_SAVER_REASONS,
  PROGRESS_MILESTONES,
} from './analytics-constants.ts';

export * from './analytics-constants.ts';

const shortText = z.string().max(512);
const seconds = z.number().finite().min(0);
const nullableInt = z.number().int().nullable();

/** The payload of SPEC.md section 7: what the content is, where the view stands, the ads it saw. */
export const analyticsPayloadSchema = z.strictObject({
  video_id: z.number().int(),
  video_title: shortText,
  /** Seconds; 0 while unknown. */
  duration: seconds,
  player_type: z.literal('embedded'),
  /** The content type's slug: movie or series. */
  video_category: shortText,
  video_thumbnail: z.string().max(2048),
  ratings: z.strictObject({ kinopoisk: z.number().nullable(), imdb: z.number().nullable() }),
  kinopoisk_id: nullableInt,
  IMDb_id: shortText.nullable(),
  year: nullableInt,
  countries: z.array(shortText).max(64),
  current_time: seconds,
  playback_rate: z.number().finite().min(0).max(16),
  /** Wall-clock seconds the content played this view (ads, pauses and stalls excluded). */
  real_time_played_sec: seconds,
  /** Content seconds watched this view (seeks do not count; 2× speed counts double). */
  video_time_played_sec: seconds,
  /** '720p', or null before the first rendition. */
  video_quality: shortText.nullable(),
  /** Season and episode order of a series; null for a film. */
  season: nullableInt,
  episode: nullableInt,
  /** The voice-over (or audio track) label; null when there is none. */
  language: shortText.nullable(),
  device_type: z.enum(DEVICE_TYPES),
  user_id: shortText.nullable(),
  isTrailer: z.boolean(),
  /** The ads of this view, one entry per ad in each array (SPEC.md section 3, ad history item). */
  ad_id: z.array(shortText).max(100),
  ad_type: z.array(z.enum(['preroll', 'midroll'])).max(100),
  ad_duration_sec: z.array(seconds).max(100),
  ad_position_perc: z.array(z.number().finite().min(0).max(100)).max(100),
  ad_position: z.array(seconds).max(100),
});
export type AnalyticsPayload = z.infer<typeof analyticsPayloadSchema>;

/** What each event adds of its own: present only where the event has something to say. */
export const analyticsDetailSchema = z.strictObject({
  /** view_start: play requested → first frame with the playhead moving, ms (ads excluded). */
  startup_ms: z.number().finite().min(0).optional(),
  /** seek: where from and where to, seconds, and how long until frames moved again, ms. */
  seek_from: seconds.optional(),
  seek_to: seconds.optional(),
  seek_latency_ms: z.number().finite().min(0).optional(),
  /** rebuffer: the stall's length, ms. */
  rebuffer_ms: z.number().finite().min(0).optional(),
  /** progress: the milestone reached. */
  milestone: z.union(PROGRESS_MILESTONES.map((value) => z.literal(value))).optional(),
  /** quality_change: the rendition before, '720p'. */
  previous_quality: shortText.nullable().optional(),
  /** error: the error table's code and category, fatal or not, and the id the viewer saw. */
  error_code: z.union([z.number().int(), shortText]).optional(),
  error_category: shortText.optional(),
  error_fatal: z.boolean().optional(),
  error_id: shortText.optional(),
  /** intro_skip: skipped without a click (the viewer always skips), or by the button. */
  auto: z.boolean().optional(),
  /** popup_open: which one. */
  popup: z.enum(POPUPS).optional(),
  /** data_saver_on/off: who turned it (the viewer, the host, the browser's Save-Data or a slow network). */
  data_saver_reason: z.enum(DATA_SAVER_REASONS).optional(),
  /** ad_*: the break and the ad. */
  ad_break: z.enum(['preroll', 'midroll']).optional(),
  ad_current_id: shortText.optional(),
  ad_current_time: seconds.optional(),
  ad_current_duration: seconds.optional(),
  /** ad_error: the VAST error code (IAB VAST 4.1, section 2.3.6.3: 100–901). */
  ad_error_code: z.number().int().min(0).max(9999).optional(),
  /** view_end: the view's quality of experience (Mux's definitions; ad time never counts). */
  exit_before_start: z.boolean().optional(),
  exit_during_preroll: z.boolean().optional(),
  rebuffer_count: z.number().int().min(0).optional(),
  rebuffer_total_ms: z.number().finite().min(0).optional(),
  seek_count: z.number().int().min(0).optional(),
  /** The height of the rendition on screen, weighted by the time it was on screen. */
  weighted_height: z.number().finite().min(0).optional(),
});
export type AnalyticsDetail = z.infer<typeof analyticsDetailSchema>;

/** One event as the collector stores it. */
export const analyticsEventSchema = z.strictObject({
  /** Unique per event (a UUID): the collector stores each id once, so a resend is harmless. */
  event_id: z.string().min(8).max(64).regex(/^[\w-]+$/),
  /** One view: one episode (or film) opened in one frame load. */
  view_id: z.string().min(8).max(64).regex(/^[\w-]+$/),
  event: z.enum(ANALYTICS_EVENT_NAMES),
  /** When it happened, ms since the epoch (the viewer's clock). */
  ts: z.number().int().min(0),
  network_type: z.enum(NETWORK_TYPES),
  payload: analyticsPayloadSchema,
  detail: analyticsDetailSchema,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /collect's body. */
export const analyticsBatchSchema = z.strictObject({
  /** When the batch left the viewer, ms since the epoch. */
  sent_at: z.number().int().min(0),
  events: z.array(analyticsEventSchema).min(1).max(MAX_BATCH_EVENTS),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** POST /collect's answer: how many events were new, and how many were already stored. */
export const collectResultSchema = z.strictObject({ accepted: z.number().int(), duplicates: z.number().int() });
export type CollectResult = z.infer<typeof collectResultSchema>;

/** GET /admin/analytics/events.json: one viewer's or one view's stored events, oldest first. */
export const storedEventListSchema = z.strictObject({
  events: z.array(analyticsEventSchema.extend({ ts: z.number().int(), received_at: z.string() })),
});
export type StoredEventList = z.infer<typeof storedEventListSchema>;
