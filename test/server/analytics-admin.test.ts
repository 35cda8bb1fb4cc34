import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { dashboardDataSchema } from '../../src/contract/schemas/dashboard-schema.ts';
import { METRIC_DEFINITIONS } from '../../server/analytics/dashboard-definitions.ts';
import { loadServerConfig } from '../../server/config.ts';
import { expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';
import { batchOf, eventOf, newViewId } from './analytics-events.ts';
import { storedEventListSchema } from '../../src/contract/schemas/analytics-schema.ts';

// The operator's pages under /admin: a token (ADMIN_TOKEN), a login cookie, a strict CSP.
const TOKEN = 'admin-test-token-0123456789abcdef';
const PAGE = '/admin/analytics';
const DATA = '/admin/analytics/data.json';

let t: TestApp;
beforeAll(async () => {
  // Loopback stands for the edge proxy: inject() comes from 127.0.0.1 and one test says https through it.
  t = await startTestApp({ adminToken: TOKEN, trustedProxies: ['loopback'] });
});
afterAll(() => t.close());

const login = (token: string, app = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/admin/login', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams({ token }).toString() });

/** The `name=value` part of the response's Set-Cookie. */
function sessionCookie(response: LightMyRequestResponse): string {
  const header = String(response.headers['set-cookie'] ?? '');
  return header.split(';')[0]!;
}

function expectAdminHeaders(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('without the token', () => {
  it('the page asks to log in (401) with a Russian form, under the same headers', async () => {
    const response = await t.app.inject(PAGE);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('lang="ru"');
    expect(response.body).toMatch(/<form method="post" action="\/admin\/login">/);
    expect(response.body).toContain('Токен доступа');
    expect(response.body).not.toContain('data.json');
    expectAdminHeaders(response);
  });

  it('data.json is a 401, a wrong Bearer token a 403, a stale cookie a 401', async () => {
    expectApiError(await t.app.inject(DATA), 401);
    expectApiError(await t.app.inject({ url: DATA, headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } }), 403);
    expectApiError(await t.app.inject({ url: DATA, headers: { authorization: `Basic ${TOKEN}` } }), 403);
    expectApiError(await t.app.inject({ url: DATA, headers: { cookie: 'kino_admin=made-up' } }), 401);
    // A Bearer token is judged alone: a good cookie does not rescue a wrong one.
    const cookie = sessionCookie(await login(TOKEN));
    expectApiError(await t.app.inject({ url: DATA, headers: { cookie, authorization: 'Bearer nope' } }), 403);
  });

  it('a wrong token in the form is a 403 with the form again', async () => {
    const response = await login('not-the-token-at-all');
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain('Неверный токен доступа');
  });
});

describe('with the token', () => {
  it('as a Bearer header opens data.json', async () => {
    expectJson(await t.app.inject({ url: DATA, headers: { authorization: `Bearer ${TOKEN}` } }), 200, dashboardDataSchema);
  });

  it('through the form sets an HttpOnly, SameSite=Strict cookie for /admin that opens the page and its data', async () => {
    const response = await login(TOKEN);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(PAGE);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^kino_admin=[\w-]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/admin;');
    expect(setCookie).not.toContain('Secure');
    // The cookie is derived from the token, never the token itself.
    expect(setCookie).not.toContain(TOKEN);
    const cookie = sessionCookie(response);
    expect((await t.app.inject({ url: PAGE, headers: { cookie } })).statusCode).toBe(200);
    expectJson(await t.app.inject({ url: DATA, headers: { cookie } }), 200, dashboardDataSchema);
  });

  it('through the form over HTTPS (behind the edge proxy) sets a Secure cookie', async () => {
    const response = await login(TOKEN, t.app, { 'x-forwarded-proto': 'https' });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it('is no longer good once the server has another token', async () => {
    const cookie = sessionCookie(await login(TOKEN));
    const other = await startTestApp({ adminToken: 'another-token-0123456789abcdef' }, t.db);
    try {
      expectApiError(await other.app.inject({ url: DATA, headers: { cookie } }), 401);
    } finally {
      await other.close();
    }
  });

  it('each login is its own server-side session: a random id, not a value derived from the token', async () => {
    const [one, two] = [sessionCookie(await login(TOKEN)), sessionCookie(await login(TOKEN))];
    expect(one).not.toBe(two);
    for (const cookie of [one, two]) expectJson(await t.app.inject({ url: DATA, headers: { cookie } }), 200, dashboardDataSchema);
  });

  it('after logout the old cookie opens nothing, the outbox included; other sessions go on', async () => {
    const ended = sessionCookie(await login(TOKEN));
    const other = sessionCookie(await login(TOKEN));
    const response = await t.app.inject({ method: 'POST', url: '/admin/logout', headers: { cookie: ended } });
    expect(response.statusCode).toBe(303);
    expectApiError(await t.app.inject({ url: DATA, headers: { cookie: ended } }), 401);
    expectApiError(await t.app.inject({ url: '/admin/outbox', headers: { cookie: ended } }), 401);
    expectJson(await t.app.inject({ url: DATA, headers: { cookie: other } }), 200, dashboardDataSchema);
  });

  it('a session past its expiry opens nothing', async () => {
    const cookie = sessionCookie(await login(TOKEN));
    expectJson(await t.app.inject({ url: DATA, headers: { cookie } }), 200, dashboardDataSchema);
    // The stored expiry decides, not the cookie's Max-Age: moved into the past, as 12 hours would.
    await t.db.query("UPDATE admin_sessions SET expires_at = now() - interval '1 second'");
    expectApiError(await t.app.inject({ url: DATA, headers: { cookie } }), 401);
  });

  it('logging out clears the cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/admin/logout' });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers['set-cookie'])).toMatch(/^kino_admin=; Path=\/admin; Max-Age=0/);
  });
});

