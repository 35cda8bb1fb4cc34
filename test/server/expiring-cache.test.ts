import { describe, expect, it } from 'vitest';
import { MemoryCache } from '../../server/catalogue/expiring-cache.ts';

// The in-process ExpiringCache: entries expire after their TTL, and the bound pushes out the oldest.
describe('MemoryCache', () => {
  it('answers a value until its TTL has passed, then nothing', async () => {
    let now = 1_000;
    const cache = new MemoryCache<string>({ maxEntries: 10, now: () => now });
    await cache.set('a', 'first', 500);
    expect(await cache.get('a')).toBe('first');
    now += 499;
    expect(await cache.get('a')).toBe('first');
    now += 1;
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.size()).toBe(0);
  });

  it('keeps at most maxEntries, pushing out the one stored longest ago', async () => {
    const cache = new MemoryCache<number>({ maxEntries: 2 });
    await cache.set('a', 1, 60_000);
    await cache.set('b', 2, 60_000);
    // Stored again: now the newest.
    await cache.set('a', 3, 60_000);
    await cache.set('c', 4, 60_000);
    expect(await cache.get('b')).toBeUndefined();
    expect([await cache.get('a'), await cache.get('c')]).toEqual([3, 4]);
    expect(await cache.size()).toBe(2);
  });

  it('keeps at most maxBytes by sizeOf, pushing out the oldest, and never keeps a value larger than that', async () => {
    const cache = new MemoryCache<string>({ maxEntries: 100, maxBytes: 10, sizeOf: (value) => value.length });
    await cache.set('a', 'aaaa', 60_000);
    await cache.set('b', 'bbbb', 60_000);
    await cache.set('c', 'cccc', 60_000);
    expect([await cache.get('a'), await cache.get('b'), await cache.get('c')]).toEqual([undefined, 'bbbb', 'cccc']);
    // Stored again, smaller: what it held before no longer counts.
    await cache.set('b', 'b', 60_000);
    await cache.set('d', 'ddddd', 60_000);
    expect([await cache.get('b'), await cache.get('c'), await cache.get('d')]).toEqual(['b', 'cccc', 'ddddd']);
    await cache.set('huge', 'x'.repeat(11), 60_000);
    expect(await cache.get('huge')).toBeUndefined();
    expect(await cache.size()).toBe(3);
  });

  it('forgets one key on delete and every key on clear', async () => {
    const cache = new MemoryCache<number>({ maxEntries: 10 });
    await cache.set('a', 1, 60_000);
    await cache.set('b', 2, 60_000);
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBe(2);
    await cache.clear();
    expect(await cache.size()).toBe(0);
  });
});
