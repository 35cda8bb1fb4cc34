import { fetchWithPolicy, type Download, type RequestOptions } from '../../../src/contract/net/request-engine.ts';
import { applyRequestFilterRules, type RequestFilterRule } from '../../../src/contract/net/request-filter-rules.ts';

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

export function fetchMedia(url: string, options: RequestOptions & { fetchImpl?: typeof fetch }): Promise<Download> {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  return fetchWithPolicy(url, {
    ...options,
    fetchImpl: (input, init) => {
      const filtered = applyRequestFilterRules(filterRules, options.kind, { url: String(input), headers: { ...(init?.headers as Record<string, string> | undefined) } });
      return fetchImpl(filtered.url, { ...init, headers: filtered.headers });
    },
  });
}
