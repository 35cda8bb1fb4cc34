import type { CatalogueClient } from '../../api/catalogue-client.ts';
import { RequestError } from '../../api/request-error.ts';
import type { Content, Episode, Season } from '../../contract/schemas/schema.ts';
import { orderEpisodes } from '../../contract/catalogue/episode-choice.ts';

/** Everything the player loads about a content before it picks an episode. */
export interface LoadedContent {
  content: Content;
  seasons: Season[];
  /** In viewing order: season order, then episode order. */
  episodes: Episode[];
  /** True when the check was skipped or said available (SPEC.md section 4). */
  available: boolean;
}

export interface LoadContentOptions {
  /** False with disable_checking_available. */
  checkAvailability: boolean;
  /** The page address, sent as the availability call's domain. */
  domain: string;
}

/** Details, seasons, episodes and (unless disabled) availability, in parallel (SPEC.md section 4). */
export async function loadContent(client: CatalogueClient, movieId: number, options: LoadContentOptions, signal: AbortSignal): Promise<LoadedContent> {
  const [content, seasons, episodes, availability] = await Promise.all([
    client.content(movieId, signal),
    client.seasons(movieId, signal),
    client.episodes(movieId, signal),
    options.checkAvailability ? client.availability(movieId, options.domain, signal) : Promise.resolve({ available: true }),
  ]);
  if (episodes.length === 0) throw new RequestError(`episodes of ${movieId}`, 404, '');
  const bySeasonOrder = [...seasons].sort((a, b) => a.order - b.order);
  return { content, seasons: bySeasonOrder, episodes: orderEpisodes(episodes), available: availability.available };
}
