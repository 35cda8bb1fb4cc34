/**
 * Request filters as the host gives them (the SDK's requestFilters and setRequestFilters, the page
 * global's requestFilters): plain data, so they cross postMessage to the frame and on to the
 * engine worker. The player validates them (src/contract/net/request-filter-schema.ts) and applies
 * them to every media request of every engine (src/contract/net/request-filter-rules.ts).
 */

/**
 * The requests a filter may change: the media an engine fetches (playlists and DASH manifests,
 * init segments, segments), nothing of the catalogue's.
 */
export type MediaRequestKind = 'playlist' | 'init' | 'segment';

/** Which requests a filter applies to; every media request when empty. */
export interface RequestFilterMatch {
  /** Default: every media kind (playlists, DASH manifests included, init segments, segments). */
  kinds?: readonly MediaRequestKind[];
  /**
   * The address begins with this: an absolute http(s) prefix ('https://cdn.example/films/'),
   * or a path ('/catalog-api/media/') that matches on any origin.
   */
  urlPrefix?: string;
}

/** Adds query parameters, replacing any of the same name (a token, its expiry). */
export interface QueryFilterRule {
  type: 'query';
  match?: RequestFilterMatch;
  params: Record<string, string>;
}

/** Adds request headers (a cross-origin CDN must allow them in its CORS preflight answer). */
export interface HeadersFilterRule {
  type: 'headers';
  match?: RequestFilterMatch;
  headers: Record<string, string>;
}

/**
 * Replaces the start of the address: `from` as in RequestFilterMatch.urlPrefix (absolute or a
 * path), `to` an absolute http(s) prefix or a path on the same origin.
 */
export interface PrefixFilterRule {
  type: 'prefix';
  match?: RequestFilterMatch;
  from: string;
  to: string;
}

export type RequestFilterRule = QueryFilterRule | HeadersFilterRule | PrefixFilterRule;
