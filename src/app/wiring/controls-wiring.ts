import type { Episode } from '../../contract/schemas/schema.ts';
import { createAirPlay } from '../../core/features/airplay.ts';
import { createAudioGain } from '../../core/features/audio-gain.ts';
import { createFullscreenController } from '../../core/features/fullscreen-controller.ts';
import { createPictureInPicture } from '../../core/features/picture-in-picture.ts';
import { createTextTracks } from '../../core/features/text-tracks.ts';
import type { PlayerEvents } from '../../core/events.ts';
import type { PlayerCore } from '../../core/player-core.ts';
import type { Store } from '../../core/store.ts';
import type { AdState } from '../../ads/ad-state.ts';
import type { ControlsHost } from '../../ui/components/controls/controls-host.ts';
import { keepAudioGain, type AudioGainMemoryOptions } from './audio-gain-memory.ts';
import { createCast, type CastOptions } from './cast-wiring.ts';
import type { HostBridge } from '../host/host-bridge.ts';
import type { PlayerApp } from '../player-app.ts';

/** The browser features of one player element, created once and destroyed together. */
export type PlayerFeatures = Pick<ControlsHost, 'textTracks' | 'fullscreen' | 'pictureInPicture' | 'airPlay' | 'cast' | 'audioGain'> & {
  destroy(): void;
};

export interface PlayerFeaturesOptions {
  video: HTMLVideoElement;
  /** The element that goes fullscreen: the player with its controls. */
  element: HTMLElement;
  bridge: HostBridge;
  fullscreenMode: 'native' | 'stretch';
  /** What 'Google Cast' needs: the core and the configured sender script (cast-wiring.ts). */
  cast: Omit<CastOptions, 'video'>;
  /** The audio boost saved for the source playing, and where the viewer's new one is saved. */
  audioGainMemory: Pick<AudioGainMemoryOptions, 'saved' | 'remember'>;
}

export function createPlayerFeatures({ video, element, bridge, fullscreenMode, cast, audioGainMemory }: PlayerFeaturesOptions): PlayerFeatures {
  const isIOS = /iP(hone|od|ad)/.test(navigator.userAgent) || (navigator.maxTouchPoints > 1 && /Macintosh/.test(navigator.userAgent));
  const fullscreen = createFullscreenController({
    element,
    video,
    doc: document,
    framed: window.parent !== window,
    isIOS,
    postToHost: bridge.post,
    preferredMode: fullscreenMode,
  });
  const stopCommands = bridge.onCommand((command) => {
    if (command.type === 'exitFullScreen') fullscreen.hostExited();
  });
  const textTracks = { ...createTextTracks(video.textTracks, cast.core.submitTextTrack), keepCuesAbove: cueLift(video) };
  const pictureInPicture = createPictureInPicture({ video, doc: document });
  const airPlay = createAirPlay({
    video,
    win: { WebKitPlaybackTargetAvailabilityEvent: (window as unknown as Record<string, unknown>).WebKitPlaybackTargetAvailabilityEvent },
  });
  const casting = createCast({ video, ...cast });
  const audioGain = createAudioGain({ video });
  const lifetime = new AbortController();
  const setGain = keepAudioGain({ audioGain, ...audioGainMemory, doc: document, signal: lifetime.signal });
  reportPresentation(cast.core.events, { fullscreen, pictureInPicture, textTracks, remotes: [airPlay.store, casting.store] }, lifetime.signal);
  // The host page's commands (fullscreen, subtitles) reach these features through the bridge.
  const forHost = { fullscreen, textTracks };
  bridge.provideFeatures(forHost);
  return {
    textTracks,
    fullscreen,
    pictureInPicture,
    airPlay: {
      store: airPlay.store,
      pick: () => {
        cast.core.events.emit('ui', { action: 'airplay_icon_click' });
        airPlay.showPicker();
      },
    },
    cast: casting,
    audioGain: { store: audioGain.store, setGain },
    destroy() {
      lifetime.abort();
      stopCommands();
      bridge.withdrawFeatures(forHost);
      for (const feature of [fullscreen, textTracks, pictureInPicture, airPlay, casting, audioGain]) feature.destroy();
    },
  };
}

