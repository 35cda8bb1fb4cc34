import { randomUUID } from 'node:crypto';
import type { AnalyticsBatch, AnalyticsEvent } from '../../src/api/analytics-schema.ts';

/** One route under load: what autocannon sends to it. */
export interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** A fresh body for each request (POST /collect: new event ids each time, as real players send). */
  body?: () => string;
}

const EVENTS_PER_BATCH = 10;

/** A batch as a playing frame sends it: ten time updates of one view. */
function collectBatch(): string {
  const viewId = randomUUID();
  const events: AnalyticsEvent[] = Array.from({ length: EVENTS_PER_BATCH }, (_, index) => ({
    event_id: randomUUID(),
    view_id: viewId,
    event: 'timeupdate',
    ts: Date.now(),
    network_type: 'wifi',
    payload: {
      video_id: 1, video_title: 'Северный маяк', duration: 60, player_type: 'embedded', video_category: 'movie',
      video_thumbnail: '/catalog-api/media/posters/content-1.jpg', ratings: { kinopoisk: 7.4, imdb: 7.1 },
      kinopoisk_id: 1000001, IMDb_id: 'tt0000001', year: 2021, countries: ['russia'], current_time: index,
      playback_rate: 1, real_time_played_sec: index, video_time_played_sec: index, video_quality: '720p',
      season: null, episode: null, language: 'Русский', device_type: 'desktop', user_id: null, isTrailer: false,
      ad_id: [], ad_type: [], ad_duration_sec: [], ad_position_perc: [], ad_position: [],
    },
    detail: {},
  }));
  const batch: AnalyticsBatch = { sent_at: Date.now(), events };
  return JSON.stringify(batch);
}

/** The reads every player load makes, and the collector every playing frame feeds. */
export const LOAD_TARGETS: readonly LoadTarget[] = [
  { name: 'content', method: 'GET', path: '/catalog-api/contents/1' },
  { name: 'episodes', method: 'GET', path: '/catalog-api/episodes?content-id=2' },
  { name: 'manifest', method: 'GET', path: '/catalog-api/manifests/episodes/201.json' },
  { name: 'collect (10 events)', method: 'POST', path: '/collect', body: collectBatch },
];
