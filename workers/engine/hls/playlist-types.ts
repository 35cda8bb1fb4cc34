/**
 * The HLS playlist model the custom engine works with (RFC 8216). It keeps what the engine uses
 * to fetch, time and decline streams; tags it does not model are dropped by the parser.
 * Every URI here is absolute: the parser resolves it against the playlist URL.
 */

/** A byte range of a resource. `offset` is the first byte (inclusive); the range ends before `offset + length`. */
export interface ByteRange {
  offset: number;
  length: number;
}

/** EXT-X-STREAM-INF (or EXT-X-I-FRAME-STREAM-INF) of a multivariant playlist. */
export interface VariantStream {
  uri: string;
  /** Peak bits per second; 0 when the tag has no valid BANDWIDTH. */
  bandwidth: number;
  averageBandwidth?: number;
  /** CODECS split on commas; empty when the attribute is absent. */
  codecs: string[];
  resolution?: { width: number; height: number };
  frameRate?: number;
  audioGroup?: string;
  subtitleGroup?: string;
  /** A CLOSED-CAPTIONS group id, or 'NONE'. */
  closedCaptions?: string;
  videoGroup?: string;
}

/** EXT-X-MEDIA. `autoselect` is also true when DEFAULT=YES (RFC 8216 section 4.3.4.1). */
export interface AlternateRendition {
  type: 'AUDIO' | 'SUBTITLES' | 'CLOSED-CAPTIONS' | 'VIDEO';
  groupId: string;
  name: string;
  language?: string;
  assocLanguage?: string;
  isDefault: boolean;
  autoselect: boolean;
  forced: boolean;
  uri?: string;
  channels?: string;
  characteristics?: string;
  instreamId?: string;
}

/** EXT-X-START. */
export interface StartPoint {
  /** Seconds; negative counts back from the end of the playlist. */
  timeOffset: number;
  precise: boolean;
}

export interface MasterPlaylist {
  kind: 'master';
  variants: VariantStream[];
  renditions: AlternateRendition[];
  independentSegments: boolean;
  iFrameVariants: VariantStream[];
  sessionKeys: KeyInfo[];
  version?: number;
  start?: StartPoint;
  /** EXT-X-DEFINE seen: URIs may hold `{$name}` references the parser does not substitute. */
  usesVariables: boolean;
}

/** EXT-X-KEY / EXT-X-SESSION-KEY. */
export interface KeyInfo {
  /** 'NONE' | 'AES-128' | 'SAMPLE-AES' | 'SAMPLE-AES-CTR' | … as written. */
  method: string;
  /** Absolute key URI (skd:, data: and other schemes are kept as they are). */
  uri?: string;
  /** The hexadecimal IV as written, `0x` prefix included. */
  iv?: string;
  keyFormat?: string;
}

/** EXT-X-MAP. */
export interface InitSegment {
  uri: string;
  byteRange?: ByteRange;
}

export interface MediaSegment {
  uri: string;
  /** Seconds, from EXTINF; the target duration (or 0) when the segment has no valid EXTINF. */
  duration: number;
  title?: string;
  /** Seconds from the start of the first listed segment. */
  start: number;
  /** Media sequence number (EXT-X-MEDIA-SEQUENCE + position, counting EXT-X-SKIP'ed segments). */
  sequence: number;
  /** Discontinuity sequence number (EXT-X-DISCONTINUITY-SEQUENCE + discontinuities since the first segment). */
  discontinuitySequence: number;
  /** An EXT-X-DISCONTINUITY tag precedes this segment. */
  discontinuity: boolean;
  byteRange?: ByteRange;
  init?: InitSegment;
  /** Milliseconds since the epoch; from EXT-X-PROGRAM-DATE-TIME or extrapolated from a neighbour's. */
  programDateTime?: number;
  key?: KeyInfo;
  /** EXT-X-GAP: the segment must not be loaded. */
  gap: boolean;
}

export interface MediaPlaylist {
  kind: 'media';
  version?: number;
  targetDuration?: number;
  mediaSequence: number;
  discontinuitySequence: number;
  playlistType?: 'VOD' | 'EVENT';
  endList: boolean;
  iFramesOnly: boolean;
  independentSegments: boolean;
  segments: MediaSegment[];
  /** Sum of the segment durations, seconds. */
  totalDuration: number;
  hasProgramDateTime: boolean;
  hasDiscontinuity: boolean;
  /** Any EXT-X-KEY with a METHOD other than NONE. */
  encrypted: boolean;
  start?: StartPoint;
  /** Low-latency HLS: EXT-X-PART, PART-INF, SERVER-CONTROL, PRELOAD-HINT, RENDITION-REPORT or SKIP seen. */
  lowLatency: boolean;
  /** EXT-X-DEFINE seen: URIs may hold `{$name}` references the parser does not substitute. */
  usesVariables: boolean;
}

export type Playlist = MasterPlaylist | MediaPlaylist;
