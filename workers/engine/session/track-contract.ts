import type { Download } from '../../../src/contract/net/request-engine.ts';
import type { ByteRange, MediaPlaylist, MediaSegment } from '../hls/playlist-types.ts';
import type { BufferSink } from '../media/media-sink.ts';
import type { BufferBudget } from './buffer-budget.ts';
import type { Timeline } from './timeline.ts';

/** The buffers a track appends to: TS is split into video and audio; fMP4 goes to `fmp4` as is. */
export interface TrackBuffers {
  video?: BufferSink | undefined;
  audio?: BufferSink | undefined;
  fmp4?: BufferSink | undefined;
}

/** A rendition the track plays: its playlist, and a key that changes when the init segment must. */
export interface TrackSource {
  key: string;
  playlist: MediaPlaylist;
}

/** How a segment is fetched: from its first byte, from a keyframe inside it, or from a prefetch. */
export interface SegmentPlan {
  /** Playlist seconds of the first frame the bytes hold: the segment's start, or a keyframe's time. */
  time: number;
  byteRange: ByteRange | undefined;
  /** Bytes already fetched or on their way (a prefetch): used instead of a request. */
  download?: Promise<Download> | undefined;
}

/** Where appended media belongs on the timeline, for counting its bytes. */
export interface MediaRange {
  start: number;
  end: number;
}

/** A rendition to switch to before the next download, still being read; undefined when the switch is called off. */
export interface PendingSource {
  key: string;
  source: Promise<TrackSource | undefined>;
}

/**
 * What a track loader needs of its session, bound to that one track: the session knows which
 * track each host belongs to, so no callback hands the loader back (and this contract never
 * names the loader).
 */
export interface TrackLoaderHost {
  readonly timeline: Timeline;
  /** The session's byte bounds: media appends make room within them and are counted. */
  readonly budget: BufferBudget;
  /** The element's current time (playlist seconds). */
  currentTime(): number;
  /** Whether `segment` may be fetched now (far enough ahead already, or another track comes first). */
  mayLoad(segment: MediaSegment): boolean;
  /** The track moved on to another segment (it finished one, or restarted elsewhere). */
  moved(): void;
  /** Main track: a segment arrived (for ABR). */
  segmentLoaded(download: Download, segment: MediaSegment): void;
  /** `segment` of `source` is in the buffer; `firstOfSource` when it is the first of that rendition since another. */
  appended(source: TrackSource, segment: MediaSegment, firstOfSource: boolean): void;
  /** A segment failed for good; the host may switch rendition or give up. */
  segmentFailed(error: unknown): void;
  /** Every segment up to the end is buffered (or the track was reset). */
  endReached(): void;
  /**
   * How to fetch `segment`; `target` is the seek's time when the segment holds it (a keyframe
   * before it may be the place to start). Resolves at once unless a keyframe index is being read.
   */
  planSegment(source: TrackSource, segment: MediaSegment, target: number | undefined): SegmentPlan | Promise<SegmentPlan>;
}