describe('the dashboard page', () => {
  const page = () => t.app.inject({ url: `${PAGE}?days=30`, headers: { authorization: `Bearer ${TOKEN}` } });

  it('is Russian HTML under a strict CSP, never cached, never framed', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/<html lang="ru">/);
    expect(response.body).toContain('Аналитика просмотров');
    expect(response.body).toContain('data-days="30"');
    expectAdminHeaders(response);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('says what each figure means, once, as Mux defines the metrics it shares', async () => {
    const { body } = await page();
    expect(body).toContain('Что значат показатели');
    for (const { term, definition } of METRIC_DEFINITIONS) {
      expect(body.split(`<dt>${term}</dt>`)).toHaveLength(2);
      expect(body).toContain(definition);
    }
    expect(body).toContain('Просмотры с фатальной ошибкой (error_fatal) — до первого кадра или после — ÷ просмотры');
    expect(body).toContain('Список рекламы, загруженный заранее (ad_init), — не пауза');
  });

  it('has no inline script, style or handler, and loads only its own built script and style', async () => {
    const { body } = await page();
    const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes!)?.[1])).toEqual(['/admin/assets/main-test.js']);
    expect(scripts[0]![1]).toContain('type="module"');
    for (const [, , content] of scripts) expect(content).toBe('');
    expect(body).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    const links = [...body.matchAll(/<link\b[^>]*href="([^"]+)"/g)].map(([, href]) => href);
    expect(links).toEqual(['/admin/assets/main-test.css']);
  });

  it('styles the login page with the same sheet, and runs no script there', async () => {
    const response = await t.app.inject(PAGE);
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('<link rel="stylesheet" href="/admin/assets/main-test.css">');
    expect(response.body).not.toContain('<script');
  });

  it.each([
    ['main-test.js', /^(application|text)\/javascript/, 'data.json'],
    ['main-test.css', /^text\/css/, '.panel'],
  ])('serves the built %s from our own origin, without a login, cached for good', async (name, type, content) => {
    const response = await t.app.inject(`/admin/assets/${name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toMatch(/immutable/);
    expect(response.body).toContain(content);
  });

  it('serves no other file as an asset', async () => {
    for (const name of ['..%2F..%2Fconfig.ts', 'admin-routes.ts', 'chart.umd.min.js', '..%2F.vite%2Fmanifest.json']) {
      expectApiError(await t.app.inject(`/admin/assets/${name}`), 404);
    }
  });

  it('answers 503 saying to build it while the dashboard is not built; the login page still shows', async () => {
    const off = await startTestApp({ adminToken: TOKEN, analyticsDashboardDir: '/nonexistent/analytics-dashboard' }, t.db);
    try {
      const cookie = sessionCookie(await login(TOKEN, off.app));
      const response = await off.app.inject({ url: PAGE, headers: { cookie } });
      expect(response.statusCode).toBe(503);
      expect(response.body).toMatch(/npm run build/);
      const loginPage = await off.app.inject(PAGE);
      expect(loginPage.statusCode).toBe(401);
      expect(loginPage.body).toMatch(/<form method="post" action="\/admin\/login">/);
    } finally {
      await off.close();
    }
  });

  it('answers no other origin (no CORS headers on the operator\'s data)', async () => {
    const response = await t.app.inject({ url: DATA, headers: { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('/admin leads to the dashboard', async () => {
    const response = await t.app.inject('/admin');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(PAGE);
  });
});

describe('when ADMIN_TOKEN is not configured', () => {
  it('every admin route is a 503 saying, in Russian, to set ADMIN_TOKEN', async () => {
    const off = await startTestApp({ adminToken: undefined }, t.db);
    try {
      const pageResponse = await off.app.inject(PAGE);
      expect(pageResponse.statusCode).toBe(503);
      expect(pageResponse.body).toContain('lang="ru"');
      expect(pageResponse.body).toContain('задайте переменную окружения ADMIN_TOKEN');
      expectAdminHeaders(pageResponse);
      expect(expectApiError(await off.app.inject({ url: DATA, headers: { authorization: `Bearer ${TOKEN}` } }), 503).message).toContain('ADMIN_TOKEN');
      expect((await login(TOKEN, off.app)).statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});

describe('the configuration', () => {
  it('has no admin token by default, 120 batches a minute and 90 days of retention', () => {
    expect(loadServerConfig({})).toMatchObject({ adminToken: undefined, collectRateLimit: 120, analyticsRetentionDays: 90 });
  });

  it('reads ADMIN_TOKEN, COLLECT_RATE_LIMIT and ANALYTICS_RETENTION_DAYS', () => {
    expect(loadServerConfig({ ADMIN_TOKEN: TOKEN, COLLECT_RATE_LIMIT: '0', ANALYTICS_RETENTION_DAYS: '30' }))
      .toMatchObject({ adminToken: TOKEN, collectRateLimit: 0, analyticsRetentionDays: 30 });
  });

  it.each([
    ['ADMIN_TOKEN', 'short'],
    ['COLLECT_RATE_LIMIT', 'many'],
    ['COLLECT_RATE_LIMIT', '-5'],
    ['ANALYTICS_RETENTION_DAYS', '1.5'],
  ])('rejects %s=%j with a message naming it', (name, value) => {
    expect(() => loadServerConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});

describe('one viewer\'s events (events.json)', () => {
  it('lists what a user_id or a view sent, oldest first, behind the token; neither given is a 400', async () => {
    const viewId = newViewId();
    const userId = `support-${viewId}`;
    const events = [
      eventOf({ event: 'view_start', viewId, ts: Date.now() - 2000, payload: { user_id: userId }, detail: { startup_ms: 420 } }),
      eventOf({ event: 'pause', viewId, ts: Date.now() - 1000, payload: { user_id: userId } }),
      eventOf({ event: 'play', viewId: newViewId(), ts: Date.now(), payload: { user_id: 'someone-else' } }),
    ];
    expect((await t.app.inject({ method: 'POST', url: '/collect', payload: batchOf(events) })).statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${TOKEN}` };
    const byUser = expectJson(await t.app.inject({ url: `/admin/analytics/events.json?user_id=${userId}`, headers: bearer }), 200, storedEventListSchema);
    expect(byUser.events.map((event) => event.event)).toEqual(['view_start', 'pause']);
    expect(byUser.events[0]!.detail).toEqual({ startup_ms: 420 });
    const byView = expectJson(await t.app.inject({ url: `/admin/analytics/events.json?view_id=${viewId}`, headers: bearer }), 200, storedEventListSchema);
    expect(byView.events.map((event) => event.event_id)).toEqual(events.slice(0, 2).map((event) => event.event_id));
    expectApiError(await t.app.inject({ url: '/admin/analytics/events.json', headers: bearer }), 400);
    expectApiError(await t.app.inject(`/admin/analytics/events.json?user_id=${userId}`), 401);
  });
});