/**
 * The browser draws native cues at the bottom of the video, under a control bar drawn over it:
 * the player's stylesheet moves their box up by --cue-lift (player.css), set here.
 */
function cueLift(video: HTMLVideoElement): (pixels: number) => void {
  return (pixels) => {
    const lift = Number.isFinite(pixels) ? Math.max(0, Math.round(pixels)) : 0;
    if (lift === 0) video.style.removeProperty('--cue-lift');
    else video.style.setProperty('--cue-lift', `${lift}px`);
  };
}

/**
 * The features' states as player events (src/core/events.ts): fullscreen, picture-in-picture and
 * remote playback as one 'presentation', and the subtitle track shown; each when it changes.
 */
function reportPresentation(
  events: PlayerEvents,
  features: {
    fullscreen: { store: Store<{ active: boolean }> };
    pictureInPicture: { store: Store<{ active: boolean }> };
    textTracks: { store: Store<{ activeId: string | undefined }> };
    remotes: ReadonlyArray<Store<{ state: 'disconnected' | 'connecting' | 'connected' }>>;
  },
  signal: AbortSignal,
): void {
  const presentation = () => {
    const states = features.remotes.map((remote) => remote.getState().state);
    return {
      fullscreen: features.fullscreen.store.getState().active,
      pictureInPicture: features.pictureInPicture.store.getState().active,
      remote: states.find((state) => state !== 'disconnected') ?? 'disconnected',
    } as const;
  };
  let last = presentation();
  const onPresentation = () => {
    const now = presentation();
    if (now.fullscreen === last.fullscreen && now.pictureInPicture === last.pictureInPicture && now.remote === last.remote) return;
    last = now;
    events.emit('presentation', now);
  };
  let subtitle = features.textTracks.store.getState().activeId;
  const onSubtitle = () => {
    const { activeId } = features.textTracks.store.getState();
    if (activeId === subtitle) return;
    subtitle = activeId;
    events.emit('text-track', { id: activeId });
  };
  const stops = [
    ...[features.fullscreen.store, features.pictureInPicture.store, ...features.remotes].map((store) => store.subscribe(onPresentation)),
    features.textTracks.store.subscribe(onSubtitle),
  ];
  signal.addEventListener('abort', () => stops.forEach((stop) => stop()), { once: true });
}

/** What the controls may ask of this episode's player (ARCHITECTURE.md rule 4). */
export function createControlsHost(options: {
  core: PlayerCore;
  app: PlayerApp;
  features: PlayerFeatures;
  next: Episode | undefined;
  share: (() => void) | undefined;
  /** The episode on screen has an intro: the settings offer to always skip it. */
  hasIntro: boolean;
}): ControlsHost {
  const { core, app, features, next, share, hasIntro } = options;
  const { storage } = app;
  return {
    ...features,
    store: core.store,
    play: () => void core.play().catch(() => undefined),
    pause: core.pause,
    seek: core.seek,
    prefetch: seekHints(core, app.ads.store),
    setVolume: core.setVolume,
    setMuted: core.setMuted,
    setRate: core.setRate,
    selectQuality: app.selectQuality,
    selectAudioTrack: app.selectAudioTrack,
    thumbnailAt: core.thumbnailAt,
    nextEpisode: next && { order: next.order, title: next.title, description: next.description, posterUrl: next.posterPath ?? undefined },
    playNextEpisode: () => {
      if (next) app.selectEpisode(next.id, { play: true });
    },
    alwaysSkipIntro: hasIntro
      ? { get: () => storage.get('alwaysSkipIntro'), set: (on) => storage.set('alwaysSkipIntro', on), subscribe: storage.subscribe }
      : undefined,
    share,
    dataSaver: app.dataSaver,
  };
}

/**
 * The seek bar's hints to the engine (PlayerCore.prefetch), none while an ad is on screen: the
 * film is held behind it and its bytes would compete with the ad's.
 */
export function seekHints(core: Pick<PlayerCore, 'prefetch'>, ads: Store<AdState>): (time: number) => void {
  return (time) => {
    const { phase, ad, loading } = ads.getState();
    if ((phase === 'ready' && ad !== undefined) || (phase === 'load' && loading)) return;
    core.prefetch(time);
  };
}
