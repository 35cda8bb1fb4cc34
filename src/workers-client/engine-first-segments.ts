import { rememberedBandwidth } from '../storage/bandwidth-memory.ts';
import { fetchWithPolicy, type RequestKind } from '../contract/net/request-engine.ts';
import type { FirstSegmentsTable, SegmentRequest } from '../contract/catalogue/first-segments-table.ts';
import type { PrefetchedChunk, PrefetchedMedia } from '../../workers/engine/session/prefetched-media.ts';
import { startLevel } from '../../workers/engine/session/start-level.ts';

/** What the embed document's server wrote, and what only the app can say. */
export interface FirstSegmentsInput {
  /** The first segments of the stream the document carries, per level (server/widget/first-segments-table.ts). */
  table: FirstSegmentsTable;
  /** The player's element: its size in device pixels is what the engine will be told. */
  video: HTMLVideoElement;
  /** Whether playback of this source would start elsewhere than 0 (a saved time): then nothing is fetched. */
  resumes(src: string): boolean;
  /** The audio track the app would switch to at once, by the tracks' names and languages; undefined keeps the default. */
  audioTrack(tracks: ReadonlyArray<{ index: number; label: string; language: string }>): number | undefined;
}

/** The downloads started for one source, until the engine takes them. */
let started: { src: string; media: PrefetchedMedia[] } | undefined;
/** The engine asked for them: from then on nothing is fetched ahead. */
let engineStarted = false;

/**
 * Starts the first segments of the stream the document carries, at the level the engine will
 * start at (the one rule both use, workers/engine/session/start-level.ts, over the levels the
 * server listed in the engine's order), from 0: the video's (its init segment first for fMP4) and
 * the default audio rendition's. The engine takes them when it opens the stream
 * (takeFirstSegments), request for request by URL and byte range; what it does not ask for is
 * cancelled. Anything unsure fetches nothing: the engine then asks as before.
 */
export function prefetchFirstSegments({ table, video, resumes, audioTrack }: FirstSegmentsInput): void {
  if (started || engineStarted || resumes(table.src) || !transferableStreams()) return;
  // The size and the remembered estimate, read as the adapter reads them for the engine (mse-adapter.ts).
  const rect = video.getBoundingClientRect();
  const levels = table.levels.map(({ bitrate, width, height }, index) => ({ index, bitrate, width, height }));
  const level = table.levels[startLevel(levels, {
    maxWidth: Math.round(rect.width * devicePixelRatio),
    maxHeight: Math.round(rect.height * devicePixelRatio),
    rememberedBandwidthBps: rememberedBandwidth(),
  })];
  if (!level?.segment) return;
  // Another track chosen at once (a saved voice-over) would make the default's bytes wasted.
  const chosenAudio = audioTrack(table.audio.map((track, index) => ({ index, ...track })));
  const audio = chosenAudio === undefined || chosenAudio === table.defaultAudio;
  const requests = [level.init, level.segment, ...(audio ? [table.audioInit, table.audioSegment] : [])];
  started = { src: table.src, media: requests.flatMap((request, index) => (request ? [download(request, index % 2 ? 'segment' : 'init')] : [])) };
}

/**
 * The prefetched first segments of `src`, once: the engine's start message transfers them. For
 * another source they are cancelled (the viewer plays something else).
 */
export function takeFirstSegments(src: string): PrefetchedMedia[] | undefined {
  const taken = started;
  started = undefined;
  engineStarted = true;
  if (!taken || taken.src === src) return taken?.media;
  for (const media of taken.media) void media.body.cancel().catch(() => undefined);
  return undefined;
}

/**
 * One request, as the engine's worker would send it (same URL, byte range and request kind),
 * its body fed to a stream as it arrives: the stream is what the worker gets. A failed or retried
 * download errors the stream (the engine asks the network itself); cancelling the stream stops it.
 */
function download({ url, byteRange }: SegmentRequest, kind: RequestKind): PrefetchedMedia {
  const abort = new AbortController();
  let sink!: ReadableStreamDefaultController<PrefetchedChunk>;
  const body = new ReadableStream<PrefetchedChunk>({ start: (controller) => void (sink = controller), cancel: () => abort.abort() });
  const enqueue = (chunk: PrefetchedChunk) => {
    try {
      sink.enqueue(chunk);
    } catch {
      // cancelled meanwhile
    }
  };
  fetchWithPolicy(url, { kind, byteRange, signal: abort.signal, onChunk: enqueue, onRetry: () => abort.abort() }).then((done) => {
    enqueue({ transferMs: done.transferMs });
    if (!abort.signal.aborted) sink.close();
  }, (error: unknown) => sink.error(error));
  return { url, byteRange, body };
}

/** Whether this browser can hand a stream to a worker (Chromium, Firefox; not every Safari). */
function transferableStreams(): boolean {
  try {
    const stream = new ReadableStream();
    structuredClone(stream, { transfer: [stream] });
    return true;
  } catch {
    return false;
  }
}
