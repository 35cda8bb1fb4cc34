import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../api/catalogue-client.ts';
import type { ContentTimeProgress, TimeProgress } from '../../contract/schemas/viewer-schema.ts';
import { createPlayerEvents, reportMediaEvents } from '../../core/events.ts';
import { initialPlayerState, type PlayerState } from '../../core/player-state.ts';
import { createStore } from '../../core/store.ts';
import { createMediaStorage, type MediaStorage, type MirrorStore } from '../../storage/media-storage.ts';
import { episodeProgress, saveEpisodeProgress } from '../../storage/storage-records.ts';
import { FakeVideo } from '../../../test/fakes/fake-video.ts';
import type { AppStore, AppView } from '../app-view.ts';
import { createPlaybackMemory } from '../playback-memory.ts';
import { changedTimes, startServerProgress } from './server-progress.ts';

const NOW = Date.parse('2026-11-24T22:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const item = (episodeId: number, variantId: number | null, time: number, updatedAt: number): TimeProgress =>
  ({ episodeId, variantId, time, duration: 1500, updatedAt: iso(updatedAt) });

/** An unsigned JWT with `exp` (the player reads only the expiry). */
function jwt(exp: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: '7', exp })}.signature`;
}
const TOKEN = jwt(NOW / 1000 + 600);

/** The app's view with `episodeId` open, its content available here or not (only what is read). */
function shownEpisode(episodeId: number, available: boolean): Pick<AppStore, 'getState'> {
  const view = { status: 'ready', available, current: { episode: { id: episodeId } } } as unknown as AppView;
  return { getState: () => ({ view }) };
}
/** Lets every request on its way through the engine's (async) filters reach the fake fetch. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

interface Sent { url: string; method: string; keepalive: boolean | undefined; authorization: string | null; body: unknown }

/**
 * A playing episode's memory (the player's own saves) with the server progress following it,
 * against a fake API: `answer` is what GET /contents/2/time-progress says.
 */
async function setUp(answer: () => Promise<ContentTimeProgress>, storage: MediaStorage = createMediaStorage(), view = shownEpisode(202, true)) {
  const sent: Sent[] = [];
  const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
    const body = init?.body instanceof Blob ? { type: init.body.type, json: JSON.parse(await init.body.text()) as unknown } : undefined;
    sent.push({ url: String(input), method: init?.method ?? 'GET', keepalive: init?.keepalive, authorization: new Headers(init?.headers).get('authorization'), body });
    return new Response('{}', { status: 200 });
  }) as typeof fetch;
  const client = createCatalogueClient({ baseUrl: '/catalog-api', pageUrl: 'https://player.example/embed?movie_id=2', cookie: () => `authToken=${TOKEN}`, fetch: fetchImpl });
  const media = new FakeVideo();
  const events = createPlayerEvents();
  reportMediaEvents(media.asElement(), events, new AbortController().signal);
  const store = createStore<PlayerState>({ ...initialPlayerState(), duration: 1500 });
  const core = { store, events, setVolume: () => undefined, setMuted: () => undefined, setRate: () => undefined, setQuality: () => undefined, setAudioTrack: () => undefined };
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const win = new EventTarget();
  const lifetime = new AbortController();
  let clock = NOW;
  const memory = createPlaybackMemory({ storage, core, page, win, contentId: 2, voiceAuthor: undefined, signal: lifetime.signal, now: () => clock });
  const merged = vi.fn();
  const ready = startServerProgress({ client, contentId: 2, storage, core, saved: answer(), merged, signal: lifetime.signal, view });
  /** The element reports `time` at `ms` past NOW. */
  const at = (ms: number, time: number) => {
    clock = NOW + ms;
    vi.setSystemTime(clock);
    media.currentTime = time;
    media.dispatchEvent(new Event('timeupdate'));
  };
  const posts = () => sent.filter((request) => request.method === 'POST');
  await ready;
  return { storage, memory, media, page, win, at, posts, merged, lifetime, fire: (target: EventTarget, type: string) => target.dispatchEvent(new Event(type)) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('the times saved here go to the server as they are saved', () => {
  it('with the same 10 s throttle, to the episode\'s time-progress with the bearer token, and at once on pause', async () => {
    const { memory, media, at, posts, fire } = await setUp(async () => ({ items: [] }));
    memory.follow(202, 7, 'https://media/s1e2.m3u8');
    fire(media, 'playing');
    at(0, 1);
    at(5_000, 6);
    await settle();
    expect(posts()).toEqual([]);
    at(10_000, 11);
    await vi.waitFor(() => expect(posts()).toEqual([{
      url: 'https://player.example/catalog-api/contents/2/episodes/202/time-progress',
      method: 'POST',
      keepalive: true,
      authorization: `Bearer ${TOKEN}`,
      body: { type: 'application/json', json: { time: 11, duration: 1500, variantId: 7 } },
    }]));
    at(12_000, 13);
    fire(media, 'pause');
    await vi.waitFor(() => expect(posts().map((post) => (post.body as { json: { time: number } }).json.time)).toEqual([11, 13]));
  });

  it('the page going away sends the latest time (keepalive), inside the throttle', async () => {
    const { memory, media, win, at, posts, fire } = await setUp(async () => ({ items: [] }));
    memory.follow(202, undefined, 'a.m3u8');
    fire(media, 'playing');
    at(0, 30);
    at(1_000, 31);
    fire(win, 'pagehide');
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ keepalive: true, body: { json: { time: 31, duration: 1500, variantId: null } } });
  });

  it('"Начать сначала" sends 0; the server\'s own times are not sent back', async () => {
    const { memory, posts, storage } = await setUp(async () => ({ items: [item(203, 7, 400, NOW - 1000)] }));
    expect(episodeProgress(storage, 203, 7)).toBe(400);
    await settle();
    expect(posts()).toEqual([]);
    memory.forgetTime(202, 7);
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ url: expect.stringContaining('/episodes/202/time-progress'), body: { json: { time: 0, variantId: 7 } } });
  });
});

describe('the server\'s times merged with this browser\'s at load: the newer wins', () => {
  it('a place left on another site is offered here, and the resume window hears of it', async () => {
    const { memory, merged } = await setUp(async () => ({ items: [item(202, 7, 754.5, NOW - 60_000)] }));
    expect(memory.resumeTime(202, 7)).toBe(754.5);
    expect(merged).toHaveBeenCalledTimes(1);
  });

  it('a time saved here later than the server\'s stays', async () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 202, 7, 120, NOW - 1_000);
    const { memory, merged } = await setUp(async () => ({ items: [item(202, 7, 754.5, NOW - 60_000)] }), storage);
    expect(memory.resumeTime(202, 7)).toBe(120);
    expect(merged).not.toHaveBeenCalled();
  });

  it('per variant: each voice-over\'s newer time wins on its own', async () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 202, 7, 120, NOW - 1_000);
    saveEpisodeProgress(storage, 202, 8, 50, NOW - 90_000);
    const { memory } = await setUp(async () => ({ items: [item(202, 8, 300, NOW - 60_000), item(202, 7, 900, NOW - 70_000)] }), storage);
    expect(memory.resumeTime(202, 7)).toBe(120);
    expect(memory.resumeTime(202, 8)).toBe(300);
  });

  it('a time an older player saved (no save time kept) counts as older than the server\'s', async () => {
    const mirror = mapMirror({ episodesTimeProgress: JSON.stringify({ 202: 42 }) });
    const { memory } = await setUp(async () => ({ items: [item(202, null, 600, NOW - 86_400_000)] }), createMediaStorage({ mirror }));
    expect(memory.resumeTime(202, undefined)).toBe(600);
    // The spec's shape stays: episode id to seconds.
    expect(JSON.parse(mirror.getItem('episodesTimeProgress') ?? '{}')).toEqual({ 202: 600 });
  });

  it('a server that fails leaves this browser\'s times as they were', async () => {
    const storage = createMediaStorage();
    saveEpisodeProgress(storage, 202, 7, 120, NOW - 1_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { memory, merged } = await setUp(() => Promise.reject(new Error('503')), storage);
    expect(memory.resumeTime(202, 7)).toBe(120);
    expect(merged).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('an answer arriving after the content load ended changes nothing', async () => {
    let answer: (value: ContentTimeProgress) => void = () => undefined;
    const storage = createMediaStorage();
    const pending = new Promise<ContentTimeProgress>((resolve) => (answer = resolve));
    const { lifetime, merged } = await setUpWithoutWaiting(pending, storage);
    lifetime.abort();
    answer({ items: [item(202, 7, 754.5, NOW)] });
    await settle();
    expect(episodeProgress(storage, 202, 7)).toBeUndefined();
    expect(merged).not.toHaveBeenCalled();
  });
});

/** setUp's pieces without waiting for the merge: the answer is still on its way. */
async function setUpWithoutWaiting(answer: Promise<ContentTimeProgress>, storage: MediaStorage) {
  const lifetime = new AbortController();
  const merged = vi.fn();
  const client = createCatalogueClient({ baseUrl: '/catalog-api', pageUrl: 'https://player.example/', cookie: () => '', fetch: (async () => new Response('{}')) as typeof fetch });
  const core = { store: createStore(initialPlayerState()), events: createPlayerEvents() };
  void startServerProgress({ client, contentId: 2, storage, core, saved: answer, merged, signal: lifetime.signal, view: { getState: () => ({ view: { status: 'loading' } }) } });
  await storage.ready;
  return { lifetime, merged };
}

describe('an episode watched to its end', () => {
  it('is marked completed for the viewer (another site then opens the next one), with keepalive', async () => {
    const { memory, media, posts, fire } = await setUp(async () => ({ items: [] }));
    memory.follow(202, undefined, 'a.m3u8');
    fire(media, 'playing');
    fire(media, 'ended');
    await vi.waitFor(() => expect(posts().find((post) => post.url.endsWith('/completed'))).toEqual({
      url: 'https://player.example/catalog-api/contents/2/episodes/202/completed',
      method: 'POST',
      keepalive: true,
      authorization: `Bearer ${TOKEN}`,
      body: undefined,
    }));
  });

  it('is not marked when what ended was not one of the content\'s episodes (the unavailable placeholder)', async () => {
    const { media, posts, fire } = await setUp(async () => ({ items: [] }), createMediaStorage(), shownEpisode(301, false));
    fire(media, 'playing');
    fire(media, 'ended');
    await settle();
    expect(posts().filter((post) => post.url.endsWith('/completed'))).toEqual([]);
  });
});

describe('changedTimes', () => {
  it('lists the new and changed times per episode and variant, not the unchanged ones', () => {
    expect(changedTimes({ 1: 10, 2: { 7: 5, 8: 6 } }, { 1: 10, 2: { 7: 5, 8: 9 }, 3: 4, 4: { 9: 0 } })).toEqual([
      [2, 8, 9],
      [3, undefined, 4],
      [4, 9, 0],
    ]);
  });
});

function mapMirror(initial: Record<string, string> = {}): MirrorStore {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
