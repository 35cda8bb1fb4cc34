import { describe, expect, it } from 'vitest';
import { episode, season, seriesContent } from '../../test/fakes/catalogue-fixtures.ts';
import { orderEpisodes } from '../contract/catalogue/episode-choice.ts';
import { topOverlayModel } from './top-overlay-model.ts';

const episodes = orderEpisodes([
  episode(201, 1, 1, { title: 'Пилот' }),
  episode(202, 1, 2, { title: 'Перекрёсток' }),
  episode(203, 1, 3),
  episode(204, 2, 1, { title: 'Возвращение', episodeVariants: [{ id: 1, title: 'Многоголосый закадровый', filepath: '/a.json' }, { id: 2, title: 'Авторский перевод', filepath: '/b.json' }] }),
]);
const seasons = [season(21, 1), season(22, 2)];

describe('topOverlayModel (SPEC.md section 2)', () => {
  it('shows the season and episode line with the episode title when it is not the default', () => {
    const model = topOverlayModel({ content: seriesContent(), seasons, episodes, episode: episodes[1]!, variant: undefined });
    expect(model.title).toBe('Город без карты');
    expect(model.episodeLine).toBe('1 сезон, 2 серия. Перекрёсток');
    const third = topOverlayModel({ content: seriesContent(), seasons, episodes, episode: episodes[2]!, variant: undefined });
    expect(third.episodeLine).toBe('1 сезон, 3 серия.');
  });

  it('lists the current season\'s episodes as "N. title" or "Серия N", with the picker saying "N серия"', () => {
    const model = topOverlayModel({ content: seriesContent(), seasons, episodes, episode: episodes[0]!, variant: undefined });
    expect(model.episodes).toEqual({
      label: '1 серия',
      selectedId: 201,
      options: [{ id: 201, label: '1. Пилот' }, { id: 202, label: '2. Перекрёсток' }, { id: 203, label: 'Серия 3' }],
    });
    expect(model.seasons?.options.map((option) => option.label)).toEqual(['1 сезон', '2 сезон']);
  });

  it('hides the season picker with one season, the episode picker with one episode, and the voice-over picker without variants', () => {
    const model = topOverlayModel({ content: seriesContent(), seasons: [season(22, 2)], episodes, episode: episodes[3]!, variant: episodes[3]!.episodeVariants[1] });
    expect(model.seasons).toBeUndefined();
    expect(model.episodes).toBeUndefined();
    expect(model.variants).toEqual({ label: 'Авторский перевод', selectedId: 2, options: [{ id: 1, label: 'Многоголосый закадровый' }, { id: 2, label: 'Авторский перевод' }] });
    expect(topOverlayModel({ content: seriesContent(), seasons, episodes, episode: episodes[0]!, variant: undefined }).variants).toBeUndefined();
  });

  it('has no episode line for a film', () => {
    const film = seriesContent({ hasMultipleEpisodes: false, contentType: { slug: 'movie' } });
    expect(topOverlayModel({ content: film, seasons: [season(11, 1)], episodes: [episodes[0]!], episode: episodes[0]!, variant: undefined }).episodeLine).toBeUndefined();
  });
});
