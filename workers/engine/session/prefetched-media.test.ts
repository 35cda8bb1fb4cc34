import { afterEach, describe, expect, it } from 'vitest';
import { fetchMedia, setMediaRequestFilters } from './media-requests.ts';
import { dropPrefetched, givePrefetched, type PrefetchedChunk, type PrefetchedMedia } from './prefetched-media.ts';

const SEGMENT = 'https://media.test/films/1/v480/seg-000.ts';

/** A prefetch as the document hands it over: its chunks, then the transfer time, or a failure part way. */
function prefetch(url: string, chunks: number[][], end: 'whole' | 'failed' = 'whole', byteRange?: { offset: number; length: number }): PrefetchedMedia & { cancelled: () => boolean } {
  let cancelled = false;
  const body = new ReadableStream<PrefetchedChunk>({
    cancel: () => void (cancelled = true),
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      if (end === 'failed') controller.error(new TypeError('network error'));
      else {
        controller.enqueue({ transferMs: 120 });
        controller.close();
      }
    },
  });
  return { url, byteRange, body, cancelled: () => cancelled };
}

/** The network, counting what it was asked. */
function network() {
  const asked: Array<{ url: string; range: string | undefined }> = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    asked.push({ url, range: (init?.headers as Record<string, string> | undefined)?.Range });
    return new Response(new Uint8Array([9, 9, 9]), { status: 200 });
  }) as typeof fetch;
  return { asked, fetchImpl };
}

describe('the document\'s prefetched first segments, handed to the engine', () => {
  afterEach(() => {
    givePrefetched(undefined);
    setMediaRequestFilters([]);
  });

  it('answers the engine\'s request for exactly that URL, chunk by chunk, with the document\'s transfer time, and only once', async () => {
    givePrefetched([prefetch(SEGMENT, [[1, 2], [3]])]);
    const { asked, fetchImpl } = network();
    const chunks: number[][] = [];
    const download = await fetchMedia(SEGMENT, { kind: 'segment', signal: new AbortController().signal, fetchImpl, onChunk: (chunk) => chunks.push([...chunk]) });
    expect([...download.bytes]).toEqual([1, 2, 3]);
    expect(chunks).toEqual([[1, 2], [3]]);
    // ABR measures the link the bytes crossed, not how fast they left the stream.
    expect(download.transferMs).toBe(120);
    expect(asked).toEqual([]);
    // A second request for it (a seek back) goes to the network.
    await fetchMedia(SEGMENT, { kind: 'segment', signal: new AbortController().signal, fetchImpl });
    expect(asked).toEqual([{ url: SEGMENT, range: undefined }]);
    expect(dropPrefetched()).toEqual({ taken: 1, dropped: 0 });
  });

  it('is not taken for another URL or another byte range, and what nothing took is dropped and counted', async () => {
    const other = prefetch('https://media.test/films/1/v720/seg-000.ts', [[7]]);
    const ranged = prefetch(SEGMENT, [[8]], 'whole', { offset: 0, length: 100 });
    givePrefetched([other, ranged]);
    const { asked, fetchImpl } = network();
    const download = await fetchMedia(SEGMENT, { kind: 'segment', signal: new AbortController().signal, fetchImpl, byteRange: { offset: 100, length: 50 } });
    expect([...download.bytes]).toEqual([9, 9, 9]);
    expect(asked).toEqual([{ url: SEGMENT, range: 'bytes=100-149' }]);
    expect(dropPrefetched()).toEqual({ taken: 0, dropped: 2 });
    // Dropped means cancelled: the document's download stops.
    expect(other.cancelled() && ranged.cancelled()).toBe(true);
  });

  it('a prefetch that failed part way is asked of the network, the chunks it gave coming again, and no error reaches the caller', async () => {
    givePrefetched([prefetch(SEGMENT, [[1]], 'failed')]);
    const { asked, fetchImpl } = network();
    const received: number[] = [];
    let retries = 0;
    const download = await fetchMedia(SEGMENT, {
      kind: 'segment', signal: new AbortController().signal, fetchImpl, onChunk: (chunk) => received.push(...chunk), onRetry: () => (retries += 1, received.length = 0),
    });
    expect([...download.bytes]).toEqual([9, 9, 9]);
    expect(received).toEqual([9, 9, 9]);
    expect(retries).toBe(1);
    expect(asked).toHaveLength(1);
  });

  it('is not used where the host\'s filters would change the request: the network answers as they ask', async () => {
    givePrefetched([prefetch(SEGMENT, [[1]])]);
    setMediaRequestFilters([{ type: 'query', params: { token: 't' } }]);
    const { asked, fetchImpl } = network();
    await fetchMedia(SEGMENT, { kind: 'segment', signal: new AbortController().signal, fetchImpl });
    expect(asked).toEqual([{ url: `${SEGMENT}?token=t`, range: undefined }]);
    expect(dropPrefetched()).toEqual({ taken: 0, dropped: 1 });
  });
});
