/**
 * Request filters as data: what a host or an operator configures to sign or move the media
 * requests (tokenised CDN addresses, a CDN host swap, a header a CDN wants). Plain objects, so
 * the same filters cross postMessage to the engine worker and reach the hls.js and dash.js
 * adapters, and all three engines send the same requests. `applyRequestFilterRules` is the one
 * place they are applied; request-filter-schema.ts validates them where they come in.
 */
import type { RequestKind } from './request-policies.ts';
// The filters' shapes are the host's contract, beside the SDK that hands them over.
import type { MediaRequestKind, RequestFilterMatch, RequestFilterRule } from '../embed/request-filters.ts';

export type { HeadersFilterRule, MediaRequestKind, PrefixFilterRule, QueryFilterRule, RequestFilterMatch, RequestFilterRule } from '../embed/request-filters.ts';

/** The requests a filter may change: the media an engine fetches, nothing of the catalogue's. */
export const MEDIA_REQUEST_KINDS = ['playlist', 'init', 'segment'] as const satisfies readonly MediaRequestKind[];

/** A request as the filters see it and return it. */
export interface FilteredRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * The request after every filter that matches it, in order: each one sees the address the ones
 * before it made (a prefix swap, then a token for the new host). Only media kinds are changed;
 * an address that is not an absolute http(s) URL (a blob:) is left as it is.
 */
export function applyRequestFilterRules(rules: readonly RequestFilterRule[], kind: RequestKind, request: FilteredRequest): FilteredRequest {
  if (rules.length === 0 || !(MEDIA_REQUEST_KINDS as readonly string[]).includes(kind)) return request;
  let url = parseHttpUrl(request.url);
  if (!url) return request;
  const headers = { ...request.headers };
  for (const rule of rules) {
    if (!matches(rule.match, kind as MediaRequestKind, url)) continue;
    if (rule.type === 'query') {
      for (const [name, value] of Object.entries(rule.params)) url.searchParams.set(name, value);
    } else if (rule.type === 'headers') {
      Object.assign(headers, rule.headers);
    } else {
      url = swapPrefix(url, rule.from, rule.to) ?? url;
    }
  }
  return { url: url.href, headers };
}

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The part of `url` a prefix is compared with: the whole address, or from the path on. */
const comparedPart = (url: URL, prefix: string) => (prefix.startsWith('/') ? url.href.slice(url.origin.length) : url.href);

function matches(match: RequestFilterMatch | undefined, kind: MediaRequestKind, url: URL): boolean {
  if (match?.kinds && match.kinds.length > 0 && !match.kinds.includes(kind)) return false;
  return match?.urlPrefix === undefined || comparedPart(url, match.urlPrefix).startsWith(match.urlPrefix);
}

function swapPrefix(url: URL, from: string, to: string): URL | undefined {
  const part = comparedPart(url, from);
  if (!part.startsWith(from)) return undefined;
  const rest = part.slice(from.length);
  return parseHttpUrl(to.startsWith('/') ? url.origin + to + rest : to + rest);
}
