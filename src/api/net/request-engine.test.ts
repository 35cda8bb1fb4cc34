import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestEngine, fetchWithPolicy, FetchFailure } from './request-engine.ts';
import { REQUEST_POLICIES, type RequestKind } from './request-policies.ts';

/** A fetch that answers from a list, one response per call, and counts calls. */
function scriptedFetch(responses: Array<() => Response>) {
  const calls: string[] = [];
  const fetchImpl = (async (url: string) => {
    calls.push(url);
    const next = responses.shift();
    if (!next) throw new TypeError('no more responses');
    return next();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const body = (text: string, status = 200) => () => new Response(text, { status });

describe('fetchWithPolicy', () => {
  it('retries a server error and reports the retry, then returns the body', async () => {
    const { calls, fetchImpl } = scriptedFetch([body('busy', 503), body('#EXTM3U')]);
    let retries = 0;
    const download = await fetchWithPolicy('https://cdn.example/a.m3u8', {
      kind: 'playlist',
      signal: new AbortController().signal,
      fetchImpl,
      onRetry: () => (retries += 1),
    });
    expect(new TextDecoder().decode(download.bytes)).toBe('#EXTM3U');
    expect(calls).toHaveLength(2);
    expect(retries).toBe(1);
  });

  it('does not retry a 404: the request itself is wrong', async () => {
    const { calls, fetchImpl } = scriptedFetch([body('gone', 404), body('never')]);
    const failure = await fetchWithPolicy('https://cdn.example/seg.ts', { kind: 'segment', signal: new AbortController().signal, fetchImpl }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchFailure);
    expect((failure as FetchFailure).failure).toEqual({ kind: 'status', status: 404 });
    expect(calls).toHaveLength(1);
  });

  it('passes an abort through at once, never retried', async () => {
    const abort = new AbortController();
    abort.abort();
    const fetchImpl = (async (_url: string, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return new Response('x');
    }) as typeof fetch;
    const failure = await fetchWithPolicy('https://cdn.example/seg.ts', { kind: 'segment', signal: abort.signal, fetchImpl }).catch((error: unknown) => error);
    expect((failure as FetchFailure).failure).toEqual({ kind: 'aborted' });
  });

  it('asks for a byte range, open-ended when its length is not known', async () => {
    const ranges: Array<string | undefined> = [];
    const fetchImpl = (async (_url: string, init?: RequestInit) => {
      ranges.push((init?.headers as Record<string, string> | undefined)?.Range);
      return new Response('x', { status: 206 });
    }) as typeof fetch;
    const signal = new AbortController().signal;
    await fetchWithPolicy('https://cdn.example/seg.m4s', { kind: 'segment', signal, fetchImpl, byteRange: { offset: 100, length: 50 } });
    await fetchWithPolicy('https://cdn.example/seg.m4s', { kind: 'segment', signal, fetchImpl, byteRange: { offset: 100, length: Number.POSITIVE_INFINITY } });
    expect(ranges).toEqual(['bytes=100-149', 'bytes=100-']);
  });

  it('keeps the time spent handling chunks out of the transfer time', async () => {
    const { fetchImpl } = scriptedFetch([body('x'.repeat(100_000))]);
    let clock = 0;
    const download = await fetchWithPolicy('https://cdn.example/seg.ts', {
      kind: 'segment',
      signal: new AbortController().signal,
      fetchImpl,
      now: () => (clock += 1),
      onChunk: () => {
        clock += 1000; // a slow transmux of this chunk
      },
    });
    expect(download.bytes.byteLength).toBe(100_000);
    expect(download.transferMs).toBeLessThan(1000);
  });
});

describe('createRequestEngine', () => {
  const KINDS = Object.keys(REQUEST_POLICIES) as RequestKind[];

  it.each(KINDS.filter((kind) => kind !== 'beacon'))('runs its request filters on a %s request, and the headers go out', async (kind) => {
    const sent: Array<Record<string, string>> = [];
    const seen: string[] = [];
    const engine = createRequestEngine({
      fetchImpl: (async (_url: string, init?: RequestInit) => {
        sent.push(init?.headers as Record<string, string>);
        return new Response('ok');
      }) as typeof fetch,
      requestFilters: [
        (request) => {
          seen.push(request.kind);
          request.headers.Authorization = 'Bearer t';
        },
      ],
      responseFilters: [(response) => seen.push(`${response.kind} ${response.status}`)],
    });
    await engine.request('https://api.example/x', { kind, signal: new AbortController().signal });
    expect(seen).toEqual([kind, `${kind} 200`]);
    expect(sent[0]).toMatchObject({ Authorization: 'Bearer t' });
  });

  describe('retries as its kind\'s policy says', () => {
    beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => void vi.useRealTimers());

    it.each(KINDS)('%s: a dropped connection, as many attempts as the table gives', async (kind) => {
      let calls = 0;
      const engine = createRequestEngine({
        fetchImpl: (async () => {
          calls += 1;
          throw new TypeError('connection reset');
        }) as typeof fetch,
      });
      const outcome = engine.request('https://cdn.example/x', { kind, signal: new AbortController().signal }).catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      const failure = await outcome;
      expect((failure as FetchFailure).failure).toEqual({ kind: 'network' });
      expect(calls).toBe(REQUEST_POLICIES[kind].maxAttempts);
    });
  });

  it('an abort during the wait before a retry ends it at once, not retried', async () => {
    const abort = new AbortController();
    let calls = 0;
    const engine = createRequestEngine({
      fetchImpl: (async () => {
        calls += 1;
        abort.abort();
        return new Response('busy', { status: 503 });
      }) as typeof fetch,
    });
    const failure = await engine.request('https://cdn.example/seg.ts', { kind: 'segment', signal: abort.signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchFailure);
    expect(calls).toBe(1);
  });
});

describe('beacons (ad tracking)', () => {
  it('go out with keepalive and no-cors, without the engine\'s headers, and an opaque answer counts as sent', async () => {
    const seen: RequestInit[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      seen.push(init);
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const engine = createRequestEngine({ fetchImpl, requestFilters: [(request) => void (request.headers['X-Session-Context'] = 'secret')] });
    const download = await engine.request('https://ads.example/track?e=start', { kind: 'beacon', signal: new AbortController().signal });
    expect(download.bytes.byteLength).toBe(0);
    expect(seen[0]).toMatchObject({ keepalive: true, mode: 'no-cors', method: 'GET' });
    expect(seen[0]?.headers).toBeUndefined();
  });

  it('are sent once: a failed beacon is not retried', async () => {
    const { calls, fetchImpl } = scriptedFetch([() => { throw new TypeError('offline'); }]);
    const failure = await createRequestEngine({ fetchImpl }).request('https://ads.example/imp', { kind: 'beacon', signal: new AbortController().signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchFailure);
    expect(calls).toHaveLength(1);
  });
});
