/**
 * The request engine (ARCHITECTURE.md, "request engine"): every request the player makes — the
 * catalogue, manifests, playlists, segments, thumbnails, a media probe — goes through here with
 * its kind's retry and timeout policy (request-policies.ts) and the engine's filters. One
 * instance per thread: the main thread's carries the catalogue's headers (X-Session-Context, the
 * host's extra headers; the auth module adds its bearer token and XSRF header the same way), the
 * engine worker's none. Aborts pass through untouched and are never retried.
 */
import { retryDelay, shouldRetry, type RequestFailure } from './backoff.ts';
import { REQUEST_POLICIES, type RequestKind } from './request-policies.ts';

export type { RequestKind } from './request-policies.ts';

/** A byte range of a resource (HLS EXT-X-BYTERANGE). */
export interface ByteRange {
  offset: number;
  length: number;
}

/** A finished download, with the timings ABR needs (time to first byte kept apart). */
export interface Download {
  bytes: Uint8Array;
  /** Where it really came from, after redirects. */
  url: string;
  /** The response's status (2xx). */
  status: number;
  /** The response's headers, for what a caller reads of them (Content-Type). */
  headers: Headers;
  /** Request sent → response headers. */
  ttfbMs: number;
  /** First body byte → last body byte: what throughput is measured on. */
  transferMs: number;
}

/** How much of a failed response's body a failure keeps (error reports attach it). */
const FAILED_BODY_KEPT = 1000;

/** A request that failed for good, or was aborted by its owner. */
export class FetchFailure extends Error {
  readonly failure: RequestFailure;
  readonly url: string;
  /** The body of a response that failed with a status, cut to 1000 characters. */
  readonly body: string;

  constructor(url: string, failure: RequestFailure, body = '', cause?: unknown) {
    const reason = cause instanceof Error ? ` (${cause.message})` : '';
    super(failure.kind === 'status' ? `${url} answered ${failure.status}` : `${url}: ${failure.kind}${reason}`);
    this.name = 'FetchFailure';
    this.url = url;
    this.failure = failure;
    this.body = body;
  }
}

/** What a request filter may change before a request goes out: its headers. */
export interface OutgoingRequest {
  readonly url: string;
  readonly kind: RequestKind;
  readonly headers: Record<string, string>;
}

/** What a response filter sees of each response (the auth module refreshes its token on a 401 here). */
export interface IncomingResponse {
  readonly url: string;
  readonly kind: RequestKind;
  readonly status: number;
  readonly headers: Headers;
}

/** May be async: the auth filter refreshes an expired token before the request goes out. */
export type RequestFilter = (request: OutgoingRequest) => void | Promise<void>;
export type ResponseFilter = (response: IncomingResponse) => void;

export interface RequestOptions {
  kind: RequestKind;
  signal: AbortSignal;
  /** Default GET. */
  method?: 'GET' | 'HEAD' | 'POST';
  /** A POST's body; a Blob brings its own Content-Type. */
  body?: BodyInit | undefined;
  /** Outlives the page: a save sent as it goes away (pagehide, hidden). */
  keepalive?: boolean | undefined;
  byteRange?: ByteRange | undefined;
  /** Bytes as they arrive (progressive append); the whole body is still returned. */
  onChunk?: ((chunk: Uint8Array) => void) | undefined;
  /** A failed attempt is about to be retried: what onChunk received so far will come again. */
  onRetry?: (() => void) | undefined;
}

