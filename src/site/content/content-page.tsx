import { useEffect, useState } from 'react';
import { catalogueApi } from '../api/catalogue-api.ts';
import { useResource } from '../api/use-resource.ts';
import { viewerApi } from '../api/viewer-api.ts';
import { useSession } from '../auth/session.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { SitePlayer } from '../player/site-player.tsx';
import { navigate, useLocation } from '../router/navigation.tsx';
import { ContentAbout, ContentFacts } from './content-facts.tsx';
import { EpisodeList } from './episode-list.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { PlaylistPicker } from './playlist-picker.tsx';
import { Reviews } from './reviews.tsx';

/** The episode the address names (?episode=id): History's «Продолжить просмотр» opens the page there. */
function episodeFromAddress(search: URLSearchParams): number | undefined {
  const value = Number(search.get('episode'));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * /contents/{slug}: the content's facts, the player (host SDK), its seasons and episodes (a pick
 * switches the player), favourites, playlists and reviews. A logged-in viewer's visit goes to the
 * history.
 */
export function ContentPage({ slug }: { slug: string }) {
  const { search } = useLocation();
  const { user } = useSession();
  const details = useResource(slug, async (signal) => {
    const content = await catalogueApi.contentBySlug(slug, signal);
    if (!content.hasMultipleEpisodes) return { content, seasons: [], episodes: [] };
    const [seasons, episodes] = await Promise.all([catalogueApi.seasons(content.id, signal), catalogueApi.episodes(content.id, signal)]);
    return { content, seasons, episodes };
  });
  /** The episode asked of the player, and the one it says it shows (the list marks that one: nothing is assumed). */
  const [requested, setRequested] = useState(() => episodeFromAddress(search));
  const [playing, setPlaying] = useState<number | undefined>(undefined);
  const contentId = details.data?.content.id;
  useTitle(details.data?.content.title);

  useEffect(() => {
    if (contentId !== undefined && user) viewerApi.visit(contentId).catch(() => undefined);
  }, [contentId, user]);

  if (details.status === 'loading') return <Loading />;
  if (details.status === 'error') return <LoadError error={details.error} retry={details.reload} />;
  const { content, seasons, episodes } = details.data;

  /** The episode the player now shows; a series' is in the address too (replaced: it is no new page to go back to). */
  const shown = (id: number) => {
    setPlaying(id);
    setRequested(id);
    if (content.hasMultipleEpisodes) navigate(`${location.pathname}?episode=${id}`, { replace: true, keepScroll: true });
  };

  return (
    <article className="content">
      <ContentFacts content={content} />
      <div className="content__player">
        <SitePlayer movieId={content.id} episodeId={requested} onEpisodeChange={(change) => shown(change.episodeId)} />
      </div>
      <div className="content__actions">
        <FavouriteButton contentId={content.id} />
        <PlaylistPicker contentId={content.id} />
      </div>
      <ContentAbout content={content} />
      {content.hasMultipleEpisodes ? <EpisodeList seasons={seasons} episodes={episodes} current={playing} pick={setRequested} /> : null}
      <Reviews contentId={content.id} />
    </article>
  );
}
