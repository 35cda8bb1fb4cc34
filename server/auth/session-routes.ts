import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginBodySchema, refreshBodySchema, signupCompleteBodySchema, type Session } from '../../src/api/auth-schema.ts';
import { clearSessionCookies, REFRESH_TOKEN_COOKIE, requestCookie, setSessionCookies, XSRF_COOKIE } from './auth-cookies.ts';
import { attemptsLimit, AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import type { IssuedSession } from './login-service.ts';
import { parseRequestPart } from './request-validation.ts';
import { randomToken } from './secret-tokens.ts';
import { AuthError } from './session-guard.ts';

/**
 * The three calls that hand out a session: login, the confirmed signup, and refresh. Only they
 * answer with the `Authorization: Bearer …` header (the refresh's only way to the client,
 * SPEC.md section 7) and set the session cookies.
 */
export function sessionRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { logins, accounts } = options;
  const limited = { bodyLimit: AUTH_BODY_LIMIT_BYTES, config: { rateLimit: attemptsLimit(options.attemptsPerMinute) } };

  app.post('/authentication', limited, async (request, reply): Promise<Session> => {
    const body = parseRequestPart(loginBodySchema, request.body, 'body');
    return sendSession(request, reply, await logins.login(body.email, body.password), 'new');
  });

  app.post('/signup/complete', limited, async (request, reply): Promise<Session> => {
    const body = parseRequestPart(signupCompleteBodySchema, request.body, 'body');
    return sendSession(request, reply, await accounts.completeSignup(body.email, body.code), 'new');
  });

  // Not limited per address: the refresh token is 256 random bits, and a whole office behind
  // one address refreshes every few minutes.
  app.post('/authentication/refresh', { bodyLimit: AUTH_BODY_LIMIT_BYTES }, async (request, reply): Promise<Session> => {
    const body = parseRequestPart(refreshBodySchema, request.body ?? {}, 'body');
    const refreshToken = body.refreshToken ?? requestCookie(request, REFRESH_TOKEN_COOKIE);
    try {
      if (!refreshToken) throw new AuthError(401, 'no refresh token: send it in the body or the refreshToken cookie');
      return sendSession(request, reply, await logins.refresh(refreshToken, body.accessToken), 'kept');
    } catch (error) {
      // Cookies that can no longer refresh would only make the next call fail the same way.
      if (error instanceof AuthError) clearSessionCookies(request, reply);
      throw error;
    }
  });
}

/** A new session gets a new XSRF token (none chosen before login survives it); a refresh keeps it. */
function sendSession(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession, xsrf: 'new' | 'kept'): Session {
  const { session } = issued;
  const current = requestCookie(request, XSRF_COOKIE);
  // Only a value we could have issued is written back into a cookie.
  const xsrfToken = xsrf === 'kept' && current !== undefined && /^[\w-]{16,128}$/.test(current) ? current : randomToken();
  setSessionCookies(request, reply, {
    accessToken: session.accessToken,
    accessExpiresAt: session.expiresAt,
    refreshToken: session.refreshToken,
    refreshExpiresAt: issued.refreshExpiresAt,
  }, xsrfToken);
  void reply.header('authorization', `Bearer ${session.accessToken}`);
  return session;
}
