import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutResultSchema, sessionSchema, userSchema } from '../../src/contract/schemas/auth-schema.ts';
import { expectApiError, expectJson, type TestApp } from './helpers.ts';
import { bearer, cookieHeader, covers, details, login, newViewer, postJson, responseCookies, startAuthApp } from './auth-helpers.ts';

covers('POST /logout');

let t: TestApp;
let viewer: { email: string; password: string };
beforeAll(async () => {
  t = await startAuthApp();
  viewer = await newViewer(t);
});
afterAll(() => t.close());

const SESSION_COOKIES = ['authToken', 'refreshToken', 'authSession', 'XSRF-TOKEN'];

describe('logout', () => {
  it('with the session cookies: the session ends on the server and every cookie it set is cleared', async () => {
    const loggedIn = await postJson(t, '/authentication', { email: viewer.email, password: viewer.password });
    const session = sessionSchema.parse(loggedIn.json());
    const cookies = responseCookies(loggedIn);
    const cookie = cookieHeader(cookies);
    const xsrf = { cookie, 'x-xsrf-token': cookies.get('XSRF-TOKEN')?.value ?? '' };

    // A cookied call without the XSRF header could be another site's: refused, nothing ended.
    expectApiError(await postJson(t, '/logout', {}, { cookie }), 403);
    expectJson(await details(t, bearer(session.accessToken)), 200, userSchema);

    const response = await postJson(t, '/logout', {}, xsrf);
    expectJson(response, 200, logoutResultSchema);
    const cleared = responseCookies(response);
    for (const name of SESSION_COOKIES) {
      expect(cleared.get(name)?.value, name).toBe('');
      expect(cleared.get(name)?.attributes, name).toContain('Expires=Thu, 01 Jan 1970');
    }
    expect(cleared.get('refreshToken')?.attributes).toContain('HttpOnly');
    // The refresh cookie a copied jar still holds refreshes nothing; the access token is dead too.
    expectApiError(await postJson(t, '/authentication/refresh', {}, xsrf), 401);
    expectApiError(await postJson(t, '/authentication/refresh', { refreshToken: session.refreshToken }), 401);
    expectApiError(await details(t, bearer(session.accessToken)), 401);
  });

  it('with a Bearer token alone, or a refresh token in the body, ends that session and no other', async () => {
    const kept = await login(t, viewer.email, viewer.password);
    const byBearer = await login(t, viewer.email, viewer.password);
    expectJson(await postJson(t, '/logout', {}, bearer(byBearer.accessToken)), 200, logoutResultSchema);
    expectApiError(await postJson(t, '/authentication/refresh', { refreshToken: byBearer.refreshToken }), 401);

    const byRefresh = await login(t, viewer.email, viewer.password);
    expectJson(await postJson(t, '/logout', { refreshToken: byRefresh.refreshToken }), 200, logoutResultSchema);
    expectApiError(await details(t, bearer(byRefresh.accessToken)), 401);

    expectJson(await details(t, bearer(kept.accessToken)), 200, userSchema);
    expectJson(await postJson(t, '/authentication/refresh', { refreshToken: kept.refreshToken }), 200, sessionSchema);
  });

  it('without a session, or with one already ended, still answers 200 and clears the cookies', async () => {
    expectJson(await postJson(t, '/logout', {}), 200, logoutResultSchema);
    const response = await postJson(t, '/logout', { refreshToken: 'x'.repeat(43) });
    expectJson(response, 200, logoutResultSchema);
    expect(responseCookies(response).get('refreshToken')?.value).toBe('');
    expectApiError(await postJson(t, '/logout', { unknown: 1 }), 400);
  });
});
