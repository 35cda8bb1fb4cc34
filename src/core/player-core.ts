import { ENGINE_LOADERS } from '../engine/engine-loaders.ts';
import { readPlaybackEnvironment } from '../engine/playback-environment.ts';
import { selectEngine } from '../engine/select-engine.ts';
import type { EngineAdapter, EngineEventMap, EngineEventName, EngineFactory, EngineHost, EngineLoader, EngineName, EngineSettings, PlaybackEnvironment, PlaybackSource } from '../engine/types.ts';
import { createPlayerEvents, reportMediaEvents, type PlayerEvents } from './events.ts';
import { mirrorMediaElement } from './media-element-state.ts';
import { asPlayerError, PLAYER_ERROR_CODES, PlayerError } from '../contract/errors/player-error.ts';
import { initialPlayerState, type PlayerState } from './player-state.ts';
import { createStore, type Store } from './store.ts';
import { clampVolume, liveEdgeTarget, seekTarget, UNMUTE_VOLUME } from './playback-rules.ts';
import { loadGate, type LoadStrategy, type LoadStrategyHooks } from './load-strategy.ts';
import { createRequestGate } from './request-queue.ts';
import type { ThumbnailCue, ThumbnailsClient } from '../workers-client/thumbnails-client.ts';

/**
 * Starts loading the engine most sources will need (the first loader that prewarms), while the
 * catalogue is still being asked what to play. Failures only cost the head start.
 */
export function prewarmPlayback(loaders: readonly EngineLoader[] = ENGINE_LOADERS, environment: PlaybackEnvironment = readPlaybackEnvironment()): void {
  const loader = loaders.find((candidate) => candidate.prewarm);
  void loader?.prewarm?.(environment).catch(() => undefined);
}

export interface PlayerCoreOptions {
  video: HTMLVideoElement;
  loaders?: readonly EngineLoader[];
  environment?: PlaybackEnvironment;
  /** Play through this engine when it can (configuration key `engine`). */
  preferEngine?: EngineName | undefined;
  /** When loading may start (SPEC.md section 4). Default 'eager'. */
  loadStrategy?: LoadStrategy;
  /** The element's preload hint. Default 'metadata' (SPEC.md section 9). */
  preload?: 'none' | 'metadata' | 'auto';
  /** Start again at the end. Default false. */
  loop?: boolean;
  /** Pause when playback reaches this time, seconds (a clip of a longer source). */
  clipEndTime?: number | undefined;
  loadStrategyHooks?: LoadStrategyHooks;
  thumbnails?: ThumbnailsClient;
  engineSettings?: EngineSettings;
}

/** The requests the UI may make; state changes only when the element or engine confirms. */
export interface PlayerCore {
  readonly store: Store<PlayerState>;
  /** What the player reports about the content (src/core/events.ts): subscribe here, not to the element. */
  readonly events: PlayerEvents;
  load(source: PlaybackSource, options?: { startTime?: number }): Promise<void>;
  play(): Promise<void>;
  pause(): void;
  /** Ignored when the time is not finite or nothing is seekable (SPEC.md section 5). */
  seek(time: number): void;
  /**
   * A hint that the viewer may seek to `time` soon (seek-bar hover or drag, held arrow keys):
   * passed to the engine, which may fetch ahead; ignored when the time is not finite, nothing is
   * attached, or the engine takes no hints.
   */
  prefetch(time: number): void;
  seekToLiveEdge(): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  /** Mutes because the browser refused autoplay with sound (state.mutedForAutoplay until unmuted). */
  muteForAutoplay(): void;
  setRate(rate: number): void;
  setQuality(choice: number | 'auto'): void;
  setAudioTrack(index: number): void;
  /**
   * Runs a subtitle choice through the request gate (src/core/features/text-tracks.ts owns the
   * tracks; the gate decides when).
   */
  submitTextTrack(run: () => void): void;
  /**
   * Holds every request (play, pause, seek, quality, tracks) for `owner` — an ad break — until
   * the returned release is called; what was asked meanwhile runs then, the latest of each kind.
   */
  hold(owner: string): () => void;
  /** Loads the thumbnails file (JSON or WebVTT) for the seek bar preview; failures only mean none. */
  loadThumbnails(url: string, duration?: number): Promise<void>;
  /** The thumbnail to show for `time`, once loaded. */
  thumbnailAt(time: number): ThumbnailCue | undefined;
  destroy(): void;
}

