import { describe, expect, it } from 'vitest';
import { optionsFromDataset } from './data-attributes.ts';

const ORIGIN = 'https://player.example';

describe('optionsFromDataset (data-kino-player elements)', () => {
  it('reads the numbers, flags and lists the widget takes', () => {
    expect(
      optionsFromDataset(
        { movieId: '2', season: '2', episode: '3', variantId: '2042', time: '90', autoPlay: '', enabledShare: 'true', lazy: 'false', langOrder: 'ru, en', voiceAuthor: 'Студия', timeupdateInterval: '500', fullscreenMode: 'stretch' },
        ORIGIN,
      ),
    ).toEqual({
      movieId: 2, playerOrigin: ORIGIN, season: 2, episode: 3, variantId: 2042, time: 90, autoPlay: true, enabledShare: true, lazy: false,
      langOrder: ['ru', 'en'], voiceAuthor: 'Студия', timeupdateInterval: 500, fullscreenMode: 'stretch',
    });
  });

  it('leaves out what does not parse, so the player uses its defaults', () => {
    expect(optionsFromDataset({ movieId: '2', season: 'two', episode: '-1', episodeId: '1.5', time: 'soon', fullscreenMode: 'huge' }, ORIGIN)).toEqual({
      movieId: 2, playerOrigin: ORIGIN, autoPlay: false, enabledShare: false, lazy: false,
    });
  });

  it('passes a malformed movie id on, for KinoPlayer to refuse with a TypeError that names it', () => {
    expect(optionsFromDataset({ movieId: 'abc' }, ORIGIN).movieId).toBeNaN();
  });
});
