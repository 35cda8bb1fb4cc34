import type { Redis } from 'ioredis';
import type { ExpiringCache } from '../catalogue/expiring-cache.ts';

export interface RedisCacheOptions {
  redis: Redis;
  /** Before each key (REDIS_PREFIX and the cache's name): clear() and size() count on it. */
  prefix: string;
  /** A read or write that failed; the cache carries on as a miss. */
  onError: (error: unknown) => void;
}

/** Keys one SCAN step asks for: clear() and size() never block Redis on a long KEYS. */
const SCAN_BATCH = 500;

/**
 * An ExpiringCache in Redis, shared by every server process: what one builds, the others read.
 * Values are kept as JSON with Redis's own expiry (PX). Redis's memory is bounded by its own
 * `maxmemory` policy, not here. While Redis is away a read is a miss and a write is dropped, so
 * the caller builds its value as if the cache were empty, and it counts none; clearing fails
 * loudly, since the operator asked for it.
 */
export class RedisCache<Value> implements ExpiringCache<Value> {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly onError: (error: unknown) => void;

  constructor(options: RedisCacheOptions) {
    this.redis = options.redis;
    this.prefix = options.prefix;
    this.onError = options.onError;
  }

  async get(key: string): Promise<Value | undefined> {
    try {
      const text = await this.redis.get(this.prefix + key);
      return text === null ? undefined : (JSON.parse(text) as Value);
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  async set(key: string, value: Value, ttlMs: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
    } catch (error) {
      this.onError(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.onError(error);
    }
  }

  async clear(): Promise<void> {
    await this.eachBatch((keys) => this.redis.unlink(...keys));
  }

  /** 0 while Redis is away (reported through onError), so the operator's list of caches still answers. */
  async size(): Promise<number> {
    let count = 0;
    try {
      await this.eachBatch(async (keys) => {
        count += keys.length;
      });
    } catch (error) {
      this.onError(error);
      return 0;
    }
    return count;
  }

  private async eachBatch(visit: (keys: string[]) => Promise<unknown>): Promise<void> {
    const pattern = `${this.prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      if (keys.length > 0) await visit(keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
