/**
 * The frame's side of the host API without a browser: a player app whose view store, event map
 * and ad store are the real ones, a small core that changes its store the way the real core does
 * once the element confirms, and the controls' features (fullscreen, subtitles). Tests of
 * src/app/host drive it by hand.
 */
import { setMaxListeners } from 'node:events';
import { vi } from 'vitest';
import { INITIAL_AD_STATE, type AdOnScreen, type AdState } from '../../src/ads/ad-state.ts';
import type { AppView, EpisodeChangeCause, ReadyView } from '../../src/app/app-view.ts';
import type { ErrorView } from '../../src/app/app-errors.ts';
import type { HostFeatures } from '../../src/app/host/host-bridge.ts';
import type { PlayerApp } from '../../src/app/player-app.ts';
import { createHostBridge } from '../../src/app/host/host-bridge.ts';
import { startHostSession } from '../../src/app/host/host-session.ts';
import { createPlayerEvents, type PlayerEvents } from '../../src/core/events.ts';
import type { PlayerCore } from '../../src/core/player-core.ts';
import { PLAYER_ERROR_CODES, PlayerError } from '../../src/contract/errors/player-error.ts';
import { initialPlayerState, type AudioTrack, type PlayerState, type Quality } from '../../src/core/player-state.ts';
import { createStore, type Store } from '../../src/core/store.ts';
import { startDataSaver } from '../../src/app/data-saver/data-saver.ts';
import { createMediaStorage } from '../../src/storage/media-storage.ts';
import type { HostCommandName } from '../../src/contract/embed/host-api.ts';
import { createHostCommand, parseHostCommand, type HostMessage, type HostMessageOf } from '../../src/contract/embed/host-protocol.ts';
import { applySnapshotChanges, EMPTY_SNAPSHOT, type PlayerSnapshot } from '../../src/contract/embed/player-snapshot.ts';
import { episode, season, seriesContent } from './catalogue-fixtures.ts';

export const FIRST = episode(201, 1, 1, { episodeVariants: [{ id: 7, title: 'Дубляж', filepath: '/a.json' }, { id: 8, title: 'Оригинал', filepath: '/b.json' }] });
export const SECOND = episode(202, 1, 2);
export const SEASON_TWO = episode(301, 2, 1, { title: 'Новый сезон' });
export const EPISODES = [FIRST, SECOND, SEASON_TWO];

export const quality = (index: number, height: number, bitrate: number): Quality => ({
  id: `q${index}`, width: Math.round((height * 16) / 9), height, bitrate, codec: 'avc1', index, selected: false,
});
export const audioTrack = (index: number, label: string, language: string): AudioTrack => ({
  id: `a${index}`, label, language, kind: 'main', mimeType: 'audio/mp4', codec: 'mp4a', index,
});

/** The core's requests, each confirmed at once in its store, as the element would confirm it. */
export function createFakeCore(events: PlayerEvents, state: Partial<PlayerState> = {}) {
  const store: Store<PlayerState> = createStore({ ...initialPlayerState(), ...state });
  const at = () => store.getState().currentTime;
  const core = {
    store,
    events,
    play: vi.fn(async (): Promise<void> => {
      store.update({ paused: false, started: true });
      events.emit('play', { currentTime: at() });
    }),
    pause: vi.fn(() => {
      store.update({ paused: true });
      events.emit('pause', { currentTime: at(), duration: store.getState().duration });
    }),
    /** Starts the seek; `finishSeek` is the element's seeked (at the time it really reached). */
    seek: vi.fn((time: number) => {
      store.update({ seeking: true });
      events.emit('seeking', { currentTime: time });
    }),
    finishSeek(time: number) {
      store.update({ seeking: false, currentTime: time });
      events.emit('seeked', { currentTime: time, duration: store.getState().duration });
    },
    setVolume: vi.fn((volume: number) => store.update({ volume })),
    setMuted: vi.fn((muted: boolean) => store.update({ muted })),
    setRate: vi.fn((rate: number) => store.update({ rate })),
    setQuality: vi.fn((qualityChoice: number | 'auto') => store.update({ qualityChoice })),
    setAudioTrack: vi.fn((audioTrackIndex: number) => store.update({ audioTrackIndex })),
  };
  return core;
}

