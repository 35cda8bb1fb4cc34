import { describe, expect, it } from 'vitest';
import { THUMBNAIL_CACHE_LIMIT, ThumbnailCache } from './thumbnail-cache.ts';
import type { ThumbnailCue } from './thumbnail-types.ts';

const cues = (n: number): ThumbnailCue[] => [{ url: `https://x.example/${n}.jpg`, startTime: n, endTime: n + 1 }];
const key = (n: number): string => `https://x.example/${n}/thumbs.vtt`;

function filled(count: number): ThumbnailCache {
  const cache = new ThumbnailCache();
  for (let n = 0; n < count; n += 1) cache.set(key(n), cues(n));
  return cache;
}

describe('ThumbnailCache', () => {
  it('keeps up to 99 entries (SPEC.md section 9)', () => {
    expect(THUMBNAIL_CACHE_LIMIT).toBe(99);
    const cache = filled(99);
    expect(cache.size).toBe(99);
    expect(cache.get(key(0))).toStrictEqual(cues(0));
  });

  it('the 100th entry evicts the least recently used', () => {
    const cache = filled(100);
    expect(cache.size).toBe(99);
    expect(cache.get(key(0))).toBeUndefined();
    expect(cache.get(key(1))).toStrictEqual(cues(1));
    expect(cache.get(key(99))).toStrictEqual(cues(99));
  });

  it.each<[string, (cache: ThumbnailCache) => void, number]>([
    ['get refreshes recency', (cache) => cache.get(key(0)), 1],
    ['set of a present key refreshes recency', (cache) => cache.set(key(0), cues(0)), 1],
    ['a missed get changes nothing', (cache) => cache.get(key(500)), 0],
  ])('%s', (_name, touch, evicted) => {
    const cache = filled(99);
    touch(cache);
    cache.set(key(100), cues(100));
    expect(cache.size).toBe(99);
    expect(cache.get(key(evicted))).toBeUndefined();
    for (const kept of [0, 1, 2, 98, 100].filter((n) => n !== evicted)) {
      expect(cache.get(key(kept)), `entry ${kept}`).toBeDefined();
    }
  });

  it('set replaces the value of a present key without growing', () => {
    const cache = filled(3);
    cache.set(key(1), cues(7));
    expect(cache.size).toBe(3);
    expect(cache.get(key(1))).toStrictEqual(cues(7));
  });

  it('honours a smaller limit', () => {
    const cache = new ThumbnailCache(2);
    cache.set('a', cues(1));
    cache.set('b', cues(2));
    cache.get('a');
    cache.set('c', cues(3));
    expect([cache.size, cache.get('a'), cache.get('b'), cache.get('c')]).toStrictEqual([2, cues(1), undefined, cues(3)]);
  });
});
