/** One track's output of transmuxed MPEG-TS: fMP4 init and media bytes. */
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
