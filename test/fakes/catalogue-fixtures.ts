import type { Content, Episode, Season } from '../../src/contract/schemas/schema.ts';

/** A series content as the catalogue returns it. */
export function seriesContent(overrides: Partial<Content> = {}): Content {
  return {
    id: 2, slug: 'series', title: 'Город без карты', description: '', hasMultipleEpisodes: true, posterUrl: '/p.jpg',
    contentType: { slug: 'series' }, kinopoiskId: null, imdbId: null, year: 2024, countries: [], languages: [],
    rating: { kinopoisk: null, imdb: null }, originalTitle: '', ageRating: null, durationMinutes: null, backdropUrl: null,
    genres: [], tags: [], persons: [], ...overrides,
  };
}

export function season(id: number, order: number): Season {
  return { id, contentId: 2, order, title: `${order}` };
}

/** An episode of season `seasonOrder` (season id = 20 + order). */
export function episode(id: number, seasonOrder: number, order: number, overrides: Partial<Episode> = {}): Episode {
  return {
    id, contentId: 2, order, title: `Серия ${order}`, description: '', posterPath: null, duration: 24, isCompleted: false,
    season: { id: 20 + seasonOrder, order: seasonOrder }, m3u8MasterFilePath: `/manifests/${id}.json`, episodeVariants: [], ...overrides,
  };
}
