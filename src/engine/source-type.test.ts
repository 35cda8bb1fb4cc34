import { describe, expect, it } from 'vitest';
import { sourceTypeOf } from './source-type.ts';

describe('sourceTypeOf', () => {
  it.each([
    ['https://cdn.example/a/master.m3u8', 'hls'],
    ['/media/a/MASTER.M3U8?token=1', 'hls'],
    ['https://cdn.example/a/manifest.mpd', 'dash'],
    ['https://cdn.example/a/film.mp4', 'progressive'],
    ['https://cdn.example/a/m3u8/film.mp4', 'progressive'],
  ] as const)('%s is %s', (url, type) => {
    expect(sourceTypeOf(url)).toBe(type);
  });
});
