import type { Download } from '../../../src/api/net/request-engine.ts';
import type { ByteRange, MediaPlaylist, MediaSegment } from '../hls/playlist-types.ts';
import type { BufferSink } from '../media/media-sink.ts';
import type { Timeline } from './timeline.ts';
import type { TrackLoader } from './track-loader.ts';

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

/** A rendition to switch to before the next download, still being read; undefined when the switch is called off. */
export interface PendingSource {
  key: string;
  source: Promise<TrackSource | undefined>;
}

export interface TrackLoaderHost {
  readonly timeline: Timeline;
  /** The element's current time (playlist seconds). */
  currentTime(): number;
  /** Whether `segment` may be fetched now (far enough ahead already, or another track comes first). */
  mayLoad(track: TrackLoader, segment: MediaSegment): boolean;
  /** The track moved on to another segment (it finished one, or restarted elsewhere). */
  moved(track: TrackLoader): void;
  /** Main track: a segment arrived (for ABR); returns the source for the next one. */
  segmentLoaded(track: TrackLoader, download: Download, segment: MediaSegment): void;
  /** A segment of `source` reached the buffer for the first time. */
  sourceAppended(track: TrackLoader, source: TrackSource): void;
  /** `segment` of `source` is in the buffer (every segment, after sourceAppended for the first). */
  segmentAppended(track: TrackLoader, source: TrackSource, segment: MediaSegment): void;
  /** A segment failed for good; the host may switch rendition or give up. */
  segmentFailed(track: TrackLoader, error: unknown): void;
  /** Every segment up to the end is buffered (or the track was reset). */
  endReached(): void;
  /**
   * How to fetch `segment`; `target` is the seek's time when the segment holds it (a keyframe
   * before it may be the place to start). Resolves at once unless a keyframe index is being read.
   */
  planSegment(track: TrackLoader, source: TrackSource, segment: MediaSegment, target: number | undefined): SegmentPlan | Promise<SegmentPlan>;
}
