import type { NetworkClass } from '../workers-client/network-class.ts';
import type { AudioTrack, EngineName, PlaybackSource, Quality, StreamType } from '../engine/types.ts';
import type { PlayerError } from '../contract/errors/player-error.ts';
import type { BufferBytes } from '../contract/media/device-buffer-limits.ts';

export type { AudioTrack, EngineName, Quality, StreamType };

/** What the UI renders. Changed only by what the engine or the media element confirmed. */
export interface PlayerState {
  source: PlaybackSource | undefined;
  engine: EngineName | undefined;
  streamType: StreamType;
  qualities: readonly Quality[];
  /** The quality playing now, -1 before the engine says. */
  qualityIndex: number;
  /** The viewer's choice as the engine took it: 'auto', or the index of the quality it loads. */
  qualityChoice: number | 'auto';
  audioTracks: readonly AudioTrack[];
  audioTrackIndex: number;
  bandwidthBps: number | undefined;
  /** The class of the measured throughput (SPEC.md section 9), for analytics and error reports. */
  networkClass: NetworkClass | undefined;
  rendition: string | undefined;
  /** The custom engine's SourceBuffers in bytes and their bounds (the debug line); undefined from other engines. */
  bufferBytes?: BufferBytes | undefined;
  paused: boolean;
  ended: boolean;
  started: boolean;
  seeking: boolean;
  /** The element is waiting for data (the spinner shows it after 300 ms, SPEC.md section 9). */
  waiting: boolean;
  currentTime: number;
  duration: number;
  /** Seconds buffered ahead of the current time. */
  bufferedAhead: number;
  volume: number;
  muted: boolean;
  /**
   * The browser refused to start with sound, so the film plays muted until the viewer turns the
   * sound on: not their choice, so it is neither remembered nor kept once they unmute.
   */
  mutedForAutoplay: boolean;
  rate: number;
  error: PlayerError | undefined;
  /** Thumbnails for the seek bar are loaded (PlayerCore.thumbnailAt answers). */
  thumbnailsReady: boolean;
  /** Bytes the data saver's cap saved since this player started, as its engines estimate them (0 when none can tell). */
  dataSavedBytes: number;
}

export function initialPlayerState(): PlayerState {
  return {
    source: undefined,
    engine: undefined,
    streamType: 'unknown',
    qualities: [],
    qualityIndex: -1,
    qualityChoice: 'auto',
    audioTracks: [],
    audioTrackIndex: -1,
    bandwidthBps: undefined,
    networkClass: undefined,
    rendition: undefined,
    paused: true,
    ended: false,
    started: false,
    seeking: false,
    waiting: false,
    currentTime: 0,
    duration: Number.NaN,
    bufferedAhead: 0,
    volume: 1,
    muted: false,
    mutedForAutoplay: false,
    rate: 1,
    error: undefined,
    thumbnailsReady: false,
    dataSavedBytes: 0,
  };
}
