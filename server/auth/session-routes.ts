import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginBodySchema, refreshBodySchema, sessionSchema, signupCompleteBodySchema, type Session } from '../../src/api/auth-schema.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { clearSessionCookies, REFRESH_TOKEN_COOKIE, requestCookie, setSessionCookies, XSRF_COOKIE } from './auth-cookies.ts';
import { attemptsLimit, AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import type { IssuedSession } from './login-service.ts';
import { randomToken } from './secret-tokens.ts';
import { AuthError } from './session-guard.ts';

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
  }, async (request, reply): Promise<Session> => sendSession(request, reply, await logins.login(request.body.email, request.body.password), 'new'));

  api.post('/signup/complete', {
    ...limited,
    schema: { summary: 'Confirm a signup with the mailed code: logged in', body: signupCompleteBodySchema, ...sessionAnswer, errors: [401, 429] },
  }, async (request, reply): Promise<Session> => sendSession(request, reply, await accounts.completeSignup(request.body.email, request.body.code), 'new'));

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
