import { describe, expect, it } from 'vitest';
import { episode } from '../../../test/fakes/catalogue-fixtures.ts';
import { chooseInitialEpisode, chooseVariant, episodeFilePath, nextEpisode, orderEpisodes } from './episode-choice.ts';

// Season 2 comes first in the catalogue's answer; viewing order must not care.
const shuffled = [episode(204, 2, 1), episode(202, 1, 2), episode(201, 1, 1, { isCompleted: true }), episode(205, 2, 2), episode(203, 1, 3)];
const ordered = orderEpisodes(shuffled);

describe('orderEpisodes', () => {
  it('orders by season order, then episode order, leaving the input alone', () => {
    expect(ordered.map((item) => item.id)).toEqual([201, 202, 203, 204, 205]);
    expect(shuffled[0]!.id).toBe(204);
  });
});

describe('chooseInitialEpisode (SPEC.md section 4)', () => {
  it.each([
    ['an explicit episode id wins over season and episode', { episodeId: 204, season: 1, episode: 3 }, 204],
    ['season and episode by their orders', { season: 2, episode: 2 }, 205],
    ['episode 1 of the season when only the season is given', { season: 2 }, 204],
    ['the first episode not completed when nothing is asked', {}, 202],
    ['an unknown episode id falls through to season and episode', { episodeId: 999, season: 1, episode: 3 }, 203],
    ['a season that does not exist falls through to the first not completed', { season: 7 }, 202],
  ])('%s', (_name, request, expected) => {
    expect(chooseInitialEpisode(ordered, request)?.id).toBe(expected);
  });

  it('takes the first episode when every episode is completed, and nothing when there are none', () => {
    const watched = ordered.map((item) => ({ ...item, isCompleted: true }));
    expect(chooseInitialEpisode(watched, {})?.id).toBe(201);
    expect(chooseInitialEpisode([], {})).toBeUndefined();
  });
});

describe('nextEpisode', () => {
  it('crosses into the next season and ends after the last episode', () => {
    expect(nextEpisode(ordered, ordered[2]!)?.id).toBe(204);
    expect(nextEpisode(ordered, ordered[4]!)).toBeUndefined();
  });
});

describe('chooseVariant (SPEC.md section 5)', () => {
  const withVariants = episode(201, 1, 1, {
    episodeVariants: [
      { id: 2011, title: 'Многоголосый закадровый', filepath: '/v1.json' },
      { id: 2012, title: 'Авторский перевод', filepath: '/v2.json' },
    ],
  });

  it('takes the given id, else the saved title, else the first', () => {
    expect(chooseVariant(withVariants, 2012, 'Многоголосый закадровый')?.id).toBe(2012);
    expect(chooseVariant(withVariants, undefined, 'Авторский перевод')?.id).toBe(2012);
    expect(chooseVariant(withVariants, 9, 'нет такой')?.id).toBe(2011);
    expect(chooseVariant(episode(1, 1, 1), 2012, undefined)).toBeUndefined();
  });

  it('plays the variant file when there is one, else the episode file', () => {
    expect(episodeFilePath(withVariants, withVariants.episodeVariants[1])).toBe('/v2.json');
    expect(episodeFilePath(withVariants, undefined)).toBe('/manifests/201.json');
  });
});
