/** One request of the engine's: an absolute URL and, for a byte-range segment, its range. */
export interface SegmentRequest {
  url: string;
  byteRange?: { offset: number; length: number };
}

/** A video level as the engine lists it (Level.index is its position in the table). */
export interface FirstSegmentsLevel {
  bitrate: number;
  width?: number;
  height?: number;
  codecs: string;
  /** Its first segment from 0; absent when the document carries no playlist for it. */
  segment?: SegmentRequest;
  /** Its init segment (fMP4). */
  init?: SegmentRequest;
}

/**
 * What the document needs to start the stream's first segments without the playlist parser,
 * written by the server beside the playlists it carries (server/widget/first-segments-table.ts)
 * and read by the entry (src/app/wiring/first-segments.ts): the engine's levels in its order,
 * each with its first segment, and the audio renditions it offers with the default's first segment.
 */
export interface FirstSegmentsTable {
  /** The master playlist: the source's src. */
  src: string;
  levels: FirstSegmentsLevel[];
  /** The audio renditions, in the engine's track order. */
  audio: Array<{ label: string; language: string }>;
  /** The engine's default audio track (its index in `audio`). */
  defaultAudio: number;
  audioSegment?: SegmentRequest;
  audioInit?: SegmentRequest;
}
