import { fetchWithPolicy, type Download, type RequestOptions } from '../../../src/contract/net/request-engine.ts';
import { applyRequestFilterRules, type RequestFilterRule } from '../../../src/contract/net/request-filter-rules.ts';
import { readPrefetched, takePrefetched } from './prefetched-media.ts';

/**
 * The engine worker's requests: each with its kind's policy and the host's request filters
 * (request-filter-rules.ts), as the main thread last handed them over. One worker plays one
 * session, so the filters are the worker's own. They are applied to each attempt as it goes out,
 * so a change (a rotated token) reaches the next retry; a failure still names the address the
 * playlist gave, so tokens stay out of error reports.
 */
let filterRules: readonly RequestFilterRule[] = [];

/** The filters every later request goes through (already validated on the main thread). */
export function setMediaRequestFilters(rules: readonly RequestFilterRule[]): void {
  filterRules = rules;
}

/**
 * A request: answered by the document's prefetch of exactly this URL and byte range when there is
 * one (prefetched-media.ts), else by the network. The document prefetches only where no filter
 * would change the request; with filters in place the network answers, as they ask. A prefetch
 * that fails or is cut short is asked of the network (what it gave to `onChunk` comes again):
 * the viewer sees no error of it.
 */
export function fetchMedia(url: string, options: RequestOptions & { fetchImpl?: typeof fetch }): Promise<Download> {
  const prefetched = filterRules.length === 0 ? takePrefetched(url, options.byteRange) : undefined;
  if (!prefetched) return fetchFromNetwork(url, options);
  return readPrefetched(prefetched, options.signal, options.onChunk).catch(() => {
    if (!options.signal.aborted) options.onRetry?.();
    return fetchFromNetwork(url, options);
  });
}

function fetchFromNetwork(url: string, options: RequestOptions & { fetchImpl?: typeof fetch }): Promise<Download> {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  return fetchWithPolicy(url, {
    ...options,
    fetchImpl: (input, init) => {
      const filtered = applyRequestFilterRules(filterRules, options.kind, { url: String(input), headers: { ...(init?.headers as Record<string, string> | undefined) } });
      return fetchImpl(filtered.url, { ...init, headers: filtered.headers });
    },
  });
}
