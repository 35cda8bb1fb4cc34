import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCache } from '../../server/shared-state/redis-cache.ts';

// The ExpiringCache kept in Redis (server/shared-state/redis-cache.ts), on a real Redis
// (npm run test:redis starts one).
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('REDIS_URL is not set: run these tests with `npm run test:redis` (scripts/with-redis.sh starts a Redis for them)');

let redis: Redis;
const errors: unknown[] = [];
const prefix = `test-${randomUUID()}:`;
const cacheNamed = (name: string) => new RedisCache<{ text: string; list: number[] }>({ redis, prefix: `${prefix}${name}:`, onError: (error) => errors.push(error) });

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});
afterAll(() => redis.quit());

describe('RedisCache', () => {
  it('gives back what was set, as JSON, to any process reading the same keys', async () => {
    const value = { text: 'Ёлки <script>', list: [1, 2, 3] };
    await cacheNamed('a').set('key 1', value, 10_000);
    expect(await cacheNamed('a').get('key 1')).toEqual(value);
    expect(await cacheNamed('a').get('key 2')).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('forgets an entry after its time', async () => {
    const cache = cacheNamed('b');
    await cache.set('short', { text: 'x', list: [] }, 50);
    let gone = false;
    for (let attempt = 0; attempt < 100 && !gone; attempt++) {
      gone = (await cache.get('short')) === undefined;
      if (!gone) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(gone).toBe(true);
  });

  it('counts and clears its own keys only, however many', async () => {
    const mine = cacheNamed('c');
    const other = cacheNamed('d');
    await Promise.all(Array.from({ length: 1_200 }, (_, index) => mine.set(`k${index}`, { text: '', list: [index] }, 60_000)));
    await other.set('kept', { text: 'kept', list: [] }, 60_000);
    expect(await mine.size()).toBe(1_200);
    await mine.delete('k0');
    expect(await mine.size()).toBe(1_199);
    await mine.clear();
    expect(await mine.size()).toBe(0);
    expect(await other.get('kept')).toEqual({ text: 'kept', list: [] });
  });
});
