/**
 * Types of server/db/demo-catalogue.json, the demo catalogue the server seeds on first start
 * and the media script renders. Ids are fixed: tests, docs and later work rely on them.
 */
import catalogue from './demo-catalogue.json' with { type: 'json' };

export interface DemoEpisodeMedia {
  /** Folder under the media root. */
  dir: string;
  /** Entry file in `dir`; absent for series, whose variants each have master-{key}.m3u8. */
  master?: string;
  /** Subtitle languages; series episodes always have ru and en. */
  subtitles?: string[];
}

export interface DemoEpisode {
  id: number;
  order: number;
  title: string;
  description: string;
  duration: number;
  /** The opening titles, seconds from the start; absent when the episode has none. */
  intro?: { start: number; end: number };
  /** Where the closing credits start, seconds; absent when unknown. */
  creditsStart?: number;
  /** null: the episode has no media (its manifest is missing on purpose). */
  media: DemoEpisodeMedia | null;
}

export interface DemoSeason {
  id: number;
  order: number;
  episodes: DemoEpisode[];
}

export interface DemoVariant {
  key: string;
  title: string;
  /** Variant id = episode id × 10 + idOffset. */
  idOffset: number;
}

export interface DemoContent {
  id: number;
  slug: string;
  title: string;
  description: string;
  type: 'movie' | 'series';
  year: number;
  countries: string[];
  languages: string[];
  kinopoiskId: number;
  imdbId: string;
  rating: { kinopoisk: number; imdb: number };
  blockedCountries: string[];
  seasons: DemoSeason[];
  variants?: DemoVariant[];
}

export interface DemoAd {
  creativeId: string;
  title: string;
  file: string;
  duration: number;
  clickThrough: string;
}

export interface DemoCatalogue {
  contents: DemoContent[];
  ads: DemoAd[];
}

export const demoCatalogue = catalogue as DemoCatalogue;

export function variantId(episodeId: number, variant: DemoVariant): number {
  return episodeId * 10 + variant.idOffset;
}