export type FakeCore = ReturnType<typeof createFakeCore>;

export function fakeReadyView(core: FakeCore, overrides: Partial<ReadyView> = {}): ReadyView {
  return {
    status: 'ready', core: core as unknown as PlayerCore, content: seriesContent(), seasons: [season(21, 1), season(22, 2)], episodes: EPISODES,
    available: true, current: { episode: FIRST, variant: FIRST.episodeVariants[0], source: undefined }, resumeAt: undefined, nextCard: undefined,
    ...overrides,
  };
}

export function fakeErrorView(): ErrorView {
  const error = new PlayerError('catalogue', PLAYER_ERROR_CODES.CONTENT_NOT_FOUND, 'fatal', 'Content 2 has no episodes');
  return { status: 'error', message: 'Контент не доступен', canReload: false, error };
}

export function fakeAd(overrides: Partial<AdOnScreen> = {}): AdOnScreen {
  return {
    id: 'ad-1', type: 'preroll', title: 'Йогурт', advertiser: 'ООО «Ромашка»', erid: '2VtzqvWgxEU', clickThrough: 'https://ad.example/',
    position: 1, count: 2, ...overrides,
  };
}

/** The controls' fullscreen and subtitles, with stores the tests change. */
export function fakeFeatures(options: { active?: boolean; subtitle?: string } = {}): HostFeatures {
  const fullscreen = createStore({ supported: true, active: options.active ?? false, mode: 'native' as const });
  const textTracks = createStore({
    tracks: [{ id: 'ru', label: 'Русские', language: 'ru' }, { id: 'en', label: 'English', language: 'en' }],
    activeId: options.subtitle,
  });
  return {
    fullscreen: {
      store: fullscreen,
      toggle: async () => fullscreen.update({ active: !fullscreen.getState().active }),
      enter: async () => fullscreen.update({ active: true }),
      exit: async () => fullscreen.update({ active: false }),
    },
    textTracks: { store: textTracks, select: (id) => textTracks.update({ activeId: id }) },
  };
}

/**
 * A player app as the host session sees it. The view starts loading; `ready()` shows the fake
 * core's content. Choosing an episode or a voice-over only records the call: `showEpisode` is
 * the episode session opening it.
 */
export function createFakeHostApp(coreState: Partial<PlayerState> = {}) {
  const events = createPlayerEvents();
  const core = createFakeCore(events, coreState);
  const store = createStore<{ view: AppView }>({ view: { status: 'loading' } });
  const ads = {
    store: createStore<AdState>(INITIAL_AD_STATE),
    commands: { togglePlay: vi.fn(), setVolume: vi.fn(), toggleMute: vi.fn(), skip: vi.fn(), clickThrough: vi.fn() },
  };
  const app = {
    store,
    events,
    ads,
    selectEpisode: vi.fn<PlayerApp['selectEpisode']>(),
    selectVariant: vi.fn<PlayerApp['selectVariant']>(),
    // The playback memory passes these on to the core.
    selectQuality: vi.fn((choice: number | 'auto') => core.setQuality(choice)),
    selectAudioTrack: vi.fn((index: number) => core.setAudioTrack(index)),
    destroy: vi.fn(),
    // The request filters the engines follow; the host's setRequestFilters replaces them.
    requestFilters: createStore<{ requestFilters: unknown }>({ requestFilters: undefined }),
    // The real decision over a fresh storage and no connection hint: off until someone turns it on.
    dataSaver: startDataSaver({ storage: createMediaStorage(), host: undefined, events, connection: undefined }),
  } satisfies Pick<PlayerApp, 'store' | 'events' | 'ads' | 'selectEpisode' | 'selectVariant' | 'selectQuality' | 'selectAudioTrack' | 'destroy' | 'requestFilters' | 'dataSaver'>;
  const readyOf = () => {
    const { view } = store.getState();
    if (view.status !== 'ready') throw new Error('the view is not ready');
    return view;
  };
  return {
    app,
    core,
    events,
    ready: (overrides: Partial<ReadyView> = {}) => store.update({ view: fakeReadyView(core, overrides) }),
    fail: () => store.update({ view: fakeErrorView() }),
    /** The episode session opens an episode: the view changes, then the app reports it. */
    showEpisode(episodeId: number, cause?: EpisodeChangeCause) {
      const next = EPISODES.find((candidate) => candidate.id === episodeId)!;
      store.update({ view: { ...readyOf(), current: { episode: next, variant: next.episodeVariants[0], source: undefined, cause } } });
      events.emit('episode', { episodeId, variantId: next.episodeVariants[0]?.id });
    },
  };
}

