import type { PlayerEventMap, PlayerEvents } from '../../core/events.ts';
import type { EpisodeTarget, HostCommandName, HostErrorName } from '../../contract/embed/host-api.ts';
import { HOST_COMMAND_NAMES } from '../../contract/embed/host-api.ts';
import type { PlayerSnapshot } from '../../contract/embed/player-snapshot.ts';
import { HOST_RATE_MAX, HOST_RATE_MIN } from '../../contract/embed/host-api.ts';
import type { AppStore, ReadyView } from '../app-view.ts';
import type { PlayerApp } from '../player-app.ts';
import type { HostBridge, HostFeatures } from './host-bridge.ts';
import { episodeRef } from './host-snapshot.ts';

/** A command refused with one of the protocol's typed errors (host-api.ts HOST_ERROR_NAMES). */
export class HostCommandError extends Error {
  readonly hostName: HostErrorName;
  constructor(hostName: HostErrorName, message: string) {
    super(message);
    this.hostName = hostName;
  }
}

export interface HostCommandContext {
  app: Pick<PlayerApp, 'store' | 'events' | 'ads' | 'selectEpisode' | 'selectVariant' | 'selectQuality' | 'selectAudioTrack' | 'destroy' | 'requestFilters' | 'dataSaver'>;
  bridge: Pick<HostBridge, 'currentFeatures' | 'onFeatures'>;
  snapshot(): PlayerSnapshot;
  /** Ends waits for the player when the host session ends. */
  signal: AbortSignal;
}

const fail = (name: HostErrorName, message: string) => new HostCommandError(name, message);

/**
 * Runs one host command against the player and resolves with its result (host-api.ts
 * HostCommandMap). Every request goes where the viewer's own go — the request gate, the episode
 * session — so a command during an ad break waits for it like a click would.
 */
export async function runHostCommand(name: string, args: readonly unknown[], context: HostCommandContext): Promise<unknown> {
  if (!HOST_COMMAND_NAMES.includes(name as HostCommandName)) throw fail('UnsupportedError', `unknown command ${name}`);
  const command = name as HostCommandName;
  if (command === 'getState') return context.snapshot();
  // Filters apply whatever the player is doing: a token may rotate while it still loads.
  if (command === 'setRequestFilters') return setRequestFilters(args[0], context.app);
  // The host's word on the data saver applies at once, the player loading or not.
  if (command === 'setDataSaver') {
    if (typeof args[0] !== 'boolean') throw fail('RangeError', 'setDataSaver takes true or false');
    context.app.dataSaver.setByHost(args[0]);
    return context.app.dataSaver.store.getState().dataSaver;
  }
  const view = await readyPlayer(context.app.store, context.signal);
  const { app } = context;
  const core = view.core;
  switch (command) {
    case 'play':
      if (!view.available) throw fail('NotAllowedError', 'the content is not available in the viewer\'s country');
      return play(context, view);
    case 'pause':
      // An ad on screen pauses too (SPEC.md section 4: the host may pause an ad).
      if (app.ads.store.getState().isPlaying) app.ads.commands.togglePlay();
      core.pause();
      return undefined;
    case 'seek': {
      const time = finiteNumber(args[0], 'seek takes seconds');
      const duration = core.store.getState().duration;
      if (time < 0 || (Number.isFinite(duration) && time > duration)) throw fail('RangeError', `${time} s is outside 0..${duration} s`);
      const seeked = nextEvent(app.events, 'seeked', context.signal);
      core.seek(time);
      return (await seeked).currentTime;
    }
    case 'setVolume': {
      const volume = finiteNumber(args[0], 'setVolume takes a number from 0 to 1');
      if (volume < 0 || volume > 1) throw fail('RangeError', `volume ${volume} is outside 0..1`);
      core.setVolume(volume);
      await until(core.store, (state) => state.volume === volume, context.signal);
      return volume;
    }
    case 'setMuted': {
      if (typeof args[0] !== 'boolean') throw fail('RangeError', 'setMuted takes true or false');
      const muted = args[0];
      core.setMuted(muted);
      await until(core.store, (state) => state.muted === muted, context.signal);
      return muted;
    }
    case 'setRate': {
      const rate = finiteNumber(args[0], 'setRate takes a number');
      // Any rate the menu's range spans (SPEC.md section 5: speed 0–2), not only its steps, as Vimeo's setPlaybackRate.
      if (rate < HOST_RATE_MIN || rate > HOST_RATE_MAX) throw fail('RangeError', `rate ${rate} is outside ${HOST_RATE_MIN}..${HOST_RATE_MAX}`);
      core.setRate(rate);
      await until(core.store, (state) => state.rate === rate, context.signal);
      return rate;
    }
    case 'setQuality':
      return setQuality(args[0], view, context);
    case 'setAudioTrack': {
      const index = args[0];
      const tracks = core.store.getState().audioTracks;
      if (!tracks.some((track) => track.index === index)) throw fail('NotFoundError', `no audio track ${String(index)}`);
      app.selectAudioTrack(index as number);
      await until(core.store, (state) => state.audioTrackIndex === index, context.signal);
      return index;
    }
    case 'setSubtitle':
      return setSubtitle(args[0], context);
    case 'setEpisode':
      return setEpisode(args[0], view, context);
    case 'setVariant': {
      const variant = view.current.episode.episodeVariants.find((candidate) => candidate.id === args[0]);
      if (!variant) throw fail('NotFoundError', `the episode has no voice-over ${String(args[0])}`);
      if (view.current.variant?.id !== variant.id) {
        const opened = nextEvent(app.events, 'episode', context.signal, (event) => event.variantId === variant.id);
        app.selectVariant(variant.id);
        await opened;
      }
      return { id: variant.id, title: variant.title };
    }
    case 'enterFullscreen':
    case 'exitFullscreen': {
      const { fullscreen } = await whenFeatures(context.bridge);
      if (!fullscreen.store.getState().supported) throw fail('UnsupportedError', 'fullscreen is not supported here');
      try {
        await (command === 'enterFullscreen' ? fullscreen.enter() : fullscreen.exit());
      } catch (error) {
        // The element API needs the viewer's gesture inside the frame; the SDK then makes the frame fullscreen itself.
        throw fail('NotAllowedError', `fullscreen was refused: ${error instanceof Error ? error.message : String(error)}`);
      }
      return undefined;
    }
    case 'destroy':
      app.destroy();
      return undefined;
  }
}

