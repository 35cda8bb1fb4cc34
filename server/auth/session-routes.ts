import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginBodySchema, refreshBodySchema, sessionSchema, signupCompleteBodySchema, type Session } from '../../src/contract/schemas/auth-schema.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { clearSessionCookies, REFRESH_TOKEN_COOKIE, requestCookie, setSessionCookies, XSRF_COOKIE } from './auth-cookies.ts';
import { attemptsLimit, AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import type { IssuedSession } from './login-service.ts';
import { AuthError } from './session-guard.ts';
import type { XsrfTokens } from './xsrf-tokens.ts';

/**
 * The three calls that hand out a session: login, the confirmed signup, and refresh. Only they
 * answer with the `Authorization: Bearer …` header (the refresh's only way to the client,
 * SPEC.md section 7) and set the session cookies.
 */
export function sessionRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { logins, accounts } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { bodyLimit: AUTH_BODY_LIMIT_BYTES, config: { rateLimit: attemptsLimit(options.attemptsPerMinute) } };
  const sessionAnswer = {
    response: { 200: sessionSchema },
    description: 'The access token also comes in the Authorization response header; the session cookies (authToken, refreshToken, XSRF-TOKEN) are set.',
  };

  api.post('/authentication', {
    ...limited,
    schema: { summary: 'Log in', body: loginBodySchema, ...sessionAnswer, errors: [401, 403, 429] },
  }, async (request, reply): Promise<Session> => sendSession(options.xsrfTokens, request, reply, await logins.login(request.body.email, request.body.password, request.ip), 'new'));

  api.post('/signup/complete', {
    ...limited,
    schema: { summary: 'Confirm a signup with the mailed code: logged in', body: signupCompleteBodySchema, ...sessionAnswer, errors: [401, 429],
      refusesWellFormed: 'the code is wrong or has expired' },
  }, async (request, reply): Promise<Session> => sendSession(options.xsrfTokens, request, reply, await accounts.completeSignup(request.body.email, request.body.code), 'new'));

  // Not limited per address: the refresh token is 256 random bits, and a whole office behind
  // one address refreshes every few minutes.
  api.post('/authentication/refresh', {
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    schema: {
      summary: 'A new access token (and refresh token) for a refresh token',
      ...sessionAnswer,
      description: `The refresh token comes in the body or the refreshToken cookie. ${sessionAnswer.description}`,
      body: refreshBodySchema.default({}),
      errors: [401],
    },
  }, async (request, reply): Promise<Session> => {
    const { body } = request;
    const refreshToken = body.refreshToken ?? requestCookie(request, REFRESH_TOKEN_COOKIE);
    try {
      if (!refreshToken) throw new AuthError(401, 'no refresh token: send it in the body or the refreshToken cookie');
      return sendSession(options.xsrfTokens, request, reply, await logins.refresh(refreshToken, body.accessToken), 'kept');
    } catch (error) {
      // Cookies that can no longer refresh would only make the next call fail the same way.
      if (error instanceof AuthError) clearSessionCookies(request, reply);
      throw error;
    }
  });
}

/**
 * A new session gets a new XSRF token signed for it (none chosen before login survives it); a
 * refresh keeps the session's own, and replaces any other.
 */
function sendSession(xsrfTokens: XsrfTokens, request: FastifyRequest, reply: FastifyReply, issued: IssuedSession, xsrf: 'new' | 'kept'): Session {
  const { session } = issued;
  const current = requestCookie(request, XSRF_COOKIE);
  const xsrfToken = xsrf === 'kept' && current !== undefined && xsrfTokens.isFor(current, issued.sessionId) ? current : xsrfTokens.issue(issued.sessionId);
  setSessionCookies(request, reply, {
    accessToken: session.accessToken,
    accessExpiresAt: session.expiresAt,
    refreshToken: session.refreshToken,
    refreshExpiresAt: issued.refreshExpiresAt,
  }, xsrfToken);
  void reply.header('authorization', `Bearer ${session.accessToken}`);
  return session;
}
