import { randomUUID } from 'node:crypto';
import type { AnalyticsBatch, AnalyticsDetail, AnalyticsEvent, AnalyticsEventName } from '../../src/contract/schemas/analytics-schema.ts';

/** A small deterministic generator: a run's batches differ, but a failing run can be replayed by its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const CONTENTS = [
  { id: 1, title: 'Северный маяк', category: 'movie', duration: 60 },
  { id: 2, title: 'Город без карты', category: 'series', duration: 24 },
  { id: 4, title: 'Долгая дорога домой', category: 'movie', duration: 1880 },
] as const;

/**
 * One view's events, as a player sends them in one batch: 10 to 50 of them, each with an id of
 * its own. The mix touches every figure of the dashboard: starts and their start-up times, stalls,
 * ads requested, played, skipped and failed, fatal errors, and views left before they started.
 */
export function viewBatch(random: () => number, now: number): AnalyticsBatch {
  const content = CONTENTS[Math.floor(random() * CONTENTS.length)] ?? CONTENTS[0];
  const viewId = randomUUID();
  const size = 10 + Math.floor(random() * 41);
  const leftBeforeStart = random() < 0.1;
  const fatal = !leftBeforeStart && random() < 0.1;
  const withAds = random() < 0.5;
  // Whole seconds and milliseconds: both stores must give the same figures, not nearly the same.
  const startedAt = now - 60_000 - Math.floor(random() * 3_600_000);
  let played = 0;
  const names: { event: AnalyticsEventName; detail: AnalyticsDetail }[] = [];
  if (withAds) {
    const ad = `ad-${Math.floor(random() * 5)}`;
    names.push({ event: 'ad_break_request', detail: { ad_break: 'preroll' } });
    if (random() < 0.2) names.push({ event: 'ad_error', detail: { ad_break: 'preroll', ad_error_code: 303 } });
    else {
      names.push({ event: 'ad_play', detail: { ad_break: 'preroll', ad_current_id: ad } });
      names.push({ event: random() < 0.3 ? 'ad_skip_btn_click' : 'ad_ended', detail: { ad_break: 'preroll', ad_current_id: ad } });
    }
  }
  if (leftBeforeStart) {
    names.push({ event: 'view_end', detail: { exit_before_start: true, exit_during_preroll: withAds } });
  } else {
    names.push({ event: 'play', detail: {} });
    names.push({ event: 'view_start', detail: { startup_ms: 100 + Math.floor(random() * 4000) } });
    while (names.length < size - 2) {
      const roll = random();
      played += 10;
      if (roll < 0.15) names.push({ event: 'rebuffer', detail: { rebuffer_ms: 250 + Math.floor(random() * 3000) } });
      else if (roll < 0.3) names.push({ event: 'seek', detail: { seek_from: played, seek_to: played + 30, seek_latency_ms: Math.floor(random() * 900) } });
      else if (roll < 0.5) names.push({ event: 'pause', detail: {} });
      else names.push({ event: 'timeupdate', detail: {} });
    }
    if (fatal) names.push({ event: 'error', detail: { error_code: 2004, error_category: 'network', error_fatal: true, error_id: randomUUID() } });
    names.push({ event: 'view_end', detail: { rebuffer_count: 0, seek_count: 0, weighted_height: 720 } });
  }
  while (names.length < size) names.splice(names.length - 1, 0, { event: 'mute', detail: {} });
  const events: AnalyticsEvent[] = names.map(({ event, detail }, index) => ({
    event_id: randomUUID(),
    view_id: viewId,
    event,
    ts: startedAt + index * 1000,
    network_type: 'wifi',
    payload: {
      video_id: content.id,
      video_title: content.title,
      duration: content.duration,
      player_type: 'embedded',
      video_category: content.category,
      video_thumbnail: '',
      ratings: { kinopoisk: null, imdb: null },
      kinopoisk_id: null,
      IMDb_id: null,
      year: 2024,
      countries: ['ru'],
      current_time: Math.min(played, content.duration),
      playback_rate: 1,
      real_time_played_sec: Math.floor((played * index) / names.length),
      video_time_played_sec: Math.floor((played * index) / names.length),
      video_quality: '720p',
      season: null,
      episode: null,
      language: null,
      device_type: 'desktop',
      user_id: null,
      isTrailer: false,
      ad_id: [],
      ad_type: [],
      ad_duration_sec: [],
      ad_position_perc: [],
      ad_position: [],
    },
    detail,
  }));
  return { sent_at: now, events };
}
