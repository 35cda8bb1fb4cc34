import type { Content, Episode, EpisodeVariant, Season } from '../contract/schemas/schema.ts';
import type { PickerModel } from '../ui/components/top-overlay.tsx';
import { ru } from '../ui/i18n/ru.ts';

export interface TopOverlayModel {
  title: string;
  episodeLine: string | undefined;
  seasons: PickerModel | undefined;
  episodes: PickerModel | undefined;
  variants: PickerModel | undefined;
}

interface Input {
  content: Content;
  seasons: readonly Season[];
  /** In viewing order. */
  episodes: readonly Episode[];
  episode: Episode;
  variant: EpisodeVariant | undefined;
}

/** An episode's own title, or nothing when it is empty or just the default 'Серия N'. */
function ownTitle(episode: Episode): string | undefined {
  const title = episode.title.trim();
  return title && title !== ru.defaultEpisodeTitle(episode.order) ? title : undefined;
}

/** What the top overlay shows (SPEC.md section 2), from the loaded content and the current episode. */
export function topOverlayModel({ content, seasons, episodes, episode, variant }: Input): TopOverlayModel {
  const title = ownTitle(episode);
  const seasonEpisodes = episodes.filter((candidate) => candidate.season.id === episode.season.id);
  return {
    title: content.title,
    episodeLine: content.hasMultipleEpisodes
      ? [ru.seasonEpisodeLine(episode.season.order, episode.order), title].filter(Boolean).join(' ')
      : undefined,
    seasons: seasons.length > 1
      ? { label: ru.seasonLabel(episode.season.order), selectedId: episode.season.id, options: seasons.map((season) => ({ id: season.id, label: ru.seasonLabel(season.order) })) }
      : undefined,
    episodes: seasonEpisodes.length > 1
      ? {
          label: ru.episodePickerLabel(episode.order),
          selectedId: episode.id,
          options: seasonEpisodes.map((item) => {
            const own = ownTitle(item);
            return { id: item.id, label: own ? ru.episodeListItem(item.order, own) : ru.defaultEpisodeTitle(item.order) };
          }),
        }
      : undefined,
    variants: episode.episodeVariants.length > 0
      ? { label: variant?.title ?? ru.voiceOvers, selectedId: variant?.id, options: episode.episodeVariants.map((item) => ({ id: item.id, label: item.title })) }
      : undefined,
  };
}