export interface RequestEngineOptions {
  /** Applied in order to every request of every kind. */
  requestFilters?: readonly RequestFilter[];
  /** Applied in order to every response (failed ones included) before it is read. */
  responseFilters?: readonly ResponseFilter[];
  /** Replaceable in tests. */
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export interface RequestEngine {
  /** The request with its kind's retries and timeouts; rejects with a FetchFailure. */
  request(url: string, options: RequestOptions): Promise<Download>;
}

export function createRequestEngine(engineOptions: RequestEngineOptions = {}): RequestEngine {
  return {
    async request(url, options) {
      const policy = REQUEST_POLICIES[options.kind];
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await fetchOnce(url, options, engineOptions, policy.timeToFirstByteMs, policy.maxLoadTimeMs);
        } catch (error) {
          // Only a filter throws anything else (an invalid token): not for retrying.
          if (!(error instanceof FetchFailure)) throw error;
          const { failure } = error;
          if (options.signal.aborted || !shouldRetry(policy, attempt, failure)) {
            throw options.signal.aborted && failure.kind !== 'aborted' ? new FetchFailure(url, { kind: 'aborted' }) : error;
          }
          await delay(retryDelay(policy, attempt), options.signal);
          options.onRetry?.();
        }
      }
    },
  };
}

/** A request with the policy of its kind and no filters: the engine worker's (tests pass fetchImpl and now). */
export function fetchWithPolicy(url: string, options: RequestOptions & Pick<RequestEngineOptions, 'fetchImpl' | 'now'>): Promise<Download> {
  return createRequestEngine({ fetchImpl: options.fetchImpl, now: options.now }).request(url, options);
}

async function fetchOnce(url: string, options: RequestOptions, engine: RequestEngineOptions, ttfbLimitMs: number, loadLimitMs: number): Promise<Download> {
  const now = engine.now ?? (() => performance.now());
  const fetchImpl = engine.fetchImpl ?? fetch;
  // A beacon outlives the page (keepalive) and goes to a third party that sends no CORS headers:
  // its answer is opaque, and that it was sent is all there is to know. No filter sees it: the
  // catalogue's headers and tokens are not for ad servers. A filter's own failure (an invalid
  // token) is the request's, as it is: it is not a network failure to retry.
  const beacon = options.kind === 'beacon';
  const request: OutgoingRequest = { url, kind: options.kind, headers: {} };
  if (!beacon) for (const filter of engine.requestFilters ?? []) await filter(request);
  // An owner that already gave up (a seek, destroy) gets no request at all.
  if (options.signal.aborted) throw new FetchFailure(url, { kind: 'aborted' });
  const attempt = new AbortController();
  let timedOut = false;
  const onAbort = () => attempt.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  // A kind without a limit (the catalogue: SPEC.md section 7) gets no timer at all.
  const timeout = (ms: number) => (Number.isFinite(ms) ? setTimeout(() => ((timedOut = true), attempt.abort()), ms) : undefined);
  const timer = timeout(ttfbLimitMs);
  const loadTimer = timeout(loadLimitMs);
  const started = now();
  try {
    const { headers } = request;
    if (options.byteRange) {
      const { offset, length } = options.byteRange;
      // An infinite length asks for everything from the offset on (an open-ended range).
      headers.Range = Number.isFinite(length) ? `bytes=${offset}-${offset + length - 1}` : `bytes=${offset}-`;
    }
    const init: RequestInit = beacon ? { method: 'GET', signal: attempt.signal, keepalive: true, mode: 'no-cors', credentials: 'include' } : { method: options.method ?? 'GET', signal: attempt.signal, headers, body: options.body, keepalive: options.keepalive };
    const response = await fetchImpl(url, init);
    const ttfbMs = now() - started;
    clearTimeout(timer);
    if (beacon) return { bytes: new Uint8Array(0), url, status: response.status, headers: response.headers, ttfbMs, transferMs: 0 };
    for (const filter of engine.responseFilters ?? []) filter({ url, kind: options.kind, status: response.status, headers: response.headers });
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new FetchFailure(url, { kind: 'status', status: response.status }, text.slice(0, FAILED_BODY_KEPT));
    }
    const { bytes, transferMs } = options.method === 'HEAD' ? { bytes: new Uint8Array(0), transferMs: 0 } : await readBody(response, now, options.onChunk);
    return { bytes, url: response.url || url, status: response.status, headers: response.headers, ttfbMs, transferMs };
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (options.signal.aborted) throw new FetchFailure(url, { kind: 'aborted' });
    throw new FetchFailure(url, timedOut ? { kind: 'timeout' } : { kind: 'network' }, '', error);
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
