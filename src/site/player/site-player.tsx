import { useEffect, useRef } from 'react';
import { KinoPlayer } from '../../embed/index.ts';

export interface SitePlayerProps {
  movieId: number;
  /** The episode to show; a change switches the player to it (setEpisode), without a new frame. */
  episodeId?: number | undefined;
  /** The episode the player shows, as it says: the first it opened, a pick in the frame or the site's list, the next one at the end. */
  onEpisodeChange?: (change: { episodeId: number; season: number; episode: number }) => void;
}

/**
 * The player, embedded through the host SDK: created when the content's page opens, destroyed
 * when it closes (or the content changes); the site's episode list switches it with setEpisode.
 */
export function SitePlayer({ movieId, episodeId, onEpisodeChange }: SitePlayerProps) {
  const container = useRef<HTMLDivElement>(null);
  const player = useRef<KinoPlayer | undefined>(undefined);
  /** The episode the player shows, as it last said: a change it reported itself is not sent back. */
  const shown = useRef<number | undefined>(episodeId);
  const onChange = useRef(onEpisodeChange);
  onChange.current = onEpisodeChange;

  useEffect(() => {
    if (!container.current) return;
    const created = new KinoPlayer(container.current, { movieId, episodeId: shown.current, enabledShare: true });
    const report = (change: { episodeId: number; season: number; episode: number }) => {
      shown.current = change.episodeId;
      onChange.current?.(change);
    };
    created.on('episodechange', report);
    // The episode the player opened first is in its ready state.
    created.ready().then(({ episode }) => episode && report({ episodeId: episode.id, season: episode.season, episode: episode.episode }), () => undefined);
    player.current = created;
    return () => {
      created.destroy();
      player.current = undefined;
    };
  }, [movieId]);

  useEffect(() => {
    if (episodeId === undefined || episodeId === shown.current || !player.current) return;
    shown.current = episodeId;
    // A refusal (the player shows an error card) leaves the frame as it is; its own card says why.
    player.current.setEpisode({ episodeId }).catch(() => undefined);
  }, [episodeId]);

  return <div className="player" ref={container} data-testid="site-player" />;
}
