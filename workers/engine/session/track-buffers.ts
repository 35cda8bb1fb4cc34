import type { BufferSink, MediaSink } from '../media/media-sink.ts';
import type { BufferBudget, BufferKind } from './buffer-budget.ts';
import type { StreamCatalog } from './stream-catalog.ts';
import type { Timeline } from './timeline.ts';
import type { TrackBuffers } from './track-contract.ts';

/**
 * The stream's SourceBuffers: TS video (and its muxed audio) or one fMP4 buffer for the main
 * track, one more for separate audio; every buffer takes the timeline's offset once it is decided,
 * and has its bytes counted by the session's budget.
 */
export function openTrackBuffers(
  sink: MediaSink,
  catalog: StreamCatalog,
  timeline: Timeline,
  mainFormat: 'ts' | 'fmp4',
  audioFormat: 'ts' | 'fmp4' | undefined,
  budget: BufferBudget,
): { main: TrackBuffers; audio: TrackBuffers } {
  const add = (mime: string, kind: BufferKind = 'video') => budget.watch(sink.addBuffer(mime), kind);
  const video = `video/mp4; codecs="${catalog.videoCodec()}"`;
  const audio = `audio/mp4; codecs="${catalog.audioCodec()}"`;
  const separateAudio = audioFormat !== undefined;
  const main: TrackBuffers = {};
  if (mainFormat === 'fmp4') {
    main.fmp4 = add(separateAudio || !catalog.hasMuxedAudio() ? video : `video/mp4; codecs="${catalog.videoCodec()},${catalog.audioCodec()}"`);
  } else {
    main.video = add(video);
    if (!separateAudio && catalog.hasMuxedAudio()) main.audio = add(audio, 'audio');
  }
  const audioBuffers: TrackBuffers = separateAudio ? { audio: add(audio, 'audio') } : {};
  const offsetTargets = [main.video, main.audio, main.fmp4, audioBuffers.audio].filter((queue) => queue !== undefined);
  timeline.onDecide((offset) => {
    for (const queue of offsetTargets) void queue.setTimestampOffset(-offset);
  });
  return { main, audio: audioBuffers };
}

/** A track's buffers that exist. */
export function buffersOf(buffers: TrackBuffers): BufferSink[] {
  return [buffers.video, buffers.audio, buffers.fmp4].filter((buffer): buffer is BufferSink => buffer !== undefined);
}

/** Where every buffer of a track holds `time` contiguously, the earliest end of that; else undefined. */
export function contiguousEndFrom(buffers: TrackBuffers, time: number): number | undefined {
  let end = Number.POSITIVE_INFINITY;
  for (const buffer of buffersOf(buffers)) {
    const range = buffer.rangeAt(time);
    if (!range) return undefined;
    end = Math.min(end, range.end);
  }
  return Number.isFinite(end) ? end : undefined;
}
