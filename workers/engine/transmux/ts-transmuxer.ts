import { Transmuxer, type TransmuxedSegment } from 'mux.js/lib/mp4/transmuxer.js';

const TS_CLOCK = 90_000;

/** One track's output of a transmuxed segment: fMP4 init and media bytes. */
export interface TrackOutput {
  kind: 'video' | 'audio';
  init: Uint8Array;
  data: Uint8Array;
}

export interface TransmuxResult {
  tracks: TrackOutput[];
  /** Presentation time of the segment's first frame, in seconds of the source clock (PTS). */
  startPts: number | undefined;
}

/**
 * MPEG-TS → fMP4 with mux.js, one track per output (never remuxed into one buffer) and the
 * source's own timestamps kept: the session maps them onto the playlist timeline with one
 * timestampOffset for every SourceBuffer, which keeps separate audio and video in sync.
 */
export class TsTransmuxer {
  private readonly transmuxer = new Transmuxer({ remux: false, keepOriginalTimestamps: true });
  private outputs: TrackOutput[] = [];
  private videoStart: number | undefined;
  private audioStart: number | undefined;

  constructor() {
    this.transmuxer.on('data', (segment: TransmuxedSegment) => {
      if (segment.type === 'combined') return;
      this.outputs.push({ kind: segment.type, init: segment.initSegment, data: segment.data });
    });
    this.transmuxer.on('videoSegmentTimingInfo', (info) => (this.videoStart ??= info.start.pts / TS_CLOCK));
    this.transmuxer.on('audioSegmentTimingInfo', (info) => (this.audioStart ??= info.start.pts / TS_CLOCK));
  }

  /** Transmuxes one whole segment. */
  transmux(bytes: Uint8Array): TransmuxResult {
    this.outputs = [];
    this.videoStart = undefined;
    this.audioStart = undefined;
    this.transmuxer.push(bytes);
    this.transmuxer.flush();
    return { tracks: this.outputs, startPts: this.videoStart ?? this.audioStart };
  }

  /** Forgets the position (after a seek or a rendition switch): the next segment starts afresh. */
  reset(): void {
    this.transmuxer.setBaseMediaDecodeTime(0);
  }

  dispose(): void {
    this.transmuxer.dispose();
  }
}
