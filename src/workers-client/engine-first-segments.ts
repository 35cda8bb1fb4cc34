import { rememberedBandwidth } from '../storage/bandwidth-memory.ts';
import { fetchWithPolicy, type RequestKind } from '../contract/net/request-engine.ts';
import type { ByteRange, MediaSegment } from '../../workers/engine/hls/playlist-types.ts';
import type { PrefetchedChunk, PrefetchedMedia } from '../../workers/engine/session/prefetched-media.ts';
import { segmentIndexAt } from '../../workers/engine/session/segment-index.ts';
import { startLevel } from '../../workers/engine/session/start-level.ts';
import { readMediaPlaylist, StreamCatalog } from '../../workers/engine/session/stream-catalog.ts';

/** What the embed document knows before the engine runs, and what only the app can say. */
export interface FirstSegmentsInput {
  /** The playlists the document carries (absolute URL → text): the master and its media playlists. */
  playlists: Record<string, string> | undefined;
  /** The player's element: its size in device pixels is what the engine will be told. */
  video: HTMLVideoElement;
  /** Whether playback of this source would start elsewhere than 0 (a saved time): then nothing is fetched. */
  resumes(src: string): boolean;
  /** The audio track the app would switch to at once, by the tracks' names and languages; undefined keeps the default. */
  audioTrack(tracks: ReadonlyArray<{ index: number; label: string; language: string }>): number | undefined;
}

/** The downloads started for one source, until the engine takes them. */
let started: { src: string; media: PrefetchedMedia[] } | undefined;
/**
 * The engine asked for them: from then on nothing is fetched ahead. (The document's request for
 * this chunk and the engine's are separate imports; on a fast device the engine's may run first,
 * and a prefetch after it would fetch what the engine is already fetching.)
 */
let engineStarted = false;

/**
 * Starts the first segments of the stream the document carries, at the level the engine will
 * start at (the one rule both use, workers/engine/session/start-level.ts), from 0: the video's
 * (its init segment first for fMP4) and the default audio rendition's. The engine takes them when
 * it opens the stream (takeFirstSegments), request for request by URL and byte range; what it
 * does not ask for is cancelled. Anything unsure fetches nothing: the engine then asks as before.
 */
export function prefetchFirstSegments(input: FirstSegmentsInput): void {
  if (started || engineStarted || !input.playlists || !transferableStreams()) return;
  try {
    const master = Object.entries(input.playlists).find(([, text]) => text.includes('#EXT-X-STREAM-INF'));
    if (!master || input.resumes(master[0])) return;
    const catalog = StreamCatalog.ofMasterText(master[1], master[0]);
    // The size and the remembered estimate, read as the adapter reads them for the engine (mse-adapter.ts).
    const rect = input.video.getBoundingClientRect();
    const level = startLevel(catalog.abrLevels(), {
      maxWidth: Math.round(rect.width * devicePixelRatio),
      maxHeight: Math.round(rect.height * devicePixelRatio),
      rememberedBandwidthBps: rememberedBandwidth(),
    });
    const defaultAudio = catalog.defaultAudioIndex();
    const chosenAudio = input.audioTrack(catalog.audioTracks().map((track) => ({ index: track.index, label: track.name, language: track.language })));
    const firstOf = (uri: string | undefined): MediaSegment | undefined => {
      const text = uri === undefined ? undefined : input.playlists?.[uri];
      if (uri === undefined || text === undefined) return undefined;
      const segments = readMediaPlaylist(text, uri).segments;
      return segments[segmentIndexAt(segments, 0)];
    };
    const video = firstOf(catalog.levels[level]?.uri);
    if (!video) return;
    const media = [...(video.init ? [download(video.init.uri, video.init.byteRange, 'init')] : []), download(video.uri, video.byteRange, 'segment')];
    // Another track chosen at once (a saved voice-over) would make the default's bytes wasted.
    const audio = chosenAudio === undefined || chosenAudio === defaultAudio ? firstOf(catalog.audio[defaultAudio]?.uri) : undefined;
    if (audio) media.push(...(audio.init ? [download(audio.init.uri, audio.init.byteRange, 'init')] : []), download(audio.uri, audio.byteRange, 'segment'));
    started = { src: master[0], media };
  } catch {
    // A stream the engine would decline, or a playlist it cannot read: nothing is fetched ahead.
  }
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
function download(url: string, byteRange: ByteRange | undefined, kind: RequestKind): PrefetchedMedia {
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
