import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';
import type { AnalyticsInput, ViewContext } from './analytics-inputs.ts';
import { createAnalyticsApi } from './analytics.api.ts';
import type { UnsentStore } from './unsent-store.ts';
import { createViewTracker } from '../../src/analytics/view-tracker.ts';

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

/** The events the page's tracker makes of these inputs, as the page hands them over. */
function eventsOf(inputs: AnalyticsInput[]): AnalyticsEvent[] {
  const tracker = createViewTracker();
  return inputs.flatMap((input) => tracker.take(input));
}

describe('the analytics worker\'s API', () => {
  it('a load that went away with events unsent leaves them to the next load, which sends them once', async () => {
    const storage = sharedStorage();
    const up = { value: false };
    const { stored, fetchImpl } = collector(up);
    const first = createAnalyticsApi({ store: storage.storeFor, fetchImpl });
    await first.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-1' }, undefined);
    first.push(eventsOf([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'play', t: 1 }, { type: 'pause', t: 2 }]));
    // The collector was unreachable and the page was reloaded before any retry.
    expect(storage.entries.get('load-1')?.map((event) => event.event)).toEqual(['play', 'pause']);
    up.value = true;
    const second = createAnalyticsApi({ store: storage.storeFor, fetchImpl });
    await second.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-2' }, undefined);
    await settle();
    expect([...stored.values()].map((event) => event.event)).toEqual(['play', 'pause']);
    expect(storage.entries.has('load-1')).toBe(false);
  });

  it('tells the page which events were delivered, events handed over before start included', async () => {
    const { fetchImpl } = collector({ value: true });
    const api = createAnalyticsApi({ store: sharedStorage().storeFor, fetchImpl });
    const [play, error] = eventsOf([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'play', t: 1 }, { type: 'error', t: 2, code: 2101, category: 'manifest', fatal: true, id: 'abcd1234' }]);
    api.push([play!]);
    const settled: string[] = [];
    await api.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-1' }, (ids) => settled.push(...ids));
    api.push([error!]);
    await settle();
    expect(settled).toEqual([play!.event_id, error!.event_id]);
  });

  it('what the page\'s beacon carried is neither sent again nor left to the next load', async () => {
    const storage = sharedStorage();
    const { stored, fetchImpl } = collector({ value: true });
    const api = createAnalyticsApi({ store: storage.storeFor, fetchImpl });
    await api.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-1' }, undefined);
    const [play, pause] = eventsOf([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'play', t: 1 }, { type: 'pause', t: 2 }]);
    api.push([play!, pause!]);
    api.beaconed([play!.event_id, pause!.event_id]);
    await settle();
    expect(stored.size).toBe(0);
    expect(storage.entries.get('load-1') ?? []).toEqual([]);
  });

  it.each([
    [400, 'dropped: a malformed batch stays malformed', false],
    [413, 'dropped: a batch too large stays so', false],
    [404, 'kept for a later try', true],
    [503, 'kept for a later try', true],
  ])('a batch the collector answers %i is %s', async (status, _outcome, kept) => {
    const storage = sharedStorage();
    const sent: RequestInit[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => (sent.push(init), new Response('{}', { status }))) as typeof fetch;
    const api = createAnalyticsApi({ store: storage.storeFor, fetchImpl });
    await api.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-1' }, undefined);
    api.push(eventsOf([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'error', t: 1, code: 2101, category: 'manifest', fatal: true, id: 'abcd1234' }]));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await settle();
    // JSON, without the page's cookies, and outliving the page (a small batch).
    expect(sent[0]).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true, headers: { 'Content-Type': 'application/json' } });
    expect((storage.entries.get('load-1') ?? []).length > 0).toBe(kept);
  });

  it('a collector that cannot be reached keeps the batch for a later try', async () => {
    const storage = sharedStorage();
    const { fetchImpl } = collector({ value: false });
    const api = createAnalyticsApi({ store: storage.storeFor, fetchImpl });
    await api.start({ collectorUrl: 'https://player.example/collect', loadId: 'load-1' }, undefined);
    api.push(eventsOf([{ type: 'view', t: 0, episodeId: 1, context }, { type: 'ended', t: 1 }]));
    await settle();
    expect(storage.entries.get('load-1')?.map((event) => event.event)).toEqual(['ended']);
  });
});
