/**
 * The one token refresh of the player, the site and the demo page (SPEC.md sections 6 and 7): which
 * bearer token a secure call carries, refreshed first when it is due.
 *
 * - A token whose `exp` has passed (5 s early), or that cannot be read at all, is refreshed. A
 *   token that cannot be read is one the browser kept wrong or someone wrote by hand: the service
 *   may still hold a session for it (the HttpOnly refresh cookie), so it gets the same one refresh.
 * - One refresh at a time: every call that finds the token due waits for the same one.
 * - A refreshed token serves the next calls without another refresh.
 * - A failed refresh leaves the call unchanged: an expired token goes as it is (the service
 *   answers it 401), a token that cannot be read raises InvalidTokenError ('The token is
 *   invalid'), no token at all goes anonymous.
 * - A refresh the service refuses (a 4xx: the session was revoked or has expired) ends the session
 *   on this device: the readable session cookies go, as at «Выйти», so the next calls go
 *   anonymous instead of asking again. A refresh that does not get through (the network, a 5xx)
 *   ends nothing: the next call that finds the token due tries again.
 *
 * POST {authBaseUrl}/authentication/refresh goes through the request engine (the `auth-refresh`
 * kind, no filters: it is not itself a call that needs a token) with the refresh token when the page
 * can read it, else the browser sends its HttpOnly cookie, and the old access token; the new token
 * comes back in the Authorization header. The player loads this module as its own chunk, only
 * when a token is due (auth-filter.ts).
 */
import { isRetryable } from '../net/backoff.ts';
import { createRequestEngine, FetchFailure } from '../net/request-engine.ts';
import { REQUEST_POLICIES } from '../net/request-policies.ts';
import { sessionContext } from './session-context.ts';
import { cookieValue, isTokenFresh, xsrfHeader } from './access-token.ts';

/** A token that cannot be read, which no refresh replaced (SPEC.md section 6: bad tokens raise an error saying so). */
export class InvalidTokenError extends Error {
  constructor() {
    super('The token is invalid');
    this.name = 'InvalidTokenError';
  }
}

export interface TokenSessionOptions {
  /** document.cookie, read at every call: the authToken, refreshToken, authSession and XSRF-TOKEN cookies. */
  cookie: () => string;
  /** The authentication service's base URL (absolute, or relative to the page). */
  authBaseUrl: string;
  /** The host's extra headers (SPEC.md section 7): the refresh carries them too. */
  extraHeaders?: (() => Record<string, string>) | undefined;
  /** Replaceable in tests. */
  fetchImpl?: typeof fetch | undefined;
  /** Seconds since the epoch. */
  now?: (() => number) | undefined;
  /** Forgets the session on this device once the service refused its refresh; default clearSessionCookies. */
  endSession?: (() => void) | undefined;
}

export interface TokenSession {
  /**
   * The bearer token for the next secure call, refreshed first when due; undefined: the call goes
   * anonymous. Rejects with InvalidTokenError for a token that cannot be read and was not replaced.
   */
  bearer(): Promise<string | undefined>;
}

/** How a refresh went: a new token, refused by the service (the session is over), or not through. */
type RefreshOutcome = { readonly token: string } | { readonly refused: boolean };

/**
 * The readable session cookies (path /, as the service set them) go at once: neither the site nor
 * the player sends or refreshes the token any more. Only the service can clear its HttpOnly
 * refresh cookie (POST /authenticator/logout).
 */
export function clearSessionCookies(): void {
  // The contract runs where there may be no document (a worker, the server): typed without the DOM.
  const page = (globalThis as { document?: { cookie: string } }).document;
  if (!page) return;
  for (const name of ['authToken', 'authSession']) page.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

export function createTokenSession(options: TokenSessionOptions): TokenSession {
  const now = options.now ?? (() => Date.now() / 1000);
  const requests = createRequestEngine({ fetchImpl: options.fetchImpl });
  const url = `${options.authBaseUrl.replace(/\/$/, '')}/authentication/refresh`;
  /** What the last refresh gave, and the authToken cookie it replaced ('' for none). */
  let refreshed: string | undefined;
  let refreshedFrom = '';
  let refreshing: Promise<RefreshOutcome> | undefined;
  /** The token whose refresh the service refused ('' for none): not asked about again. */
  let ended: string | undefined;

  async function refresh(accessToken: string | undefined): Promise<RefreshOutcome> {
    const cookie = options.cookie();
    try {
      const answer = await requests.request(url, {
        kind: 'auth-refresh',
        method: 'POST',
        credentials: 'include',
        headers: { ...options.extraHeaders?.(), 'Content-Type': 'application/json', 'X-Session-Context': sessionContext(cookie), ...xsrfHeader(cookie) },
        body: JSON.stringify({ refreshToken: cookieValue(cookie, 'refreshToken'), accessToken }),
        signal: new AbortController().signal,
      });
      const token = answer.headers.get('Authorization')?.replace(/^Bearer /, '');
      // An answer without a token that can be read is the service's fault, not the session's end.
      return token && isTokenReadable(token) ? { token } : { refused: false };
    } catch (error) {
      const refused = error instanceof FetchFailure && error.failure.kind === 'status' && !isRetryable(REQUEST_POLICIES['auth-refresh'].retryOn, error.failure);
      return { refused };
    }
  }

  return {
    async bearer() {
      const cookie = options.cookie();
      const stored = cookieValue(cookie, 'authToken');
      // Neither the token nor the session mark: no session on this device (never, or logged out).
      if (stored === undefined && cookieValue(cookie, 'authSession') === undefined) return undefined;
      // The cookie may still hold what the last refresh replaced (its answer's cookies did not
      // land): the refreshed token stands in for it. Any other cookie is newer news (a login).
      const token = refreshed && (stored ?? '') === refreshedFrom ? refreshed : stored;
      // The authToken cookie goes at the token's expiry; the authSession mark says a session remains to refresh.
      if (token && isTokenFresh(token, now())) return token;
      const outcome = ended === (token ?? '') ? { refused: true } : await (refreshing ??= refresh(token).finally(() => (refreshing = undefined)));
      if ('token' in outcome) {
        refreshedFrom = stored ?? '';
        return (refreshed = outcome.token);
      }
      if (outcome.refused && ended !== (token ?? '')) {
        ended = token ?? '';
        refreshed = undefined;
        (options.endSession ?? clearSessionCookies)();
      }
      if (token && !isTokenReadable(token)) throw new InvalidTokenError();
      return token;
    },
  };
}

/** A token with a readable expiry, however long ago: fresh against the beginning of time. */
function isTokenReadable(token: string): boolean {
  return isTokenFresh(token, Number.NEGATIVE_INFINITY);
}
