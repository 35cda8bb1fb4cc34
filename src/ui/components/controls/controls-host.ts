import type { PlayerState } from '../../../core/player-state.ts';
import type { Store } from '../../../core/store.ts';
import type { TextTracksState } from '../../../core/features/text-tracks.ts';
import type { ThumbnailCue } from '../../../workers-client/thumbnails-client.ts';

/** A browser feature the controls offer only where it exists, with whether it is on. */
export interface ToggleFeature {
  readonly store: Store<{ supported: boolean; active: boolean }>;
  toggle(): Promise<void>;
}

/** Fullscreen, whose mode says whether the close button of stretched fullscreen shows. */
export interface FullscreenFeature {
  readonly store: Store<{ supported: boolean; active: boolean; mode: 'native' | 'stretch' | 'none' }>;
  toggle(): Promise<void>;
}

/** A remote playback target (AirPlay, Cast): offered only when a device is there. */
export interface RemoteFeature {
  readonly store: Store<{ available: boolean; state: 'disconnected' | 'connecting' | 'connected' }>;
  /** Opens the browser's device picker. */
  pick(): void;
}

/** A saved yes-or-no preference the settings menu switches. */
export interface SwitchSetting {
  get(): boolean;
  set(on: boolean): void;
  subscribe(listener: () => void): () => void;
}

/** The next episode, for the next button and its hover card. */
export interface NextEpisodeInfo {
  order: number;
  title: string;
  description: string;
  posterUrl: string | undefined;
}

/**
 * Everything the controls read and request (ARCHITECTURE.md rule 4: a narrow host). State comes
 * from stores; every method is a request the element or a feature confirms through its store.
 */
export interface ControlsHost {
  readonly store: Store<PlayerState>;
  play(): void;
  pause(): void;
  seek(time: number): void;
  /** A hint that the viewer may seek to `time` soon (PlayerCore.prefetch); dropped while an ad plays. */
  prefetch(time: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  setRate(rate: number): void;
  selectQuality(choice: number | 'auto'): void;
  selectAudioTrack(index: number): void;
  thumbnailAt(time: number): ThumbnailCue | undefined;
  readonly textTracks: {
    readonly store: Store<TextTracksState>;
    select(id: string | undefined): void;
    toggle(): void;
    /** Keeps the subtitle cues above the video's lowest `pixels` (the controls shown there); 0 puts them back. */
    keepCuesAbove(pixels: number): void;
  };
  /** 'stretch': iOS inside a frame, where the host enlarges the frame (SPEC.md section 4). */
  readonly fullscreen: FullscreenFeature;
  readonly pictureInPicture: ToggleFeature;
  readonly airPlay: RemoteFeature;
  readonly cast: RemoteFeature;
  readonly audioGain: { readonly store: Store<{ supported: boolean; gain: number }>; setGain(gain: number): void };
  /** Multi-episode content with an episode after this one. */
  readonly nextEpisode: NextEpisodeInfo | undefined;
  playNextEpisode(): void;
  /** 'Всегда пропускать заставку': offered for an episode with an intro. */
  readonly alwaysSkipIntro: SwitchSetting | undefined;
  /** Present when sharing is on (a mobile settings extra). */
  readonly share: (() => void) | undefined;
  /** The data saver's switch (src/app/data-saver): on or off and why; the viewer's flip is saved. */
  readonly dataSaver?: {
    readonly store: Store<{ dataSaver: boolean; reason: 'viewer' | 'save-data' | 'network' | 'host' }>;
    setByViewer(on: boolean): void;
  };
}
