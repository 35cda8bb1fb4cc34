import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, parseStored } from './storage-keys.ts';
import type { StorageKey } from './storage-keys.ts';

describe('storage key defaults', () => {
  it('match SPEC.md section 9: volume 1, not muted, empty records', () => {
    expect(STORAGE_KEYS['player-volume'].defaultValue).toBe(1);
    expect(STORAGE_KEYS['player-muted'].defaultValue).toBe(false);
    expect(STORAGE_KEYS.alwaysSkipIntro.defaultValue).toBe(false);
    expect(STORAGE_KEYS.episodesTimeProgress.defaultValue).toEqual({});
    expect(STORAGE_KEYS.favoriteAudioTracks.defaultValue).toEqual({});
  });
});

describe('parseStored', () => {
  const cases: Array<[string, StorageKey, unknown, unknown]> = [
    ['volume in range', 'player-volume', 0.4, 0.4],
    ['volume above 1', 'player-volume', 1.5, undefined],
    ['volume NaN', 'player-volume', Number.NaN, undefined],
    ['volume as a string', 'player-volume', '0.5', undefined],
    ['muted true', 'player-muted', true, true],
    ['muted as a string', 'player-muted', 'true', undefined],
    ['always skip the intro', 'alwaysSkipIntro', true, true],
    ['always skip the intro as a number', 'alwaysSkipIntro', 1, undefined],
    ['audio tracks: keeps labels, drops non-strings', 'favoriteAudioTracks', { 1: 'Дубляж', 2: 5, 3: '' }, { 1: 'Дубляж' }],
    ['audio tracks: an array is not a record', 'favoriteAudioTracks', ['Дубляж'], undefined],
    ['variants: null', 'episodeVariants', null, undefined],
    [
      'progress: plain and per-variant seconds, bad ones dropped',
      'episodesTimeProgress',
      { 10: 125.5, 11: -3, 12: Number.NaN, 13: { 7: 60, 8: 'x', 9: -1 }, 14: { 7: 'x' }, 15: 'soon' },
      { 10: 125.5, 13: { 7: 60 } },
    ],
    ['progress: not an object', 'episodesTimeProgress', 42, undefined],
    [
      'source preferences: each field checked on its own',
      'sourcePreferences',
      {
        'https://a/x.m3u8': { time: 30, volume: 2, muted: false, rate: 1.5, audioGain: 9, quality: 'auto' },
        'https://a/y.m3u8': { time: -1, quality: 'best' },
        'https://a/z.m3u8': { volume: 0.3, rate: 0, audioGain: 2, quality: 720 },
      },
      {
        'https://a/x.m3u8': { time: 30, muted: false, rate: 1.5, quality: 'auto' },
        'https://a/z.m3u8': { volume: 0.3, audioGain: 2, quality: 720 },
      },
    ],
    ['order: strings only, once each', 'episodesTimeProgressOrder', ['1', 2, '1', '3'], ['1', '3']],
  ];

  it.each(cases)('%s', (_name, key, raw, expected) => {
    expect(parseStored(key, raw)).toEqual(expected);
  });

  it('does not let a "__proto__" key reach the prototype', () => {
    const parsed = parseStored('favoriteAudioTracks', JSON.parse('{"__proto__": "Дубляж", "1": "Оригинал"}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed ?? {})).toEqual(['1', '__proto__']);
  });
});
