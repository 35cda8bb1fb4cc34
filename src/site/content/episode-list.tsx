import { useState } from 'react';
import type { Episode, Season } from '../../contract/schemas/schema.ts';

export interface EpisodeListProps {
  seasons: readonly Season[];
  episodes: readonly Episode[];
  /** The episode on screen; undefined until the player says which it opened. */
  current: number | undefined;
  pick: (episodeId: number) => void;
}

/** Seasons as tabs, their episodes as buttons; a pick switches the player to that episode. */
export function EpisodeList({ seasons, episodes, current, pick }: EpisodeListProps) {
  const currentSeason = episodes.find((episode) => episode.id === current)?.season.order;
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const seasonOrder = chosen ?? currentSeason ?? seasons[0]?.order ?? 1;
  const shown = episodes.filter((episode) => episode.season.order === seasonOrder).sort((a, b) => a.order - b.order);
  return (
    <section className="episodes" aria-labelledby="episodes-title">
      <h2 id="episodes-title">Сезоны и серии</h2>
      {seasons.length > 1 ? (
        <div className="chips" role="group" aria-label="Сезоны">
          {[...seasons].sort((a, b) => a.order - b.order).map((season) => (
            <button type="button" key={season.id} aria-pressed={season.order === seasonOrder} onClick={() => setChosen(season.order)}>
              {season.order} сезон
            </button>
          ))}
        </div>
      ) : null}
      <ol className="episode-list" aria-label={`${seasonOrder} сезон`}>
        {shown.map((episode) => (
          <li key={episode.id}>
            <button type="button" aria-current={episode.id === current ? 'true' : undefined} onClick={() => pick(episode.id)}>
              <span className="episode-list__order">{episode.order} серия</span>
              <span className="episode-list__title">{episode.title}</span>
              {episode.isCompleted ? <span className="episode-list__done">просмотрено</span> : null}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
