import { describe, expect, it } from 'vitest';
import { episodeTargetOf, optionChange } from './option-changes.ts';

const base = { movieId: 2, playerOrigin: 'https://player.example', season: 1, episode: 1 };

describe('optionChange: a live player follows new options by command where the SDK has one', () => {
  it('changes nothing when nothing changed (a list compared by value)', () => {
    expect(optionChange({ ...base, langOrder: ['ru'] }, { ...base, langOrder: ['ru'] })).toEqual({ rebuild: false });
  });

  it('opens another episode with setEpisode', () => {
    expect(optionChange(base, { ...base, episode: 4 })).toEqual({ rebuild: false, episode: { season: 1, episode: 4 } });
    expect(optionChange(base, { ...base, season: 3, episode: 2 })).toEqual({ rebuild: false, episode: { season: 3, episode: 2 } });
    expect(optionChange(base, { ...base, episodeId: 301 })).toEqual({ rebuild: false, episode: { episodeId: 301 } });
  });

  it('switches the voice-over with setVariant, after the episode when both change', () => {
    expect(optionChange(base, { ...base, variantId: 7 })).toEqual({ rebuild: false, variantId: 7 });
    expect(optionChange(base, { ...base, episode: 2, variantId: 7 })).toEqual({ rebuild: false, episode: { season: 1, episode: 2 }, variantId: 7 });
  });

  it('makes a new frame for another content, an option only the address carries, or an episode no longer named', () => {
    expect(optionChange(base, { ...base, movieId: 3 })).toEqual({ rebuild: true });
    expect(optionChange(base, { ...base, autoPlay: true })).toEqual({ rebuild: true });
    expect(optionChange(base, { ...base, loading: 'facade' })).toEqual({ rebuild: true });
    expect(optionChange(base, { movieId: 2, playerOrigin: base.playerOrigin })).toEqual({ rebuild: true });
    expect(optionChange({ ...base, variantId: 7 }, base)).toEqual({ rebuild: true });
  });

  it('names the episode as setEpisode takes it', () => {
    expect(episodeTargetOf({ season: 2 })).toEqual({ season: 2 });
    expect(episodeTargetOf({ episodeId: 5, season: 2, episode: 1 })).toEqual({ episodeId: 5 });
    expect(episodeTargetOf({ episode: 3 })).toBeUndefined();
  });
});
