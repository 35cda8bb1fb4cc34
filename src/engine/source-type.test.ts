import { describe, expect, it } from 'vitest';
import { detectSourceType, sourceTypeOf, sourceTypeOfContentType } from './source-type.ts';

describe('sourceTypeOf', () => {
  it.each([
    ['https://cdn.example/a/master.m3u8', 'hls'],
    ['/media/a/MASTER.M3U8?token=1', 'hls'],
    ['https://cdn.example/a/manifest.mpd', 'dash'],
    ['https://cdn.example/a/film.mp4', 'progressive'],
    ['https://cdn.example/a/m3u8/film.mp4', 'progressive'],
    ['blob:https://player.example/0b6c-11', 'blob'],
    ['https://www.youtube.com/watch?v=abc', 'youtube'],
    ['https://youtu.be/abc', 'youtube'],
    ['https://vimeo.com/12345', 'vimeo'],
    ['https://cdn.example/stream?id=5', undefined],
  ] as const)('%s is %s', (url, type) => {
    expect(sourceTypeOf(url)).toBe(type);
  });
});

describe('sourceTypeOfContentType', () => {
  it.each([
    ['application/vnd.apple.mpegurl', 'hls'],
    ['application/x-mpegURL; charset=utf-8', 'hls'],
    ['application/dash+xml', 'dash'],
    ['video/mp4', 'progressive'],
    ['text/html', undefined],
    [null, undefined],
  ] as const)('%s is %s', (contentType, type) => {
    expect(sourceTypeOfContentType(contentType)).toBe(type);
  });
});

describe('detectSourceType', () => {
  function headFetch(contentType: string | null, calls: string[]): typeof fetch {
    return (async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method} ${url}`);
      return new Response(null, { headers: contentType ? { 'content-type': contentType } : {} });
    }) as typeof fetch;
  }

  it('asks nothing when the URL says the type', async () => {
    const calls: string[] = [];
    expect(await detectSourceType('https://cdn.example/a.m3u8', headFetch('video/mp4', calls))).toBe('hls');
    expect(calls).toEqual([]);
  });

  it('reads the Content-Type of a HEAD request otherwise', async () => {
    const calls: string[] = [];
    expect(await detectSourceType('https://cdn.example/stream?id=5', headFetch('application/dash+xml', calls))).toBe('dash');
    expect(calls).toEqual(['HEAD https://cdn.example/stream?id=5']);
  });

  it('falls back to the browser’s own playback when the HEAD request fails or says nothing', async () => {
    const failing = (async () => {
      throw new TypeError('network');
    }) as typeof fetch;
    expect(await detectSourceType('https://cdn.example/x', failing)).toBe('progressive');
    expect(await detectSourceType('https://cdn.example/x', headFetch(null, []))).toBe('progressive');
  });
});
