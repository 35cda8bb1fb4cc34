import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { builtEntry, type BuiltEntry } from '../http/built-files.ts';
import { HttpError } from '../http/http-error.ts';
import { singleText, wholeNumberText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import { operatorAccess } from '../auth/operator-access.ts';
import { ADMIN_PATH, clearAdminSession, sameSecret, setAdminSession } from './admin-auth.ts';
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, dashboardDataSchema, type DashboardData } from '../../src/contract/schemas/dashboard-schema.ts';
import {
  ADMIN_CSP, ADMIN_DISABLED_MESSAGE, DASHBOARD_BASE, DASHBOARD_PATH, renderDashboardPage, renderDisabledPage, renderLoginPage,
} from './dashboard-page.ts';
import type { AnalyticsStore } from './analytics-store.ts';

export interface AdminRoutesOptions {
  analytics: AnalyticsStore;
  /** undefined: the operator has not set ADMIN_TOKEN, and every admin route answers 503. */
  adminToken: string | undefined;
  /** The dashboard's built script and style (dist/analytics-dashboard, served by analytics-routes.ts). */
  dashboardDir: string;
}

// @fastify/cors reads a route's `config.cors` (false: no CORS headers) but does not declare it.
declare module 'fastify' {
  interface FastifyContextConfig {
    cors?: false;
  }
}

/** GET /admin/analytics/events.json: the stored rows as they are (StoredEventRow). */
const eventsAnswerSchema = z.strictObject({
  events: z.array(z.strictObject({
    event_id: z.string(),
    view_id: z.string(),
    event: z.string(),
    ts: z.number(),
    network_type: z.string(),
    payload: z.unknown(),
    detail: z.unknown(),
    received_at: z.string(),
  })),
});

const daysQuerySchema = z.object({
  days: wholeNumberText(1, DASHBOARD_MAX_DAYS).default(DASHBOARD_DEFAULT_DAYS),
});
// One viewer's or one view's events: one of the two is required (no bulk export here).
const eventsQuerySchema = z
  .object({ user_id: singleText(512).optional(), view_id: singleText(64).optional() })
  .refine((query) => query.user_id !== undefined || query.view_id !== undefined, { message: 'user_id or view_id is required' });
const loginBodySchema = z.object({ token: z.string().max(1024).optional() }).prefault({});

/** The most events one listing returns (the newest). */
const EVENTS_LISTED = 1000;

/** A guessed token costs a minute every few tries; the token itself is at least 16 characters. */
const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/**
 * The operator's pages under /admin: the analytics dashboard, its data, login and logout. They
 * carry the operator's cookie, so they answer no other origin (cors: false) and may not be framed.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const dashboardAssets = builtEntry(options.dashboardDir, DASHBOARD_BASE, 'The analytics dashboard');
  // The login and disabled pages go unstyled rather than fail while the build is missing: they say what to do.
  const styles = async (): Promise<BuiltEntry | undefined> => dashboardAssets().catch(() => undefined);
  const token = options.adminToken;

  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers({
      'content-security-policy': ADMIN_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
  });

  // Form posts carry the token as application/x-www-form-urlencoded, which Fastify does not read itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);
  /** The page's guard: undefined when the operator may see it, else the answer already sent. */
  const refusePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const access = await operatorAccess(request, token);
    if (access === 'disabled') return html(reply, 503, renderDisabledPage(await styles()));
    if (access === 'granted') return undefined;
    return html(reply, access === 'wrong' ? 403 : 401, renderLoginPage(await styles(), access === 'wrong' ? 'Неверный токен доступа.' : undefined));
  };
  // ADMIN_TOKEN, or an administrator's access token (server/auth/operator-access.ts).
  const requireAccess = async (request: FastifyRequest) => {
    const access = await operatorAccess(request, token);
    if (access === 'disabled') throw new HttpError(503, ADMIN_DISABLED_MESSAGE);
    if (access === 'missing') throw new HttpError(401, 'Нужен токен доступа: заголовок Authorization: Bearer или вход через форму.');
    if (access === 'wrong') throw new HttpError(403, 'Неверный токен доступа.');
  };

  const noCors = { cors: false } as const;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { admin: true as const, security: SECURITY.operator };
  const dataErrors = [401, 403, 503];
  const pageAnswer = (description: string) => ({ type: 'text/html', description });
  const loginPages = {
    401: pageAnswer('The login page'),
    403: pageAnswer('The login page again: a wrong token'),
    503: pageAnswer('The page saying the dashboard is off: ADMIN_TOKEN is not set'),
  };

  api.get(DASHBOARD_PATH, {
    config: noCors,
    // The login page (or the disabled one) comes before the query is read.
    preValidation: async (request, reply) => refusePage(request, reply),
    schema: { summary: 'The analytics dashboard', ...admin, querystring: daysQuerySchema, produces: pageAnswer('The dashboard'), pages: loginPages, errors: [503] },
  }, async (request, reply) => html(reply, 200, renderDashboardPage(request.query.days, await dashboardAssets())));

  api.get(`${DASHBOARD_PATH}/data.json`, {
    config: noCors,
    preValidation: async (request) => requireAccess(request),
    schema: { summary: 'The dashboard\'s figures', ...admin, querystring: daysQuerySchema, response: { 200: dashboardDataSchema }, errors: dataErrors },
  }, async (request): Promise<DashboardData> => options.analytics.readDashboard(request.query.days));

  api.get(`${DASHBOARD_PATH}/events.json`, {
    config: noCors,
    preValidation: async (request) => requireAccess(request),
    schema: { summary: 'The raw events of one viewer or one view', ...admin, querystring: eventsQuerySchema, response: { 200: eventsAnswerSchema }, errors: dataErrors },
  }, async (request) => ({
    events: await options.analytics.listEvents({ userId: request.query.user_id, viewId: request.query.view_id }, EVENTS_LISTED),
  }));

  api.get(ADMIN_PATH, {
    config: noCors,
    schema: { summary: 'To the dashboard', ...admin, produces: { status: 303, description: 'Redirect to the dashboard' } },
  }, async (_request, reply) => reply.redirect(DASHBOARD_PATH, 303));

  api.post(`${ADMIN_PATH}/login`, {
    config: { ...noCors, rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      summary: 'The login form: ADMIN_TOKEN for the session cookie',
      ...admin,
      security: [],
      body: loginBodySchema,
      consumes: ['application/x-www-form-urlencoded'],
      produces: { status: 303, description: 'Logged in: to the dashboard' },
      pages: { 403: loginPages[403], 503: loginPages[503] },
      errors: [429],
    },
  }, async (request, reply) => {
    if (token === undefined) return html(reply, 503, renderDisabledPage(await styles()));
    const given = request.body.token;
    if (given === undefined || !sameSecret(given, token)) return html(reply, 403, renderLoginPage(await styles(), 'Неверный токен доступа.'));
    await setAdminSession(request, reply, token);
    return reply.redirect(DASHBOARD_PATH, 303);
  });

  api.post(`${ADMIN_PATH}/logout`, {
    config: noCors,
    schema: { summary: 'End the operator\'s session', ...admin, produces: { status: 303, description: 'To the dashboard (its login page)' } },
  }, async (request, reply) => {
    await clearAdminSession(request, reply);
    return reply.redirect(DASHBOARD_PATH, 303);
  });
}
