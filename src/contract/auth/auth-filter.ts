import type { RequestFilter } from '../net/request-engine.ts';
import { cookieValue, tokenExpiry, xsrfHeader } from './access-token.ts';
import type { RefreshOptions } from './token-refresh.ts';

export interface AuthFilterOptions extends Omit<RefreshOptions, 'fetchImpl'> {
  fetchImpl?: typeof fetch | undefined;
  /** Seconds since the epoch. */
  now?: () => number;
}

/** Refresh this long before the expiry: a token that expires on the way is as good as expired. */
const EXPIRY_MARGIN_S = 5;

/**
 * The secure calls' credentials (SPEC.md sections 6 and 7), as a filter of the request engine:
 * the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN, and the bearer token when there is one (the
 * authToken cookie, or the token the last refresh gave), refreshed first once its expiry has
 * passed — one refresh at a time, however many requests wait. A failed refresh sends the request
 * with the old token; a token that is not a JWT raises InvalidTokenError.
 */
export function authFilter(options: AuthFilterOptions): RequestFilter {
  const now = options.now ?? (() => Date.now() / 1000);
  const refresh: RefreshOptions = { ...options, fetchImpl: options.fetchImpl ?? ((input, init) => fetch(input, init)) };
  let refreshed: string | undefined;
  let refreshing: Promise<string | undefined> | undefined;
  return async (request) => {
    if (request.kind !== 'catalogue' && request.kind !== 'manifest') return;
    const cookie = options.cookie();
    Object.assign(request.headers, xsrfHeader(cookie));
    let token = refreshed ?? cookieValue(cookie, 'authToken');
    // The authToken cookie goes at the token's expiry; the authSession mark says a session
    // remains to refresh.
    const expired = token ? tokenExpiry(token) - EXPIRY_MARGIN_S <= now() : cookieValue(cookie, 'authSession') !== undefined;
    if (expired) {
      const old = token;
      refreshing ??= import('./token-refresh.ts')
        .then(({ refreshAccessToken }) => refreshAccessToken(refresh, old))
        .finally(() => (refreshing = undefined));
      const fresh = await refreshing;
      if (fresh) {
        tokenExpiry(fresh);
        refreshed = token = fresh;
      }
    }
    if (token) request.headers.Authorization = `Bearer ${token}`;
  };
}
