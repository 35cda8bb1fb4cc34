import type { NetworkClass } from './abr/network-class.ts';
import type { PrefetchedMedia } from './session/prefetched-media.ts';
/**
 * What crosses between the custom engine's main-thread adapter (src/engine/mse) and its worker.
 * Plain data only: everything here is structured-cloneable.
 */
import type { PlayerErrorKind } from '../../src/contract/errors/error-codes.ts';
import type { SerializedError } from '../shared/result.ts';
import type { BufferBytes } from '../../src/contract/media/device-buffer-limits.ts';

/** Why the engine gave up: a category of the player's error table with one of its own codes. */
export type EngineFailure = SerializedError & PlayerErrorKind;

export interface EngineOpenOptions {
  /** The master (or media) playlist URL. */
  url: string;
  /** Where playback starts, seconds. */
  startTime: number;
  /** The player's size in device pixels: levels above what it shows are not loaded. */
  maxWidth: number;
  maxHeight: number;
  /** Bandwidth remembered from an earlier session, bits per second. */
  rememberedBandwidthBps: number | undefined;
  /** The data saver is on from the start (src/contract/data-saver.ts): Auto capped, a shorter buffer, no seek hints. */
  dataSaver?: boolean | undefined;
  /** Playlists already at hand (absolute URL → text): each is read once instead of fetched. */
  playlists?: Record<string, string> | undefined;
  /** The page's navigator.deviceMemory (GB): the buffers' byte bounds follow from it. */
  deviceMemoryGb?: number | undefined;
  /**
   * The first segments the embed document already asked for (their bodies transferred, still
   * arriving): the engine's request for exactly that URL and byte range takes one instead of
   * the network.
   */
  prefetched?: PrefetchedMedia[] | undefined;
}

export interface QualityInfo {
  index: number;
  width: number;
  height: number;
  bitrate: number;
  codec: string;
}

export interface AudioTrackInfo {
  index: number;
  name: string;
  language: string;
  isDefault: boolean;
  codec: string;
}

/** Reports from the worker, in order. */
export type EngineReport =
  | { type: 'qualities'; qualities: QualityInfo[] }
  /** The level at the playhead changed. */
  | { type: 'quality-change'; index: number }
  /** The viewer's choice (a level, or 'auto') is in effect from the next segment on. */
  | { type: 'quality-choice'; choice: number | 'auto' }
  | { type: 'audio-tracks'; tracks: AudioTrackInfo[]; selected: number }
  | { type: 'audio-track-change'; index: number }
  | { type: 'stream-type'; streamType: 'on-demand' | 'live' | 'live:dvr' }
  /** The throughput measured from the engine's own downloads, and its network class (SPEC.md section 9). */
  | { type: 'stats'; bandwidthBps: number | undefined; networkClass: NetworkClass | undefined; rendition: string | undefined; bufferBytes?: BufferBytes | undefined }
  /** Bytes the data saver's cap saved on the segment just fetched (an estimate: data-saver-limits.ts). */
  | { type: 'data-saved'; bytes: number }
  /** The document's prefetched responses the start-up used, and those it dropped (another level or track). */
  | { type: 'first-segments'; taken: number; dropped: number }
  /** The engine gives up: `declined` means it never played (another engine should). */
  | { type: 'error'; error: EngineFailure; declined: boolean };

/** What the element is doing, sent by the adapter on the element's events. */
export interface PlaybackSnapshot {
  currentTime: number;
  seeking: boolean;
  paused: boolean;
}

/** A MediaSource operation the worker asks the main thread to do (where MSE cannot live in a worker). */
export type SinkCommand =
  | { op: 'add'; buffer: number; mimeType: string }
  | { op: 'duration'; seconds: number }
  | { op: 'append'; buffer: number; bytes: Uint8Array }
  | { op: 'remove'; buffer: number; start: number; end: number }
  | { op: 'offset'; buffer: number; offset: number }
  | { op: 'reset'; buffer: number }
  | { op: 'end' };

export interface SinkReply {
  /** The buffer's ranges after the operation. */
  ranges: Array<{ start: number; end: number }>;
  /** The DOMException's name and message when the operation failed. */
  error?: { name: string; message: string };
}

export type SinkHandler = (command: SinkCommand) => Promise<SinkReply>;
