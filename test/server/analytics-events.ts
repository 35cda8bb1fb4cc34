import { randomUUID } from 'node:crypto';
import type { AnalyticsBatch, AnalyticsDetail, AnalyticsEvent, AnalyticsEventName, AnalyticsPayload, NetworkType } from '../../src/contract/schemas/analytics-schema.ts';

/** A film's payload as the player builds it (SPEC.md section 7); tests override what they measure. */
export function payloadOf(overrides: Partial<AnalyticsPayload> = {}): AnalyticsPayload {
  return {
    video_id: 1,
    video_title: 'Северный маяк',
    duration: 60,
    player_type: 'embedded',
    video_category: 'movie',
    video_thumbnail: '/catalog-api/media/posters/content-1.jpg',
    ratings: { kinopoisk: 7.4, imdb: 7.1 },
    kinopoisk_id: 1000001,
    IMDb_id: 'tt0000001',
    year: 2021,
    countries: ['russia'],
    current_time: 0,
    playback_rate: 1,
    real_time_played_sec: 0,
    video_time_played_sec: 0,
    video_quality: '720p',
    season: null,
    episode: null,
    language: 'Русский',
    device_type: 'desktop',
    user_id: null,
    isTrailer: false,
    ad_id: [],
    ad_type: [],
    ad_duration_sec: [],
    ad_position_perc: [],
    ad_position: [],
    ...overrides,
  };
}

export interface EventSpec {
  event: AnalyticsEventName;
  viewId: string;
  /** ms since the epoch. */
  ts: number;
  networkType?: NetworkType;
  payload?: Partial<AnalyticsPayload>;
  detail?: AnalyticsDetail;
}

export function eventOf(spec: EventSpec): AnalyticsEvent {
  return {
    event_id: randomUUID(),
    view_id: spec.viewId,
    event: spec.event,
    ts: spec.ts,
    network_type: spec.networkType ?? 'wifi',
    payload: payloadOf(spec.payload),
    detail: spec.detail ?? {},
  };
}

export function batchOf(events: AnalyticsEvent[], sentAt = Date.now()): AnalyticsBatch {
  return { sent_at: sentAt, events };
}

/** A fresh view id (the player's are UUIDs too). */
export const newViewId = (): string => randomUUID();

/** Midnight UTC of the day `daysAgo` days before today, ms. */
export function utcDayStart(daysAgo = 0, now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * 86_400_000;
}
