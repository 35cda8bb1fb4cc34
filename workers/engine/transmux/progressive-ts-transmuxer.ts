import PartialTransmuxer, { type PartialOutput } from 'mux.js/lib/partial/transmuxer.js';
import { withMovieDuration } from './movie-duration.ts';
import type { TrackOutput, TransmuxResult } from './transmux-types.ts';

const TS_CLOCK = 90_000;

/**
 * MPEG-TS → fMP4 as the bytes arrive: every network chunk yields the frames it completed (mux.js's
 * partial pipeline keeps the unfinished last frame for the next chunk), so the first frame after
 * start or seek is appended before the whole segment has downloaded. Output goes one track per
 * buffer (never remuxed into one) and keeps the source's own timestamps: the session maps them onto
 * the playlist timeline with one timestampOffset for every SourceBuffer, which keeps separate audio
 * in sync with video.
 */
export class ProgressiveTsTransmuxer {
  private readonly transmuxer = new PartialTransmuxer({ keepOriginalTimestamps: true });
  private outputs: PartialOutput[] = [];
  private videoStart: number | undefined;
  private audioStart: number | undefined;

  /** `durationSeconds`: the film's, written into the init segments (movie-duration.ts says why). */
  private readonly durationSeconds: number | undefined;

  constructor(durationSeconds?: number) {
    this.durationSeconds = durationSeconds;
    this.transmuxer.on('data', (output) => this.outputs.push(output));
    this.transmuxer.on('videoTimingInfo', (info) => (this.videoStart ??= info.start / TS_CLOCK));
    this.transmuxer.on('audioTimingInfo', (info) => (this.audioStart ??= info.start / TS_CLOCK));
  }

  /** Feeds a chunk of the segment; returns what it completed. */
  push(chunk: Uint8Array): TransmuxResult {
    this.transmuxer.push(chunk);
    this.transmuxer.partialFlush();
    return this.collect();
  }

  /** The segment is complete: returns the rest and readies for the next segment. */
  end(): TransmuxResult {
    this.transmuxer.flush();
    const result = this.collect();
    this.videoStart = undefined;
    this.audioStart = undefined;
    return result;
  }

  /** Drops a half-read segment (a retry, a seek, a switch). */
  reset(): void {
    this.transmuxer.reset();
    this.outputs = [];
    this.videoStart = undefined;
    this.audioStart = undefined;
  }

  private collect(): TransmuxResult {
    const outputs = this.outputs;
    this.outputs = [];
    const tracks: TrackOutput[] = [];
    for (const kind of ['video', 'audio'] as const) {
      const mine = outputs.filter((output) => output.type === kind);
      const last = mine.at(-1);
      if (!last) continue;
      const init = this.durationSeconds === undefined ? last.data.track.initSegment : withMovieDuration(last.data.track.initSegment, this.durationSeconds);
      tracks.push({ kind, init, data: concat(mine.map((output) => output.data.boxes)) });
    }
    return { tracks, startPts: this.videoStart ?? this.audioStart };
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
