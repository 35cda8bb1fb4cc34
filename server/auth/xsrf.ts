import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { carriesSessionCookies, requestCookie, XSRF_COOKIE, XSRF_HEADER } from './auth-cookies.ts';
import { sameText } from './secret-tokens.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The double-submit rule (SPEC.md section 7: cookie XSRF-TOKEN, header X-XSRF-TOKEN). A browser
 * attaches our cookies to a request another site makes, but only a script of our origin can read
 * XSRF-TOKEN and repeat it in the header. So an unsafe request that carries our session cookies
 * must carry the header, equal to the cookie. A request without those cookies (a Bearer header
 * alone, a first login) cannot be forged this way and needs neither.
 */
export function requireXsrfWhenCookied(request: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(request.method) || !carriesSessionCookies(request)) return;
  requireXsrf(request);
}

export function requireXsrf(request: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const expected = requestCookie(request, XSRF_COOKIE);
  const given = request.headers[XSRF_HEADER];
  if (expected === undefined || typeof given !== 'string' || !sameText(given, expected)) {
    throw new HttpError(403, 'the X-XSRF-TOKEN header must repeat the XSRF-TOKEN cookie');
  }
}
