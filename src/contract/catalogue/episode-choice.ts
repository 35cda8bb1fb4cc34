import type { Episode, EpisodeVariant } from '../schemas/schema.ts';

/** Episodes by season order, then episode order (SPEC.md section 4); the input is left as it is. */
export function orderEpisodes(episodes: readonly Episode[]): Episode[] {
  return [...episodes].sort((a, b) => a.season.order - b.season.order || a.order - b.order);
}

/** What the query or the host asked to open. */
export interface EpisodeRequest {
  episodeId?: number | undefined;
  season?: number | undefined;
  /** The episode order within `season`; 1 when only the season is given. */
  episode?: number | undefined;
}

/**
 * The episode to open (SPEC.md section 4): an explicit episode id wins; else season plus episode
 * (default 1) by season order and episode order; else the first episode not completed; else the
 * first. A request that matches nothing falls through to the next rule. `ordered` comes from
 * orderEpisodes; undefined only when there are no episodes.
 */
export function chooseInitialEpisode(ordered: readonly Episode[], request: EpisodeRequest): Episode | undefined {
  if (request.episodeId !== undefined) {
    const byId = ordered.find((episode) => episode.id === request.episodeId);
    if (byId) return byId;
  }
  if (request.season !== undefined) {
    const order = request.episode ?? 1;
    const byPosition = ordered.find((episode) => episode.season.order === request.season && episode.order === order);
    if (byPosition) return byPosition;
  }
  return ordered.find((episode) => !episode.isCompleted) ?? ordered[0];
}

/** The episode after `current` in viewing order, if any. */
export function nextEpisode(ordered: readonly Episode[], current: Episode): Episode | undefined {
  const index = ordered.findIndex((episode) => episode.id === current.id);
  return index === -1 ? undefined : ordered[index + 1];
}

/**
 * The voice-over variant to open (SPEC.md section 5): the one with the given id, else the one
 * whose title was saved for the content, else the first. Undefined when the episode has none.
 */
export function chooseVariant(episode: Episode, variantId: number | undefined, savedTitle: string | undefined): EpisodeVariant | undefined {
  const variants = episode.episodeVariants;
  return (
    variants.find((variant) => variant.id === variantId) ??
    variants.find((variant) => savedTitle !== undefined && variant.title === savedTitle) ??
    variants[0]
  );
}

/** The file to play: the chosen variant's, else the episode's own. */
export function episodeFilePath(episode: Episode, variant: EpisodeVariant | undefined): string {
  return variant?.filepath ?? episode.m3u8MasterFilePath;
}
