import { describe, expect, it } from 'vitest';
import { optionsFromAttributes } from './element-attributes.ts';

const ORIGIN = 'https://player.example';
const element = (attributes: Record<string, string>) => ({ getAttribute: (name: string) => attributes[name] ?? null });

describe('optionsFromAttributes (<kino-player> attributes)', () => {
  it('reads data-kino-player options without the data- prefix', () => {
    expect(
      optionsFromAttributes(
        element({
          'movie-id': '2', season: '2', episode: '3', 'variant-id': '2042', time: '90', 'auto-play': '', 'enabled-share': 'true', 'lang-order': 'ru, en',
          'voice-author': 'Студия', 'timeupdate-interval': '500', 'fullscreen-mode': 'stretch', title: 'Сериал', 'referrer-policy': 'no-referrer', 'episode-id': '7',
        }),
        ORIGIN,
      ),
    ).toEqual({
      movieId: 2, playerOrigin: ORIGIN, season: 2, episode: 3, variantId: 2042, time: 90, autoPlay: true, enabledShare: true, lazy: false,
      langOrder: ['ru', 'en'], voiceAuthor: 'Студия', timeupdateInterval: 500, fullscreenMode: 'stretch', title: 'Сериал', referrerPolicy: 'no-referrer', episodeId: 7,
    });
  });

  it('passes loading through when it is a mode the SDK knows, and leaves out anything else', () => {
    expect(optionsFromAttributes(element({ 'movie-id': '1', loading: 'facade' }), ORIGIN).loading).toBe('facade');
    expect(optionsFromAttributes(element({ 'movie-id': '1', loading: 'lazy' }), ORIGIN).loading).toBe('lazy');
    expect(optionsFromAttributes(element({ 'movie-id': '1', loading: 'later' }), ORIGIN)).not.toHaveProperty('loading');
  });

  it('takes the player origin from player-origin when the element has one', () => {
    expect(optionsFromAttributes(element({ 'movie-id': '1', 'player-origin': 'https://other.example' }), ORIGIN).playerOrigin).toBe('https://other.example');
    expect(optionsFromAttributes(element({ 'movie-id': '1' }), ORIGIN).playerOrigin).toBe(ORIGIN);
  });

  it('ignores unrelated attributes and leaves out what does not parse', () => {
    expect(optionsFromAttributes(element({ 'movie-id': '2', season: 'two', class: 'wide', 'data-season': '3' }), ORIGIN)).toEqual({
      movieId: 2, playerOrigin: ORIGIN, autoPlay: false, enabledShare: false, lazy: false,
    });
  });
});
