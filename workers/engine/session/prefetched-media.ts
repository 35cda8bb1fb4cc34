import type { Download } from '../../../src/contract/net/request-engine.ts';
import type { ByteRange } from '../hls/playlist-types.ts';
import { joined } from './fmp4-stream-append.ts';

/**
 * What crosses the stream of a prefetched response: its body's chunks as they arrive, then, once
 * it is whole, the time its bytes took from the first to the last (measured where the download
 * ran: bytes that waited in the stream would otherwise look instantaneous to ABR).
 */
export type PrefetchedChunk = Uint8Array | { transferMs: number };

/**
 * A response the embed document started before the engine ran (its first segments, by the
 * start level the engine would choose): one exact URL and byte range, its body still arriving.
 * The stream errors when the download failed; the engine then asks the network itself.
 */
export interface PrefetchedMedia {
  url: string;
  byteRange?: ByteRange | undefined;
  body: ReadableStream<PrefetchedChunk>;
}

/** How many prefetched responses the engine used, and how many it had no request for. */
export interface PrefetchOutcome {
  taken: number;
  dropped: number;
}

const keyOf = (url: string, byteRange: ByteRange | undefined) => `${url}#${byteRange ? `${byteRange.offset}+${byteRange.length}` : ''}`;

/** The worker's prefetched responses by URL and byte range; each answers one request, once. */
const waiting = new Map<string, PrefetchedMedia>();
let taken = 0;

/** Replaces the responses at hand with those of the source being opened (any left over are cancelled). */
export function givePrefetched(media: readonly PrefetchedMedia[] | undefined): void {
  dropPrefetched();
  taken = 0;
  for (const item of media ?? []) waiting.set(keyOf(item.url, item.byteRange), item);
}

/** The prefetched response for exactly this request, handed out once; undefined when there is none. */
export function takePrefetched(url: string, byteRange: ByteRange | undefined): PrefetchedMedia | undefined {
  const key = keyOf(url, byteRange);
  const media = waiting.get(key);
  if (!media) return undefined;
  waiting.delete(key);
  taken += 1;
  return media;
}

/**
 * Cancels what no request took (the engine started at another level, another audio track): its
 * download stops in the document. Says how many were used and how many were not.
 */
export function dropPrefetched(): PrefetchOutcome {
  const dropped = waiting.size;
  for (const media of waiting.values()) void media.body.cancel().catch(() => undefined);
  waiting.clear();
  return { taken, dropped };
}

/**
 * Reads a prefetched body as the network's answer would be read: each chunk to `onChunk` as it
 * comes, the whole as a Download. Rejects when the download failed, was cut short, or `signal`
 * aborts (the stream is cancelled then).
 */
export async function readPrefetched(media: PrefetchedMedia, signal: AbortSignal, onChunk?: (chunk: Uint8Array) => void): Promise<Download> {
  const reader = media.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  let transferMs: number | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw new Error('aborted');
      if (done) break;
      if (value instanceof Uint8Array) {
        chunks.push(value);
        total += value.byteLength;
        onChunk?.(value);
      } else {
        transferMs = value.transferMs;
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  // Only a download the document saw to its end says how long it took: without it, it is incomplete.
  if (transferMs === undefined) throw new Error(`the prefetch of ${media.url} ended early`);
  const bytes = joined(chunks, total);
  return { bytes, url: media.url, status: 200, headers: new Headers(), ttfbMs: 0, transferMs };
}
