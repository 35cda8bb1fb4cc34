import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema, type Session } from '../../src/contract/schemas/auth-schema.ts';
import { expectApiError, expectJson, type TestApp } from './helpers.ts';
import { AUTH, bearer, cookieHeader, newViewer, postJson, responseCookies, startAuthApp, type ResponseCookie } from './auth-helpers.ts';

// The rule: an unsafe request (POST, PUT, PATCH, DELETE) that carries the authToken or
// refreshToken cookie must send X-XSRF-TOKEN equal to the XSRF-TOKEN cookie. A request that
// authenticates by its Bearer header alone, or carries no session cookie at all, needs none.

let t: TestApp;
let viewer: { email: string; password: string; session: Session };
let cookies: Map<string, ResponseCookie>;
beforeAll(async () => {
  t = await startAuthApp();
  const created = await newViewer(t);
  viewer = created;
  cookies = responseCookies(created.response);
});
afterAll(() => t.close());

const rename = (headers: Record<string, string>) => t.app.inject({ method: 'PATCH', url: `${AUTH}/user/rename?name=Renamed`, headers });

describe('cookie-authenticated requests', () => {
  it('an unsafe one without the header, or with a different value, is 403', async () => {
    const cookie = cookieHeader(cookies);
    expect(expectApiError(await rename({ cookie }), 403).message).toMatch(/X-XSRF-TOKEN/);
    expectApiError(await rename({ cookie, 'x-xsrf-token': 'something-else-entirely' }), 403);
    expectApiError(await rename({ cookie: cookieHeader(cookies, ['authToken']), 'x-xsrf-token': cookies.get('XSRF-TOKEN')?.value ?? '' }), 403);
  });

  it('with the header equal to the cookie it goes through', async () => {
    const response = await rename({ cookie: cookieHeader(cookies), 'x-xsrf-token': cookies.get('XSRF-TOKEN')?.value ?? '' });
    expect(expectJson(response, 200, userSchema).name).toBe('Renamed');
  });

  it('a safe one (GET) needs no header', async () => {
    expectJson(await t.app.inject({ url: `${AUTH}/user/details`, headers: { cookie: cookieHeader(cookies) } }), 200, userSchema);
  });

  it('a Bearer header that comes with the cookies still needs it: the browser sent the cookies', async () => {
    expectApiError(await rename({ ...bearer(viewer.session.accessToken), cookie: cookieHeader(cookies) }), 403);
  });

  it('a login that carries old session cookies needs it too', async () => {
    expectApiError(await postJson(t, '/authentication', { email: viewer.email, password: viewer.password }, { cookie: cookieHeader(cookies) }), 403);
  });
});

describe('the XSRF token is tied to the session (signed double-submit)', () => {
  /** The viewer's session cookies with an XSRF cookie and header of someone else's choosing. */
  const withPair = (xsrf: string, names = ['authToken', 'refreshToken']) =>
    ({ cookie: `${cookieHeader(cookies, names)}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf });

  it('a cookie and header pair the attacker chose does not pass, on the service and on the viewer routes', async () => {
    const chosen = 'attacker-chosen-value-0123456789';
    expect(expectApiError(await rename(withPair(chosen)), 403).message).toMatch(/X-XSRF-TOKEN/);
    expectApiError(await postJson(t, '/authentication/refresh', {}, withPair(chosen, ['refreshToken'])), 403);
    expectApiError(await t.app.inject({ method: 'POST', url: '/catalog-api/contents/favorites/1', headers: withPair(chosen, ['authToken']) }), 403);
  });

  it('the valid XSRF token of another session (the attacker\'s own) does not pass either', async () => {
    const other = responseCookies((await newViewer(t)).response).get('XSRF-TOKEN')?.value ?? '';
    expect(other).not.toBe('');
    expectApiError(await rename(withPair(other)), 403);
    expectApiError(await postJson(t, '/authentication/refresh', {}, withPair(other, ['refreshToken'])), 403);
  });

  it('the session\'s own token passes, and is kept across a refresh', async () => {
    const own = cookies.get('XSRF-TOKEN')?.value ?? '';
    expectJson(await rename(withPair(own)), 200, userSchema);
  });
});

describe('requests that cannot be forged this way', () => {
  it('a Bearer header alone needs no XSRF header', async () => {
    expectJson(await rename(bearer(viewer.session.accessToken)), 200, userSchema);
  });

  it('login, signup and restore without cookies need none', async () => {
    expect((await postJson(t, '/authentication', { email: viewer.email, password: viewer.password })).statusCode).toBe(200);
    expect((await postJson(t, '/signup', { email: 'xsrf-free@test.example', password: 'password here' })).statusCode).toBe(202);
    expect((await postJson(t, '/user/password/restore/init', { email: viewer.email })).statusCode).toBe(202);
  });
});

describe('the XSRF-TOKEN cookie', () => {
  it('is set, readable by script, on any answer of the service to a client that has none (a refusal included)', async () => {
    for (const response of [
      await t.app.inject({ url: `${AUTH}/user/details` }),
      await postJson(t, '/authentication', { email: viewer.email, password: 'wrong password' }),
    ]) {
      const xsrf = responseCookies(response).get('XSRF-TOKEN');
      expect(xsrf?.value).toMatch(/^[\w-]{40,}$/);
      expect(xsrf?.attributes).toContain('Path=/');
      expect(xsrf?.attributes).not.toContain('HttpOnly');
    }
  });

  it('is not set again while the client has one, and login issues a fresh one', async () => {
    const xsrf = cookies.get('XSRF-TOKEN')?.value ?? '';
    const again = await t.app.inject({ url: `${AUTH}/user/details`, headers: { ...bearer(viewer.session.accessToken), cookie: `XSRF-TOKEN=${xsrf}` } });
    expect(responseCookies(again).has('XSRF-TOKEN')).toBe(false);
    const relogin = await postJson(t, '/authentication', { email: viewer.email, password: viewer.password }, { cookie: cookieHeader(cookies), 'x-xsrf-token': xsrf });
    expect(relogin.statusCode).toBe(200);
    expect(responseCookies(relogin).get('XSRF-TOKEN')?.value).not.toBe(xsrf);
  });
});