/**
 * Resolves when the film plays — after the preroll, when one comes first (as Vimeo's play()
 * resolves when the video plays) — so `state.paused` is false when it does; rejects when the
 * browser refuses. A break's ads are told by adbreakstart and adbreakend meanwhile.
 */
async function play({ app, signal }: HostCommandContext, view: ReadyView): Promise<void> {
  const ads = app.ads.store.getState();
  // A paused ad resumes: the film's play waits behind it in the gate.
  if (ads.ad && !ads.isPlaying) app.ads.commands.togglePlay();
  const answered = new AbortController();
  const listening = AbortSignal.any([answered.signal, signal]);
  try {
    await Promise.race([
      // The film's own state: a later play of the viewer's may take this one's place in the gate.
      until(view.core.store, (state) => !state.paused, listening),
      view.core.play().catch((error: unknown) => {
        throw playFailure(error);
      }),
    ]);
  } finally {
    answered.abort();
  }
}

function playFailure(error: unknown): HostCommandError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError') return fail('AutoplayBlockedError', 'the browser needs the viewer to press play');
  return fail('NotReadyError', `playback did not start: ${error instanceof Error ? error.message : String(error)}`);
}

async function setQuality(choice: unknown, view: ReadyView, { app, signal }: HostCommandContext): Promise<number | 'auto'> {
  const store = view.core.store;
  if (choice === 'auto') {
    app.selectQuality('auto');
    await until(store, (state) => state.qualityChoice === 'auto', signal);
    return 'auto';
  }
  // The best bitrate of that height: the list's own order is the engine's.
  const candidates = store.getState().qualities.filter((quality) => quality.height === choice);
  const best = candidates.sort((a, b) => b.bitrate - a.bitrate)[0];
  if (!best) throw fail('NotFoundError', `no ${String(choice)}p quality (state.qualities lists them)`);
  app.selectQuality(best.index);
  await until(store, (state) => state.qualityChoice === best.index, signal);
  return best.height;
}

async function setSubtitle(id: unknown, { bridge, signal }: HostCommandContext): Promise<string | null> {
  if (id !== null && typeof id !== 'string') throw fail('RangeError', 'setSubtitle takes a subtitle id or null');
  const { textTracks } = await whenFeatures(bridge);
  if (id !== null && !textTracks.store.getState().tracks.some((track) => track.id === id)) throw fail('NotFoundError', `no subtitle ${id}`);
  textTracks.select(id ?? undefined);
  await until(textTracks.store, (state) => (state.activeId ?? null) === id, signal);
  return id;
}

