import type { FastifyInstance } from 'fastify';
import { logoutBodySchema, logoutResultSchema, type LogoutResult } from '../../src/contract/schemas/auth-schema.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { AUTH_TOKEN_COOKIE, clearSessionCookies, REFRESH_TOKEN_COOKIE, requestCookie } from './auth-cookies.ts';
import { AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';

/**
 * POST /logout, beyond SPEC.md's list: dropping the readable cookies on the device leaves the
 * HttpOnly refresh token alive, and anyone with a copy of the cookie jar could go on refreshing.
 * This ends the session on the server and clears every cookie the service set. A cookied call
 * needs the XSRF header (the service's onRequest rule), so another site cannot log a viewer out.
 */
export function logoutRoute(app: FastifyInstance, options: AuthRouteOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/logout', {
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    schema: {
      summary: 'Log out: end the session on the server and clear its cookies',
      description: 'Ends the session of the refresh token (the body, else the refreshToken cookie) and of the access token '
        + '(the Authorization header, else the authToken cookie), and expires the authToken, refreshToken, authSession and '
        + 'XSRF-TOKEN cookies. Answers the same when there is no session or it had already ended.',
      body: logoutBodySchema.default({}),
      response: { 200: logoutResultSchema },
      errors: [403],
    },
  }, async (request, reply): Promise<LogoutResult> => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    await options.logins.logout({
      refreshToken: request.body.refreshToken ?? requestCookie(request, REFRESH_TOKEN_COOKIE),
      accessToken: bearer ?? requestCookie(request, AUTH_TOKEN_COOKIE),
    });
    clearSessionCookies(request, reply, 'clear');
    return { status: 'logged-out' };
  });
}
