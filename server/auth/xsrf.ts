import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import type { AccessTokens } from './access-tokens.ts';
import { AUTH_TOKEN_COOKIE, carriesSessionCookies, REFRESH_TOKEN_COOKIE, requestCookie, XSRF_COOKIE, XSRF_HEADER } from './auth-cookies.ts';
import { sameText } from './secret-tokens.ts';
import type { SessionsRepository } from './sessions-repository.ts';
import type { XsrfTokens } from './xsrf-tokens.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The double-submit rule (SPEC.md section 7: cookie XSRF-TOKEN, header X-XSRF-TOKEN), signed. A
 * browser attaches our cookies to a request another site makes, but only a script of our origin
 * can read XSRF-TOKEN and repeat it in the header. So an unsafe request that carries our session
 * cookies must carry the header, equal to the cookie, and the token must be the one signed for
 * the session those cookies name: a pair someone else chose (a cookie set from a sibling
 * subdomain, say) does not pass. A request without those cookies (a Bearer header alone, a first
 * login) cannot be forged this way and needs neither.
 */
export class XsrfGuard {
  private readonly tokens: AccessTokens;
  private readonly sessions: SessionsRepository;
  private readonly xsrfTokens: XsrfTokens;

  constructor(tokens: AccessTokens, sessions: SessionsRepository, xsrfTokens: XsrfTokens) {
    this.tokens = tokens;
    this.sessions = sessions;
    this.xsrfTokens = xsrfTokens;
  }

  async requireWhenCookied(request: FastifyRequest): Promise<void> {
    if (!UNSAFE_METHODS.has(request.method) || !carriesSessionCookies(request)) return;
    await this.require(request);
  }

  async require(request: FastifyRequest): Promise<void> {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const expected = requestCookie(request, XSRF_COOKIE);
    const given = request.headers[XSRF_HEADER];
    const refused = new HttpError(403, 'the X-XSRF-TOKEN header must repeat the XSRF-TOKEN cookie of this session');
    if (expected === undefined || typeof given !== 'string' || !sameText(given, expected)) throw refused;
    // Cookies that name no session we know authenticate nothing: the equality is enough then.
    for (const sessionId of await this.#sessionsOfCookies(request)) {
      if (!this.xsrfTokens.isFor(expected, sessionId)) throw refused;
    }
  }

  /**
   * The sessions the request's cookies name: the access token's `sid` (read by signature only:
   * an expired one still names its session) and the refresh token's session.
   */
  async #sessionsOfCookies(request: FastifyRequest): Promise<Set<string>> {
    const sessionIds = new Set<string>();
    const access = requestCookie(request, AUTH_TOKEN_COOKIE);
    const claims = access === undefined ? undefined : await this.tokens.verifySignatureOnly(access);
    if (claims) sessionIds.add(claims.sid);
    const refresh = requestCookie(request, REFRESH_TOKEN_COOKIE);
    const refreshSession = refresh === undefined ? undefined : await this.sessions.sessionOfRefreshToken(refresh);
    if (refreshSession) sessionIds.add(refreshSession);
    return sessionIds;
  }
}
