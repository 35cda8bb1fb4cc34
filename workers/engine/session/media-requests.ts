import { fetchWithPolicy, type Download, type RequestOptions } from '../../../src/api/net/request-engine.ts';
import type { RequestFilterRule } from '../../../src/api/net/request-filter-rules.ts';

/**
 * The engine worker's requests: each with its kind's policy and the host's request filters
 * (request-filter-rules.ts), as the main thread last handed them over. One worker plays one
 * session, so the filters are the worker's own; a change (a rotated token) applies from the next
 * attempt on, retries included.
 */
let filterRules: readonly RequestFilterRule[] = [];

/** The filters every later request goes through (already validated on the main thread). */
export function setMediaRequestFilters(rules: readonly RequestFilterRule[]): void {
  filterRules = rules;
}

export function fetchMedia(url: string, options: RequestOptions): Promise<Download> {
  return fetchWithPolicy(url, { ...options, filterRules: () => filterRules });
}