async function setEpisode(target: unknown, view: ReadyView, { app, signal }: HostCommandContext) {
  const episode = findEpisode(target, view);
  if (!episode) throw fail('NotFoundError', `no such episode: ${JSON.stringify(target)}`);
  if (!view.available) throw fail('NotAllowedError', 'the content is not available in the viewer\'s country');
  if (episode.id !== view.current.episode.id) {
    const opened = nextEvent(app.events, 'episode', signal, (event) => event.episodeId === episode.id);
    app.selectEpisode(episode.id, { cause: 'api' });
    await opened;
  }
  return episodeRef(episode);
}

function findEpisode(target: unknown, view: ReadyView) {
  if (typeof target !== 'object' || target === null) return undefined;
  const { episodeId, season, episode = 1 } = target as Partial<Record<keyof EpisodeTarget | 'season' | 'episode', unknown>> & { episodeId?: unknown };
  if (episodeId !== undefined) return view.episodes.find((candidate) => candidate.id === episodeId);
  return view.episodes.find((candidate) => candidate.season.order === season && candidate.order === episode);
}

function finiteNumber(value: unknown, message: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw fail('RangeError', message);
  return value;
}

/**
 * The ready view, at once or when loading ends ('Перезагрузить страницу' starts a load over);
 * NotReadyError when the error card shows instead.
 */
function readyPlayer(store: AppStore, signal: AbortSignal): Promise<ReadyView> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      unsubscribe();
      reject(fail('NotReadyError', 'the player was destroyed'));
    };
    const check = () => {
      const { view } = store.getState();
      if (view.status === 'loading') return false;
      unsubscribe();
      // Answered: nothing of this command stays on the session's signal.
      signal.removeEventListener('abort', onAbort);
      if (view.status === 'ready') resolve(view);
      else reject(fail('NotReadyError', view.message));
      return true;
    };
    const unsubscribe = store.subscribe(check);
    signal.addEventListener('abort', onAbort, { once: true });
    check();
  });
}

/** Resolves when the store's state satisfies `done` (at once if it already does). */
function until<S>(store: { getState(): S; subscribe(listener: () => void): () => void }, done: (state: S) => boolean, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done(store.getState())) return;
      stop();
      resolve();
    };
    const unsubscribe = store.subscribe(check);
    const onAbort = () => {
      unsubscribe();
      reject(fail('NotReadyError', 'the player was destroyed'));
    };
    const stop = () => {
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    check();
  });
}

type EventOf<K extends 'seeked' | 'episode'> = PlayerEventMap[K];

/** The next `name` event that passes `accept`. */
function nextEvent<K extends 'seeked' | 'episode'>(
  events: Pick<PlayerEvents, 'on'>,
  name: K,
  signal: AbortSignal,
  accept: (event: EventOf<K>) => boolean = () => true,
): Promise<EventOf<K>> {
  return new Promise((resolve, reject) => {
    const done = new AbortController();
    const listening = AbortSignal.any([done.signal, signal]);
    events.on(name, (event) => {
      if (!accept(event as EventOf<K>)) return;
      done.abort();
      resolve(event as EventOf<K>);
    }, { signal: listening });
    signal.addEventListener('abort', () => reject(fail('NotReadyError', 'the player was destroyed')), { once: true, signal: done.signal });
  });
}

/** The features now, or the next ones provided (here, in the host session's chunk: the entry keeps only the features themselves). */
export function whenFeatures(bridge: Pick<HostBridge, 'currentFeatures' | 'onFeatures'>): Promise<HostFeatures> {
  const current = bridge.currentFeatures();
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    const stop = bridge.onFeatures((features) => {
      if (!features) return;
      stop();
      resolve(features);
    });
  });
}

/**
 * The host's new request filters replace the current ones (each engine follows them from its next
 * request on). Each filter is validated on its own: the valid ones apply even when another is
 * left out, and the host hears which and why.
 */
async function setRequestFilters(value: unknown, app: Pick<PlayerApp, 'requestFilters'>): Promise<number> {
  if (!Array.isArray(value)) throw fail('RangeError', 'setRequestFilters takes an array of filters');
  const { readRequestFilters } = await import('../../contract/net/request-filter-schema.ts');
  const { filters, errors } = readRequestFilters(value);
  app.requestFilters.update({ requestFilters: filters });
  if (errors.length > 0) throw fail('RangeError', `${errors.join('; ')}. ${filters.length} other filter(s) in effect`);
  return filters.length;
}
