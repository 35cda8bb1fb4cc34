import rateLimit from '@fastify/rate-limit';
import { rateLimitScope } from '../shared-state/install-shared-state.ts';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account-routes.ts';
import { administrationRoutes } from './administration-routes.ts';
import { requestCookie, setXsrfCookie, XSRF_COOKIE } from './auth-cookies.ts';
import type { AuthRouteOptions } from './auth-route-options.ts';
import { logoutRoute } from './logout-route.ts';
import { randomToken } from './secret-tokens.ts';
import { sessionRoutes } from './session-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';

export const AUTHENTICATOR_PREFIX = '/authenticator';

/**
 * The authentication service (SPEC.md section 7), registered under /authenticator: its own
 * scope, with its own rate-limit counters (only the routes that check a password or a code name
 * a limit), the XSRF rule, and no caching of anything it answers.
 */
export async function authenticatorRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  await app.register(rateLimit, rateLimitScope(app));

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!request.routeOptions.config?.authWebhook) await options.guard.xsrf.requireWhenCookied(request);
  });

  // Whoever reaches the service without an XSRF cookie gets one with the answer (a refused call
  // included), so a client whose cookie was lost can repeat its call with the header.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.authWebhook || requestCookie(request, XSRF_COOKIE) !== undefined) return payload;
    const setCookies = reply.getHeader('set-cookie');
    const already = [setCookies].flat().some((cookie) => typeof cookie === 'string' && cookie.startsWith(`${XSRF_COOKIE}=`));
    if (!already) setXsrfCookie(request, reply, randomToken(), Math.floor(Date.now() / 1000) + options.refreshTokenDays * 86_400);
    return payload;
  });

  sessionRoutes(app, options);
  logoutRoute(app, options);
  accountRoutes(app, options);
  administrationRoutes(app, options);
  await subscriptionRoutes(app, options);
}
