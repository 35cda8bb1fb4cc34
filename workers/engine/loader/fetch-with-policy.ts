import { retryDelay, shouldRetry, type RequestFailure } from '../net/backoff.ts';
import { REQUEST_POLICIES, type RequestKind } from '../net/retry-policy.ts';
import type { ByteRange } from '../hls/playlist-types.ts';

/** A finished download, with the timings ABR needs (time to first byte kept apart). */
export interface Download {
  bytes: Uint8Array;
  /** Request sent → response headers. */
  ttfbMs: number;
  /** First body byte → last body byte: what throughput is measured on. */
  transferMs: number;
}

/** A request that failed for good, or was aborted by its owner. */
export class FetchFailure extends Error {
  readonly failure: RequestFailure;
  readonly url: string;

  constructor(url: string, failure: RequestFailure) {
    super(failure.kind === 'status' ? `${url} answered ${failure.status}` : `${url}: ${failure.kind}`);
    this.name = 'FetchFailure';
    this.url = url;
    this.failure = failure;
  }
}

export interface FetchOptions {
  kind: RequestKind;
  signal: AbortSignal;
  byteRange?: ByteRange | undefined;
  /** Bytes as they arrive (progressive append); the whole body is still returned. */
  onChunk?: ((chunk: Uint8Array) => void) | undefined;
  /** A failed attempt is about to be retried: what onChunk received so far will come again. */
  onRetry?: (() => void) | undefined;
  /** Replaceable in tests. */
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/** GET with the request kind's timeouts and retries (REQUEST_POLICIES); aborts pass through at once. */
export async function fetchWithPolicy(url: string, options: FetchOptions): Promise<Download> {
  const policy = REQUEST_POLICIES[options.kind];
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetchOnce(url, options, policy.timeToFirstByteMs, policy.maxLoadTimeMs);
    } catch (error) {
      const failure = error instanceof FetchFailure ? error.failure : ({ kind: 'network' } as const);
      if (options.signal.aborted || !shouldRetry(policy, attempt, failure)) {
        throw error instanceof FetchFailure ? error : new FetchFailure(url, options.signal.aborted ? { kind: 'aborted' } : failure);
      }
      await delay(retryDelay(policy, attempt), options.signal);
      options.onRetry?.();
    }
  }
}

async function fetchOnce(url: string, options: FetchOptions, ttfbLimitMs: number, loadLimitMs: number): Promise<Download> {
  const now = options.now ?? (() => performance.now());
  const fetchImpl = options.fetchImpl ?? fetch;
  // An owner that already gave up (a seek, destroy) gets no request at all.
  if (options.signal.aborted) throw new FetchFailure(url, { kind: 'aborted' });
  const attempt = new AbortController();
  let timedOut = false;
  const onAbort = () => attempt.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timeout = (ms: number) => setTimeout(() => ((timedOut = true), attempt.abort()), ms);
  const timer = timeout(ttfbLimitMs);
  const loadTimer = timeout(loadLimitMs);
  const started = now();
  try {
    const headers: Record<string, string> = {};
    if (options.byteRange) headers.Range = `bytes=${options.byteRange.offset}-${options.byteRange.offset + options.byteRange.length - 1}`;
    const response = await fetchImpl(url, { signal: attempt.signal, headers });
    const ttfbMs = now() - started;
    clearTimeout(timer);
    if (!response.ok) throw new FetchFailure(url, { kind: 'status', status: response.status });
    const { bytes, transferMs } = await readBody(response, now, options.onChunk);
    return { bytes, ttfbMs, transferMs };
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (options.signal.aborted) throw new FetchFailure(url, { kind: 'aborted' });
    throw new FetchFailure(url, timedOut ? { kind: 'timeout' } : { kind: 'network' });
  } finally {
    clearTimeout(timer);
    clearTimeout(loadTimer);
    options.signal.removeEventListener('abort', onAbort);
  }
}

async function readBody(response: Response, now: () => number, onChunk?: (chunk: Uint8Array) => void): Promise<{ bytes: Uint8Array; transferMs: number }> {
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { bytes, transferMs: 0 };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let firstByteAt: number | undefined;
  // Time spent handling chunks (transmuxing) is ours, not the network's: keep it out of the rate.
  let handlingMs = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteAt ??= now();
    chunks.push(value);
    total += value.byteLength;
    if (onChunk) {
      const handlingStarted = now();
      onChunk(value);
      handlingMs += now() - handlingStarted;
    }
  }
  const transferMs = firstByteAt === undefined ? 0 : Math.max(0, now() - firstByteAt - handlingMs);
  if (chunks.length === 1 && chunks[0]) return { bytes: chunks[0], transferMs };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, transferMs };
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    }, { once: true });
  });
}
