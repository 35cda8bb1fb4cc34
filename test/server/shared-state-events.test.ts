import { describe, expect, it } from 'vitest';
import { CacheRegistry } from '../../server/catalogue/cache-registry.ts';
import { decodeClusterEvent, encodeClusterEvent, type ClusterEvent } from '../../server/shared-state/cluster-events.ts';
import type { SharedState } from '../../server/shared-state/shared-state.ts';

/** Processes joined as Redis pub/sub joins them: an event reaches every process but its sender. */
function joinedProcesses(count: number): SharedState[] {
  const handlers: ((event: ClusterEvent) => void)[][] = Array.from({ length: count }, () => []);
  return handlers.map((mine, index) => {
    return {
      redis: undefined,
      prefix: 'test:',
      publish: (event) => handlers.forEach((own, other) => other !== index && own.forEach((handler) => handler(event))),
      onEvent: (handler) => void mine.push(handler),
      redisAnswers: async () => true,
      close: async () => undefined,
    };
  });
}

function registries(count: number): CacheRegistry[] {
  return joinedProcesses(count).map((shared) => new CacheRegistry(shared));
}

function countingCache(name: string) {
  const cache = { name, description: name, cleared: 0, entries: () => 0, clear: () => void (cache.cleared += 1) };
  return cache;
}

describe('the caches of several processes', () => {
  it('a clear through one process\'s registry empties the cache in every process, once each', async () => {
    const all = registries(3);
    const caches = all.map((registry) => {
      const cache = countingCache('catalogue');
      registry.register(cache);
      registry.register(countingCache('other'));
      return cache;
    });
    expect(await all[0]?.clear('catalogue')).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(caches.map((cache) => cache.cleared)).toEqual([1, 1, 1]);
  });

  it('an unknown name is false and tells nobody', async () => {
    const [a, b] = registries(2) as [CacheRegistry, CacheRegistry];
    const cache = countingCache('catalogue');
    b.register(cache);
    expect(await a.clear('catalogue')).toBe(false);
    expect(cache.cleared).toBe(0);
  });
});

describe('cluster events on the wire', () => {
  it('round-trips an event with its sender', () => {
    const event: ClusterEvent = { type: 'sessions-ended', sessionIds: ['s1', 's2'] };
    expect(decodeClusterEvent(encodeClusterEvent('process-1', event))).toEqual({ from: 'process-1', event });
  });

  it.each(['not json', '{}', '{"from":"x","event":{"type":"reboot"}}', '{"from":"x","event":{"type":"cache-cleared"}}'])('ignores %s', (message) => {
    expect(decodeClusterEvent(message)).toBeUndefined();
  });
});