/**
 * The thin core: picks the engine (first loader that can play the source), reduces its events
 * and the element's into the store, and falls back to the next engine at the current position
 * when one fails fatally before showing an error.
 */
export function createPlayerCore(options: PlayerCoreOptions): PlayerCore {
  const { video, loaders = ENGINE_LOADERS, environment = readPlaybackEnvironment(options.video), preferEngine } = options;
  const store = createStore(initialPlayerState());
  const lifetime = new AbortController();
  mirrorMediaElement(video, store, lifetime.signal);
  const events = createPlayerEvents();
  reportMediaEvents(video, events, lifetime.signal);
  /** The end of the road for a source: the error card shows it, and the event map reports it. */
  const showError = (error: PlayerError) => {
    store.update({ error });
    events.emit('error', { error });
  };
  video.preload = options.preload ?? 'metadata';
  video.loop = options.loop ?? false;
  const clipEnd = options.clipEndTime;
  if (clipEnd !== undefined) {
    video.addEventListener('timeupdate', () => {
      if (video.currentTime >= clipEnd && !video.paused) video.pause();
    }, { signal: lifetime.signal });
  }
  /**
   * The thumbnails client and its lookup are a chunk of their own, loaded with the first
   * thumbnails file (once the film's buffer is safe), so the entry neither carries nor runs them.
   */
  let thumbnailsClient: Promise<ThumbnailsClient> | undefined = options.thumbnails && Promise.resolve(options.thumbnails);
  let findCue: ((cues: readonly ThumbnailCue[], time: number) => ThumbnailCue | undefined) | undefined;
  let thumbnailCues: readonly ThumbnailCue[] = [];
  let requestPlay: () => void = () => undefined;
  const playRequested = new Promise<void>((resolve) => (requestPlay = resolve));
  let adapter: EngineAdapter | undefined;
  /** Whether the current adapter has its source in: quality and track requests wait for it. */
  let attached = false;
  let generation = 0;
  const gate = createRequestGate({
    ready(kind) {
      switch (kind) {
        // A play goes to the element at once, even before a source: in the viewer's gesture it
        // unlocks playback on phones, and start() asks again once the source is in.
        case 'playback':
        case 'text-track':
          return true;
        case 'seek':
          return video.seekable.length > 0;
        case 'quality':
          return attached && store.getState().qualities.length > 0;
        case 'audio-track':
          return attached && store.getState().audioTracks.length > 0;
      }
    },
  });
  // What the gate waits for arrives with the element's metadata and the engine's reports.
  for (const type of ['loadedmetadata', 'durationchange']) video.addEventListener(type, gate.wake, { signal: lifetime.signal });
  const unsubscribeGate = store.subscribe(gate.wake);

  async function start(source: PlaybackSource, startTime: number | undefined, failed: readonly EngineName[], resume = false): Promise<void> {
    // Attaching a source aborts a play() already under way (the element's load algorithm), so a
    // play asked for until the source is in — by the viewer, a host, autoplay — is asked again
    // after it; a pause meanwhile cancels it. A fallback engine takes over a source that was playing.
    const attaching = new AbortController();
    let playWanted = resume || !video.paused;
    video.addEventListener('play', () => (playWanted = true), { signal: AbortSignal.any([attaching.signal, lifetime.signal]) });
    video.addEventListener('pause', () => (playWanted = false), { signal: AbortSignal.any([attaching.signal, lifetime.signal]) });
    try {
      await attach(source, startTime, failed, () => playWanted);
    } finally {
      attaching.abort();
    }
  }

  async function attach(source: PlaybackSource, startTime: number | undefined, failed: readonly EngineName[], playWanted: () => boolean): Promise<void> {
    adapter?.destroy();
    adapter = undefined;
    attached = false;
    const mine = ++generation;
    const loader = selectEngine(loaders, source, environment, failed, preferEngine);
    if (!loader) {
      showError(new PlayerError('engine', PLAYER_ERROR_CODES.UNSUPPORTED, 'fatal', 'No engine can play this source', { src: source.src, type: source.type }));
      return;
    }
    let factory: EngineFactory;
    try {
      factory = await loader.load(options.engineSettings ?? {});
    } catch (error) {
      if (mine === generation && !lifetime.signal.aborted) engineFailed(source, loader.name, failed, asPlayerError(error), { time: startTime, resume: playWanted() });
      return;
    }
    if (mine !== generation || lifetime.signal.aborted) return;
    const host: EngineHost = {
      emit: <K extends EngineEventName>(name: K, payload: EngineEventMap[K]) => {
        // Late events of a replaced engine are dropped (ARCHITECTURE.md rule 7).
        if (mine === generation) reduce(name, payload, source, loader.name, failed);
      },
    };
    adapter = factory(video, host, options.engineSettings ?? {});
    store.update({ engine: loader.name, source, error: undefined, qualities: [], qualityIndex: -1, qualityChoice: 'auto', audioTracks: [], audioTrackIndex: -1 });
    try {
      await adapter.load(source, { startTime });
    } catch (error) {
      // A load that fails is an engine that failed: the next one takes over where this one was to start.
      if (mine === generation && !lifetime.signal.aborted) engineFailed(source, loader.name, failed, asPlayerError(error), { time: startTime, resume: playWanted() });
      return;
    }
    if (mine !== generation) return;
    attached = true;
    gate.wake();
    if (playWanted()) gate.submit('playback', () => void video.play().catch(() => undefined));
  }

  function reduce<K extends EngineEventName>(name: K, payload: EngineEventMap[K], source: PlaybackSource, engine: EngineName, failed: readonly EngineName[]): void {
    const event = { name, payload } as { [N in EngineEventName]: { name: N; payload: EngineEventMap[N] } }[EngineEventName];
    switch (event.name) {
      case 'qualities':
        store.update({ qualities: event.payload.qualities });
        break;
      case 'quality-change': {
        store.update({ qualityIndex: event.payload.index });
        const quality = store.getState().qualities.find((candidate) => candidate.index === event.payload.index);
        events.emit('rendition', { index: event.payload.index, height: quality?.height });
        break;
      }
      case 'quality-choice':
        store.update({ qualityChoice: event.payload.choice });
        break;
      case 'audio-tracks':
        store.update({ audioTracks: event.payload.tracks, audioTrackIndex: event.payload.selected });
        break;
      case 'audio-track-change':
        store.update({ audioTrackIndex: event.payload.index });
        events.emit('audio-track', { index: event.payload.index });
        break;
      case 'stream-type':
        store.update({ streamType: event.payload.streamType });
        break;
      case 'stats':
        store.update({ bandwidthBps: event.payload.bandwidthBps, networkClass: event.payload.networkClass ?? store.getState().networkClass, rendition: event.payload.rendition, bufferBytes: event.payload.bufferBytes });
        break;
      case 'data-saved':
        store.update({ dataSavedBytes: store.getState().dataSavedBytes + event.payload.bytes });
        break;
      case 'error':
        engineFailed(source, engine, failed, event.payload.error);
        break;
    }
  }

  /**
   * Another engine may still play the source: continue there, at the current position (or where
   * the failed one was to start) and playing if it was; else show the error.
   */
  function engineFailed(
    source: PlaybackSource,
    engine: EngineName,
    failed: readonly EngineName[],
    error: PlayerError,
    at: { time: number | undefined; resume: boolean } = { time: video.currentTime || undefined, resume: !video.paused },
  ): void {
    if (selectEngine(loaders, source, environment, [...failed, engine], preferEngine)) {
      void start(source, at.time, [...failed, engine], at.resume);
    } else {
      showError(error);
    }
  }

  /**
   * play() and pause() change the element's `paused` at once, but its 'play' and 'pause' events
   * come in a later task, and Chromium runs input first: a key pressed in between would read the
   * old state and ask for the same thing again (Space right after k did nothing on a busy phone).
   * The store says what the element says as soon as it says it.
   */
  const showPausedNow = () => store.update({ paused: video.paused, ended: video.ended });

  return {
    store,
    events,
    async load(source, loadOptions = {}) {
      // What was asked of the previous source (a seek, a quality) does not apply to this one.
      gate.newEpisode();
      await loadGate(options.loadStrategy ?? 'eager', video, playRequested, lifetime.signal, options.loadStrategyHooks);
      if (lifetime.signal.aborted) return;
      await start(source, loadOptions.startTime, []);
    },
    play() {
      // With the 'play' strategy this is what lets loading begin; the element starts once it has data.
      requestPlay();
      events.emit('play-requested', {});
      return new Promise<void>((resolve, reject) =>
        gate.submit('playback', () => {
          void video.play().then(resolve, (error: unknown) => {
            if (error instanceof Error && error.name === 'NotAllowedError') events.emit('play-blocked', {});
            reject(error);
          });
          showPausedNow();
        }),
      );
    },
    pause: () =>
      gate.submit('playback', () => {
        video.pause();
        showPausedNow();
      }),
    seek(time) {
      // SPEC.md section 5: a time that is not finite is ignored; one asked before the stream is
      // seekable waits for it.
      if (!Number.isFinite(time)) return;
      gate.submit('seek', () => {
        video.currentTime = seekTarget(time, video.duration);
      });
    },
    prefetch(time) {
      if (!Number.isFinite(time) || !attached) return;
      adapter?.prefetch?.(time);
    },
    seekToLiveEdge() {
      gate.submit('seek', () => {
        const target = liveEdgeTarget(video.seekable);
        if (target !== undefined) video.currentTime = target;
      });
    },
    setVolume(volume) {
      const next = clampVolume(volume);
      if (next !== undefined) video.volume = next;
    },
    setMuted(muted) {
      if (!muted && video.volume === 0) video.volume = UNMUTE_VOLUME;
      video.muted = muted;
    },
    muteForAutoplay() {
      // The flag first: the element's volumechange then finds it set and keeps it.
      store.update({ mutedForAutoplay: true });
      video.muted = true;
    },
    setRate(rate) {
      if (!Number.isFinite(rate) || rate <= 0) return;
      // The default too: loading the next episode's source resets the rate to it.
      video.defaultPlaybackRate = rate;
      video.playbackRate = rate;
    },
    async loadThumbnails(url, duration) {
      const chunk = import('../workers-client/thumbnails-client.ts');
      thumbnailsClient ??= chunk.then((loaded) => loaded.createThumbnailsClient());
      let result;
      try {
        const [client, { findThumbnail }] = await Promise.all([thumbnailsClient, chunk]);
        findCue = findThumbnail;
        result = await client.load(url, duration);
      } catch {
        return; // the chunk did not load: no thumbnails, as with a file that fails
      }
      if (lifetime.signal.aborted) return;
      thumbnailCues = result.ok ? result.value : [];
      store.update({ thumbnailsReady: thumbnailCues.length > 0 });
    },
    thumbnailAt: (time) => findCue?.(thumbnailCues, time),
    setQuality: (choice) => gate.submit('quality', () => adapter?.setQuality(choice)),
    setAudioTrack: (index) => gate.submit('audio-track', () => adapter?.setAudioTrack(index)),
    submitTextTrack: (run) => gate.submit('text-track', run),
    hold: (owner) => gate.hold(owner),
    destroy() {
      if (lifetime.signal.aborted) return;
      lifetime.abort();
      unsubscribeGate();
      gate.destroy();
      generation += 1;
      adapter?.destroy();
      adapter = undefined;
      void thumbnailsClient?.then((client) => client.destroy(), () => undefined);
    },
  };
}
