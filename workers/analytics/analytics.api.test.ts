import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../src/api/analytics-schema.ts';
import type { ViewContext } from './analytics-inputs.ts';
import { createAnalyticsApi } from './analytics.api.ts';
import type { UnsentStore } from './unsent-store.ts';

const context: ViewContext = {
  video_id: 1, video_title: 'Северный маяк', video_category: 'movie', video_thumbnail: '', ratings: { kinopoisk: null, imdb: null },
  kinopoisk_id: null, IMDb_id: null, year: 2021, countries: [], season: null, episode: null, language: null, user_id: null, isTrailer: false, device_type: 'mobile',
};

/** IndexedDB as the loads of one browser share it: one entry per load. */
function sharedStorage() {
  const entries = new Map<string, AnalyticsEvent[]>();
  const storeFor = (loadId: string): UnsentStore => ({
    save: (events) => void entries.set(loadId, [...events]),
    takeLeftovers: async () => {
      const taken = [...entries].filter(([key]) => key !== loadId).flatMap(([key, events]) => (entries.delete(key), events));
      return taken;
    },
    settled: async () => undefined,
  });
  return { entries, storeFor };
}

/** A collector that stores each event id once, as the real one does. */
function collector(up: { value: boolean }) {
  const stored = new Map<string, AnalyticsEvent>();
  const fetchImpl = (async (_url: string, init?: RequestInit) => {
    if (!up.value) throw new TypeError('Failed to fetch');
    for (const item of (JSON.parse(String(init?.body)) as { events: AnalyticsEvent[] }).events) if (!stored.has(item.event_id)) stored.set(item.event_id, item);
    return new Response('{}', { status: 200 });
  }) as typeof fetch;
  return { stored, fetchImpl };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the analytics worker\'s API', () => {
  it('gives every event to the stat function, inputs sent before start included', async () => {
    const api = createAnalyticsApi({ store: sharedStorage().storeFor, fetchImpl: collector({ value: true }).fetchImpl });
    const delivered: string[] = [];
    api.take([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'play', t: 1 }]);
    await api.start({ collectorUrl: undefined, loadId: 'load-1' }, (events) => delivered.push(...events.map((event) => event.event)));
    api.take([{ type: 'pause', t: 2 }]);
    expect(delivered).toEqual(['play', 'pause']);
  });

  it('a load that went away with events unsent leaves them to the next load, which sends them once', async () => {
    const storage = sharedStorage();
    const up = { value: false };
    const { stored, fetchImpl } = collector(up);
    const first = createAnalyticsApi({ store: storage.storeFor, fetchImpl });
    await first.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-1' }, undefined);
    first.take([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'play', t: 1 }, { type: 'pause', t: 2 }]);
    // The collector was unreachable and the page was reloaded before any retry.
    expect(storage.entries.get('load-1')?.map((event) => event.event)).toEqual(['play', 'pause']);
    up.value = true;
    const second = createAnalyticsApi({ store: storage.storeFor, fetchImpl });
    await second.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-2' }, undefined);
    await settle();
    expect([...stored.values()].map((event) => event.event)).toEqual(['play', 'pause']);
    expect(storage.entries.has('load-1')).toBe(false);
  });

  it('a hide hands the view\'s end and everything waiting to the beacon, not to a fetch the page may cut', async () => {
    const { stored, fetchImpl } = collector({ value: true });
    const api = createAnalyticsApi({ store: sharedStorage().storeFor, fetchImpl });
    await api.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-1' }, undefined);
    api.take([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'play', t: 1 }]);
    const batches = await api.hide(5);
    await settle();
    expect(stored.size).toBe(0);
    expect(batches.flatMap((batch) => (JSON.parse(batch.body) as { events: AnalyticsEvent[] }).events.map((event) => event.event))).toEqual(['play', 'view_end']);
  });
});