export type FakeHostApp = ReturnType<typeof createFakeHostApp>;

const SESSION_QUALITIES = [quality(0, 1080, 5_000_000), quality(1, 720, 2_500_000), quality(2, 720, 3_000_000), quality(3, 480, 1_000_000)];
const SESSION_TRACKS = [audioTrack(0, 'Русский', 'ru'), audioTrack(1, 'English', 'en')];

/** Lets the host session's microtasks (its one look per task, the commands' awaits) run. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

/**
 * The frame's host session over a fake app (still loading; 1440 s, four qualities of three
 * heights, two audio tracks), with what it posts and the host page's side of the talk.
 */
export function startFakeHostSession() {
  const fake = createFakeHostApp({ qualities: SESSION_QUALITIES, audioTracks: SESSION_TRACKS, audioTrackIndex: 0, duration: 1440 });
  const posted: HostMessage[] = [];
  const lifetime = new AbortController();
  // The session listens on its signal once per event it passes on, and each command waits on it.
  setMaxListeners(0, lifetime.signal);
  const session = startHostSession({ app: fake.app, bridge: createHostBridge(), post: (message) => posted.push(message), signal: lifetime.signal });
  let lastId = 0;
  let start = 0;
  /** What was posted since `forget()`. */
  const recent = () => posted.slice(start);
  const forget = () => void (start = posted.length);
  const of = <T extends HostMessage['type']>(type: T) => recent().filter((message): message is HostMessageOf<T> => message.type === type);
  const hostEvents = (name?: string) => of('event').map(({ payload }) => payload).filter((payload) => name === undefined || payload.name === name);
  /** Sends a command; `result()` is its answer once posted. */
  const send = (name: string, ...args: unknown[]) => {
    const id = (lastId += 1);
    session.receive(createHostCommand('command', { id, name: name as HostCommandName, args }));
    return { result: () => of('result').find(({ payload }) => payload.id === id)?.payload };
  };
  const run = async (name: string, ...args: unknown[]) => {
    const { result } = send(name, ...args);
    await settle();
    return result();
  };
  /** The host's mirror: ready's state, then each message's changes, in order (what the SDK keeps). */
  const mirror = (): PlayerSnapshot => posted.reduce<PlayerSnapshot>((state, { type, payload }) => {
    if (type === 'ready') return applySnapshotChanges(EMPTY_SNAPSHOT, payload.state);
    return type === 'event' || type === 'result' ? applySnapshotChanges(state, payload.state) : state;
  }, EMPTY_SNAPSHOT);
  /** The SDK's handshake, read as the channel reads it. */
  const hello = (timeupdateInterval?: number) =>
    session.receive(parseHostCommand({ source: 'kino-player-host', version: 1, type: 'hello', payload: { protocol: 1, timeupdateInterval } })!);
  return { ...fake, posted, recent, forget, of, hostEvents, send, run, mirror, hello, signal: lifetime.signal, end: () => lifetime.abort() };
}

export type FakeHostSession = ReturnType<typeof startFakeHostSession>;

/** The session once the content is ready and `ready` went out (`recent()` starts after it). */
export async function readySession(): Promise<FakeHostSession> {
  const harness = startFakeHostSession();
  harness.ready();
  await settle();
  harness.forget();
  return harness;
}
