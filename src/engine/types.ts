import type { NetworkClass } from '../workers-client/network-class.ts';
import type { PlayerError } from '../contract/errors/player-error.ts';
import type { BufferBytes } from '../contract/media/device-buffer-limits.ts';

/** SPEC.md section 4: the source type guessed from the URL, else from a HEAD request. */
export type SourceType = 'hls' | 'dash' | 'progressive' | 'blob' | 'youtube' | 'vimeo';

/** A playable source (SPEC.md section 3, player media objects). */
export interface PlaybackSource {
  src: string;
  type: SourceType;
  /**
   * Playlists already at hand (absolute URL → text), from the embed document's boot data: an
   * engine that reads them (the custom one) uses each once instead of fetching it; others ignore them.
   */
  playlists?: Record<string, string>;
}

/** SPEC.md section 4: live, live:dvr or on-demand; unknown until the engine has read the stream. */
export type StreamType = 'on-demand' | 'live' | 'live:dvr' | 'unknown';

/** SPEC.md section 3. `index` is the engine's own index, used to select it. */
export interface Quality {
  id: string;
  width: number;
  height: number;
  bitrate: number;
  codec: string;
  index: number;
  selected: boolean;
}

export interface AudioTrack {
  id: string;
  label: string;
  language: string;
  kind: string;
  mimeType: string;
  codec: string;
  index: number;
}

/** What an engine tells the core; the core reduces these into state (rule 3: engines report). */
export interface EngineEventMap {
  qualities: { qualities: readonly Quality[] };
  /** The quality now playing (at the playhead, not the one being downloaded). */
  'quality-change': { index: number };
  /** The viewer's choice is in effect: 'auto' (the engine chooses), or the quality it now loads. */
  'quality-choice': { choice: number | 'auto' };
  'audio-tracks': { tracks: readonly AudioTrack[]; selected: number };
  'audio-track-change': { index: number };
  'stream-type': { streamType: StreamType };
  /** For the debug line and analytics: estimated bandwidth and the rendition in use. */
  stats: { bandwidthBps: number | undefined; networkClass: NetworkClass | undefined; rendition: string | undefined; bufferBytes?: BufferBytes | undefined };
  /** Bytes the data saver's cap saved on a segment just fetched (an estimate; engines that cannot tell never send it). */
  'data-saved': { bytes: number };
  error: { error: PlayerError };
}

export type EngineEventName = keyof EngineEventMap;

export interface EngineHost {
  emit<K extends EngineEventName>(name: K, payload: EngineEventMap[K]): void;
}

export interface EngineLoadOptions {
  /** Where playback starts, in seconds (resume, voice-over switch). */
  startTime?: number | undefined;
}

/**
 * One engine attached to one <video> (play, pause, volume, mute and rate are the element's own
 * and the core drives them directly). destroy() is idempotent; after it, the adapter emits nothing.
 */
export interface EngineAdapter {
  readonly name: EngineName;
  load(source: PlaybackSource, options: EngineLoadOptions): Promise<void>;
  /** A quality index from the 'qualities' event, or 'auto'. */
  setQuality(choice: number | 'auto'): void;
  setAudioTrack(index: number): void;
  /**
   * Optional: the viewer may seek to `time` soon (the seek bar hovered or dragged and resting,
   * arrow keys held). An engine may start fetching what a seek there would need; it is only a
   * hint, never a seek, and a newer hint replaces the older one.
   */
  prefetch?(time: number): void;
  destroy(): void;
}

export type EngineName = 'mse' | 'hls.js' | 'dash.js' | 'native';

/** Decides cheaply whether an engine can play a source, and loads its code only when chosen. */
export interface EngineLoader {
  readonly name: EngineName;
  canPlay(source: PlaybackSource, environment: PlaybackEnvironment): boolean;
  load(settings: EngineSettings): Promise<EngineFactory>;
  /**
   * Optional: fetch and start what the engine needs before the source is known (its code, its
   * worker), so start-up does not wait for it later. Called once, early, for the likely engine.
   */
  prewarm?(environment: PlaybackEnvironment): Promise<void>;
}

/** `settings` are the same the loader got: what an adapter follows while it plays (request filters). */
export type EngineFactory = (video: HTMLVideoElement, host: EngineHost, settings: EngineSettings) => EngineAdapter;

/**
 * The player's request filters as configured or last set by the host (src/app/player-app.ts):
 * data not yet validated; each engine reads it through request-filter-feed.ts.
 */
export interface RequestFilterSource {
  getState(): { readonly requestFilters: unknown };
  subscribe(listener: () => void): () => void;
}

/**
 * Whether the data saver is on (src/app/data-saver), as it changes: each engine caps Auto at
 * 480p, buffers 20 s ahead and skips seek hints while it is (src/contract/data-saver.ts).
 */
export interface DataSaverSource {
  getState(): { readonly dataSaver: boolean };
  subscribe(listener: () => void): () => void;
}

/** Engine options from the player's configuration. */
export interface EngineSettings {
  /**
   * Filters every media request goes through, in every engine (request-filter-rules.ts): signed
   * addresses, a CDN swap, headers. Unset: requests go out as the manifests say.
   */
  requestFilters?: RequestFilterSource | undefined;
  /**
   * A dash.js build to load instead of the one we ship: a classic script that sets
   * `window.dashjs` (the UMD build). Unset by default: nothing loads from a CDN unless asked.
   */
  dashLibraryUrl?: string | undefined;
  /** The data saver; unset: off. */
  dataSaver?: DataSaverSource | undefined;
}

/** What the browser offers, read once (and replaceable in tests). */
export interface PlaybackEnvironment {
  mediaSource: boolean;
  /** MediaSource can be built in a dedicated worker (Chrome/Edge 108+). */
  mediaSourceInWorker: boolean;
  /** <video> plays HLS itself (Safari, iOS). */
  nativeHls: boolean;
}
