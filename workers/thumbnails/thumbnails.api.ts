import { createRequestEngine, FetchFailure, type Download } from '../../src/contract/net/request-engine.ts';
import { fail, ok } from '../shared/result.ts';
import type { Result } from '../shared/result.ts';
import { ThumbnailCache } from './thumbnail-cache.ts';
import { parseThumbnails, THUMBNAILS_ERROR_CODE } from './thumbnail-parser.ts';
import type { ThumbnailCue } from './thumbnail-types.ts';

export type { ThumbnailCue } from './thumbnail-types.ts';

/** What the thumbnails worker exposes; also usable inline when no worker can start. */
export interface ThumbnailsApi {
  /**
   * Fetches and parses the thumbnails file at `url` (JSON or WebVTT). Parsed lists are cached by
   * URL (SPEC.md section 9) and concurrent loads of one URL share a request. `duration` ends the
   * last cue of a JSON file, whose own data has no end. Resolves, never rejects; treat the cues
   * as read-only.
   */
  load(url: string, duration?: number): Promise<Result<ThumbnailCue[]>>;
}

/** @param fetchImpl the fetch to use; default the global one (tests pass a fake). */
export function createThumbnailsApi(fetchImpl: typeof fetch = fetch): ThumbnailsApi {
  const cache = new ThumbnailCache();
  const inFlight = new Map<string, Promise<Result<readonly ThumbnailCue[]>>>();

  // Thumbnails are fetched with their own retry policy ('thumbnails': optional, one quick retry).
  const requests = createRequestEngine({ fetchImpl });

  async function fetchAndParse(url: string): Promise<Result<readonly ThumbnailCue[]>> {
    let download: Download;
    try {
      download = await requests.request(url, { kind: 'thumbnails', signal: new AbortController().signal });
    } catch (error) {
      const status = error instanceof FetchFailure && error.failure.kind === 'status' ? error.failure.status : null;
      return networkError(url, status, status === null ? error : `HTTP ${status}`);
    }
    const text = new TextDecoder().decode(download.bytes);
    // Relative image URLs resolve against where the file really came from, after redirects.
    const result = parseThumbnails(text, download.headers.get('content-type'), download.url);
    if (result.ok) cache.set(url, result.value);
    return result;
  }

  return {
    async load(url, duration) {
      const absolute = resolveRequestUrl(url);
      if (absolute === undefined) {
        const message = 'Thumbnails URL is not a valid URL';
        return fail({ category: 'thumbnails', code: THUMBNAILS_ERROR_CODE, severity: 'recoverable', message, detail: { url } });
      }
      const cached = cache.get(absolute);
      if (cached !== undefined) return ok(withDuration(cached, duration));
      let pending = inFlight.get(absolute);
      if (pending === undefined) {
        pending = fetchAndParse(absolute).finally(() => inFlight.delete(absolute));
        inFlight.set(absolute, pending);
      }
      const result = await pending;
      return result.ok ? ok(withDuration(result.value, duration)) : result;
    },
  };
}

/** Resolves against the worker's own location when there is one, so relative URLs work too. */
function resolveRequestUrl(url: string): string | undefined {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

/**
 * Cached lists keep an open last cue (JSON files have no end), so one list serves every duration;
 * the caller's duration closes it when it lies after that cue's start.
 */
function withDuration(cues: readonly ThumbnailCue[], duration: number | undefined): ThumbnailCue[] {
  const copy = cues.slice();
  const last = copy[copy.length - 1];
  if (last && last.endTime === Infinity && duration !== undefined && Number.isFinite(duration) && duration > last.startTime) {
    copy[copy.length - 1] = { ...last, endTime: duration };
  }
  return copy;
}

function networkError(url: string, status: number | null, cause: unknown): Result<never> {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return fail({
    category: 'network',
    code: THUMBNAILS_ERROR_CODE,
    severity: 'recoverable',
    message: `Failed to load thumbnails: ${reason}`,
    detail: { url, status },
  });
}
