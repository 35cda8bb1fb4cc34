import { describe, expect, it } from 'vitest';
import { fillMacros, formatPlayhead } from './vast-macros.ts';

const fixed = { now: () => new Date('2026-11-24T10:20:30.456Z'), random: () => 0.5 };

describe('VAST macros', () => {
  it('fills the error code, the cache buster, the time stamp and both playheads, encoded', () => {
    const url = 'https://ads.example/e?c=[ERRORCODE]&cb=[CACHEBUSTING]&ts=[TIMESTAMP]&ad=[ADPLAYHEAD]&m=[MEDIAPLAYHEAD]';
    expect(fillMacros(url, { ...fixed, errorCode: 402, adPlayhead: 5.5, mediaPlayhead: 3725.25 })).toBe(
      'https://ads.example/e?c=402&cb=55000000&ts=2026-11-24T10%3A20%3A30.456Z&ad=00%3A00%3A05.500&m=01%3A02%3A05.250',
    );
  });

  it('reads the %%NAME%% form and the asset URI', () => {
    expect(fillMacros('https://t.example/?a=%%ASSETURI%%&e=%%ERRORCODE%%', { errorCode: 405, assetUri: 'https://cdn.example/ad 1.mp4' })).toBe(
      'https://t.example/?a=https%3A%2F%2Fcdn.example%2Fad%201.mp4&e=405',
    );
  });

  it('a known macro without a value becomes -1; an unknown one stays', () => {
    expect(fillMacros('https://t.example/?p=[ADPLAYHEAD]&x=[RANDOM]&c=[CONTENTPLAYHEAD]')).toBe('https://t.example/?p=-1&x=[RANDOM]&c=-1');
  });

  it('the cache buster is 8 digits', () => {
    for (const random of [0, 0.123456789, 0.999999999]) expect(fillMacros('[CACHEBUSTING]', { random: () => random })).toMatch(/^[1-9]\d{7}$/);
  });

  it('formats playheads as HH:MM:SS.mmm', () => {
    expect(formatPlayhead(0)).toBe('00:00:00.000');
    expect(formatPlayhead(59.9996)).toBe('00:01:00.000');
    expect(formatPlayhead(36_000.007)).toBe('10:00:00.007');
  });
});
