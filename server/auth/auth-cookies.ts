import type { FastifyReply, FastifyRequest } from 'fastify';

/** SPEC.md sections 3 and 6: the player's cookies, path /. */
export const AUTH_TOKEN_COOKIE = 'authToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
/**
 * A readable mark that a session exists, kept as long as its refresh token: the authToken cookie
 * goes at the access token's expiry (SPEC.md section 3) and the refresh token is HttpOnly, so
 * without it a frame loaded after the expiry could not know it should refresh first.
 */
export const SESSION_HINT_COOKIE = 'authSession';
/** SPEC.md section 7: the XSRF cookie the client copies into X-XSRF-TOKEN. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Over HTTPS the cookies must survive inside a third-party frame: SameSite=None needs Secure,
 * and Partitioned (CHIPS) keeps them to this embedding site, so browsers that block
 * third-party cookies still keep them. Plain HTTP (the local demo) cannot be Secure: Lax.
 */
function siteAttributes(request: FastifyRequest): string {
  return request.protocol === 'https' ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
}

function cookie(request: FastifyRequest, name: string, value: string, expiresAtSeconds: number, httpOnly: boolean): string {
  const expires = new Date(expiresAtSeconds * 1000).toUTCString();
  return `${name}=${value}; Path=/; Expires=${expires}${httpOnly ? '; HttpOnly' : ''}; ${siteAttributes(request)}`;
}

export interface SessionCookies {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
}

/**
 * authToken expires with the token (the player reads it, so not HttpOnly); refreshToken is
 * HttpOnly (only this server reads it); a fresh XSRF token per session, kept as long.
 */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: SessionCookies, xsrfToken: string): void {
  void reply.header('set-cookie', cookie(request, AUTH_TOKEN_COOKIE, session.accessToken, session.accessExpiresAt, false));
  void reply.header('set-cookie', cookie(request, REFRESH_TOKEN_COOKIE, session.refreshToken, session.refreshExpiresAt, true));
  void reply.header('set-cookie', cookie(request, SESSION_HINT_COOKIE, '1', session.refreshExpiresAt, false));
  void reply.header('set-cookie', cookie(request, XSRF_COOKIE, xsrfToken, session.refreshExpiresAt, false));
}

/**
 * Expires the session's cookies. A failed refresh keeps XSRF-TOKEN (the client repeats its call
 * with it); a logout clears it too, with every other cookie the service set.
 */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, xsrf: 'keep' | 'clear' = 'keep'): void {
  const cookies: (readonly [string, boolean])[] = [[AUTH_TOKEN_COOKIE, false], [REFRESH_TOKEN_COOKIE, true], [SESSION_HINT_COOKIE, false]];
  if (xsrf === 'clear') cookies.push([XSRF_COOKIE, false]);
  for (const [name, httpOnly] of cookies) void reply.header('set-cookie', cookie(request, name, '', 0, httpOnly));
}

export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, xsrfToken: string, expiresAtSeconds: number): void {
  void reply.header('set-cookie', cookie(request, XSRF_COOKIE, xsrfToken, expiresAtSeconds, false));
}

/** One cookie of the request; the first when a name is repeated. */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/** Whether the browser sent our session cookies: then the request may be a forged one (CSRF). */
export function carriesSessionCookies(request: FastifyRequest): boolean {
  return requestCookie(request, AUTH_TOKEN_COOKIE) !== undefined || requestCookie(request, REFRESH_TOKEN_COOKIE) !== undefined;
}
