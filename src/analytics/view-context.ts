import type { WidgetConfig } from '../config/widget-config.ts';
import type { ViewContext } from '../../workers/analytics/analytics-inputs.ts';
import type { WatchedContent } from './analytics-app.ts';
import { deviceTypeOf } from './device-type.ts';

export type ContextConfig = Pick<WidgetConfig, 'userId' | 'apiBaseUrl' | 'movieId'>;

/**
 * The payload's description of the content and the viewer (SPEC.md section 7). Without a view
 * (the content does not exist, or its catalogue call failed) only the asked-for id is known: the
 * failure is still a view of that id, so the operator sees it under its content.
 */
export function viewContext(view: WatchedContent | undefined, config: ContextConfig, pageUrl: string): ViewContext {
  const device_type = deviceTypeOf(navigator as Navigator & { userAgentData?: { mobile?: boolean } });
  const user_id = config.userId ?? null;
  if (!view) {
    return {
      video_id: config.movieId ?? 0, video_title: '', video_category: '', video_thumbnail: '', ratings: { kinopoisk: null, imdb: null },
      kinopoisk_id: null, IMDb_id: null, year: null, countries: [], season: null, episode: null, language: null, user_id, isTrailer: false, device_type,
    };
  }
  const { content, current } = view;
  const series = content.hasMultipleEpisodes;
  const apiOrigin = new URL(config.apiBaseUrl, pageUrl).origin;
  return {
    video_id: content.id,
    video_title: content.title,
    video_category: content.contentType.slug,
    video_thumbnail: content.posterUrl ? new URL(content.posterUrl, apiOrigin).href : '',
    ratings: { kinopoisk: content.rating.kinopoisk?.value ?? null, imdb: content.rating.imdb?.value ?? null },
    kinopoisk_id: content.kinopoiskId,
    IMDb_id: content.imdbId,
    year: content.year,
    countries: content.countries.map((country) => country.slug),
    season: series ? current.episode.season.order : null,
    episode: series ? current.episode.order : null,
    language: current.variant?.title ?? null,
    user_id,
    isTrailer: false,
    device_type,
  };
}
