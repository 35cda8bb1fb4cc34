import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisCache } from '../../server/shared-state/redis-cache.ts';

// While Redis is away the boot-data cache must act as an empty one, never fail the document;
// only the operator's clear and count, which were asked for, say that they failed.
const away = () => Promise.reject(new Error('Stream isn\'t writeable and enableOfflineQueue options is false'));
const unreachable = { get: away, set: away, del: away, unlink: away, scan: away } as unknown as Redis;

describe('RedisCache while Redis is away', () => {
  it('reads as a miss, drops writes and deletes, and reports each failure', async () => {
    const errors: unknown[] = [];
    const cache = new RedisCache<string>({ redis: unreachable, prefix: 'kino:boot-data:', onError: (error) => errors.push(error) });
    expect(await cache.get('a')).toBeUndefined();
    await expect(cache.set('a', 'value', 1_000)).resolves.toBeUndefined();
    await expect(cache.delete('a')).resolves.toBeUndefined();
    expect(errors).toHaveLength(3);
  });

  it('fails the operator\'s clear, and counts nothing (so the list of caches still answers)', async () => {
    const errors: unknown[] = [];
    const cache = new RedisCache<string>({ redis: unreachable, prefix: 'kino:boot-data:', onError: (error) => errors.push(error) });
    await expect(cache.clear()).rejects.toThrow(/enableOfflineQueue/);
    expect(await cache.size()).toBe(0);
    expect(errors).toHaveLength(1);
  });
});
