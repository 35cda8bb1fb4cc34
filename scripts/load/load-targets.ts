import { randomUUID } from 'node:crypto';
import type { AnalyticsBatch, AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';

/** One route under load: what autocannon sends to it. */
export interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Sent with every request, as the client this target stands for would. */
  headers?: Record<string, string>;
  /** A fresh body for each request (POST /collect: new event ids each time, as real players send). */
  body?: () => string;
  /** Sent as the demo viewer, with the bearer token a login gives (scripts/load.ts logs in once). */
  signedIn?: boolean;
}

/** Where a signed-in player saves its place every 10 s: film 2's one episode, a moving time. */
function progressWrite(): () => string {
  let next = 0;
  return () => JSON.stringify({ time: (next++ % 5_000) + 1, duration: 5_400 });
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

/** Rotates through `bodies`, so a route is measured on varied input rather than one cached answer. */
function rotating(bodies: readonly object[]): () => string {
  let next = 0;
  return () => JSON.stringify(bodies[next++ % bodies.length]);
}

/** What viewers type: words, stems, typos, a person, two words, a word and a place. */
const SEARCHES = ['любовь', 'фильмы о любви', 'масква', 'тихая река', 'Соколова', 'детектив петербург', 'зима', 'северный маяк', 'море и сны', 'гавань'];
const LISTINGS = [
  { page: 1, pageSize: 24 },
  { page: 3, pageSize: 24, sort: 'rating' },
  { page: 1, pageSize: 24, genres: ['drama'], yearFrom: 2000 },
  { page: 2, pageSize: 24, types: ['series'], countries: ['ru'], sort: 'year' },
  { page: 1, pageSize: 48, ratingFrom: 7, languages: ['en'] },
  { page: 10, pageSize: 24, sort: 'title', order: 'asc' },
];

/** Words of the generated titles and descriptions, and their typos, for questions never asked before. */
const WORDS = ['маяк', 'река', 'любовь', 'москва', 'масква', 'зима', 'город', 'берег', 'сестра', 'тайна', 'поезд', 'остров', 'море', 'письмо', 'врач', 'казань', 'петербург', 'звезда', 'охота', 'песня'];

/** A search no one made yet: two words and a page seen only once, so no kept answer helps. */
function coldSearch(): () => string {
  let next = 0;
  return () => {
    next += 1;
    const query = `${WORDS[next % WORDS.length]} ${WORDS[Math.floor(next / WORDS.length) % WORDS.length]}`;
    return JSON.stringify({ query, page: 1 + Math.floor(next / (WORDS.length * WORDS.length)), pageSize: 20 });
  };
}

/** A listing page no one asked for yet: each request another filter, page and page size (109 200 before one repeats). */
function coldListing(): () => string {
  let next = 0;
  return () => {
    next += 1;
    const filters = LISTINGS[next % LISTINGS.length] ?? {};
    const page = 1 + (Math.floor(next / LISTINGS.length) % 200);
    const pageSize = 10 + (Math.floor(next / (LISTINGS.length * 200)) % 91);
    return JSON.stringify({ ...filters, page, pageSize });
  };
}

/**
 * The reads every player load makes, the collector every playing frame feeds, and what a
 * catalogue site asks of the generated catalogue (5 000 contents by default): listings with
 * filters, a category page, search, and a content by its slug.
 */
export const LOAD_TARGETS: readonly LoadTarget[] = [
  { name: 'content', method: 'GET', path: '/catalog-api/contents/1' },
  // The player's iframe document, once per view, as a browser asks for it inside a host page:
  // the availability it carries is then keyed by that page (server/widget/boot-data.ts).
  { name: 'embed', method: 'GET', path: '/embed?movie_id=2', headers: { 'sec-fetch-dest': 'iframe', referer: 'https://host.example/films/watch' } },
  { name: 'content by slug', method: 'GET', path: '/catalog-api/contents/by-slug/gorod-bez-karty' },
  { name: 'listing with filters (6 pages asked again and again)', method: 'POST', path: '/catalog-api/v2/contents', body: rotating(LISTINGS) },
  { name: 'listing with filters (a new page each time)', method: 'POST', path: '/catalog-api/v2/contents', body: coldListing() },
  { name: 'category listing (a new page each time)', method: 'POST', path: '/catalog-api/v2/types/movie/categories/drama/contents', body: coldListing() },
  { name: 'search (10 popular queries)', method: 'POST', path: '/catalog-api/v2/contents/search', body: rotating(SEARCHES.map((query) => ({ query, page: 1, pageSize: 20 }))) },
  { name: 'search (a new query each time)', method: 'POST', path: '/catalog-api/v2/contents/search', body: coldSearch() },
  { name: 'episodes', method: 'GET', path: '/catalog-api/episodes?content-id=2' },
  { name: 'manifest', method: 'GET', path: '/catalog-api/manifests/episodes/201.json' },
  { name: 'collect (10 events)', method: 'POST', path: '/collect', body: collectBatch },
  { name: 'progress write', method: 'POST', path: '/catalog-api/contents/2/episodes/201/time-progress', body: progressWrite(), signedIn: true },
];
