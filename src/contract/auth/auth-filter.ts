import type { RequestFilter } from '../net/request-engine.ts';
import { cookieValue, isTokenFresh, xsrfHeader } from './access-token.ts';
import type { TokenSession, TokenSessionOptions } from './token-refresh.ts';

/**
 * The secure calls' credentials (SPEC.md sections 6 and 7), as a filter of the request engine:
 * the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN, and the bearer token that token-refresh.ts gives
 * (refreshed first when due, one refresh at a time; InvalidTokenError for a token that cannot be
 * read and was not replaced). A fresh authToken cookie, or none and no session, is all most loads
 * see: the refresh is its own chunk, loaded the first time a token is due, and answers every call
 * from then on (it keeps the refreshed token).
 */
export function authFilter(options: TokenSessionOptions): RequestFilter {
  const now = options.now ?? (() => Date.now() / 1000);
  let session: Promise<TokenSession> | undefined;
  return async (request) => {
    if (request.kind !== 'catalogue' && request.kind !== 'manifest') return;
    const cookie = options.cookie();
    Object.assign(request.headers, xsrfHeader(cookie));
    let token = cookieValue(cookie, 'authToken');
    if (session || (token ? !isTokenFresh(token, now()) : cookieValue(cookie, 'authSession') !== undefined)) {
      session ??= import('./token-refresh.ts').then(({ createTokenSession }) => createTokenSession(options));
      token = await (await session).bearer();
    }
    if (token) request.headers.Authorization = `Bearer ${token}`;
  };
}
