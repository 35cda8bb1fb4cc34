import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../server/auth/access-tokens.ts';
import { REUSE_GRACE_SECONDS } from '../../server/auth/sessions-repository.ts';
import { sessionSchema, userSchema } from '../../src/contract/schemas/auth-schema.ts';
import { expectApiError, expectJson, type TestApp } from './helpers.ts';
import {
  AUTH_SECRET, bearer, claimsOf, cookieHeader, covers, details, login, newViewer, postJson, responseCookies, startAuthApp, uniqueEmail,
} from './auth-helpers.ts';

covers('POST /authentication', 'POST /authentication/refresh');

let t: TestApp;
let viewer: { email: string; password: string };
beforeAll(async () => {
  // Loopback stands for the edge proxy: inject() comes from 127.0.0.1 and one test says https through it.
  t = await startAuthApp({}, { trustedProxies: ['loopback'] });
  viewer = await newViewer(t);
});
afterAll(() => t.close());

const refresh = (body: object, headers: Record<string, string> = {}) => postJson(t, '/authentication/refresh', body, headers);

describe('login', () => {
  it('answers the session, the Authorization header and the cookies; the JWT carries sub, role, sid, iat, exp', async () => {
    const response = await postJson(t, '/authentication', { email: viewer.email.toUpperCase(), password: viewer.password });
    const session = expectJson(response, 200, sessionSchema);
    expect(response.headers.authorization).toBe(`Bearer ${session.accessToken}`);
    const claims = claimsOf(session.accessToken);
    expect(claims).toMatchObject({ sub: String(session.user.id), role: 'viewer', exp: session.expiresAt });
    expect(claims.sid).toEqual(expect.any(String));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(session.refreshToken).toMatch(/^[\w-]{40,}$/);
  });

  it('every failure is the same 401, whether the account exists or not', async () => {
    const answers = await Promise.all([
      postJson(t, '/authentication', { email: viewer.email, password: 'not the password' }),
      postJson(t, '/authentication', { email: uniqueEmail('nobody'), password: 'not the password' }),
    ]);
    const [wrongPassword, noAccount] = answers.map((response) => expectApiError(response, 401));
    expect(noAccount).toEqual(wrongPassword);
    expect(wrongPassword?.message).toBe('wrong email or password');
    expect(answers[0]?.headers['www-authenticate']).toEqual(answers[1]?.headers['www-authenticate']);
    expect(answers[0]?.headers['set-cookie'] === undefined).toBe(answers[1]?.headers['set-cookie'] === undefined);
  });

  it('takes as long for an address with no account as for a wrong password (a dummy hash is checked)', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await postJson(t, '/authentication', { email, password: 'timing attempt' })).statusCode).toBe(401);
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const missing: number[] = [];
    for (let round = 0; round < 3; round++) {
      wrong.push(await timed(viewer.email));
      missing.push(await timed(uniqueEmail('ghost')));
    }
    // Without the dummy hash the missing account would answer in a fraction of a millisecond of
    // work against some tens of milliseconds of argon2id.
    expect(Math.min(...missing)).toBeGreaterThan(Math.min(...wrong) * 0.3);
  });
});

describe('cookies', () => {
  it('over plain HTTP: SameSite=Lax; authToken expires with the token, refreshToken is HttpOnly', async () => {
    const response = await postJson(t, '/authentication', { email: viewer.email, password: viewer.password });
    const session = sessionSchema.parse(response.json());
    const cookies = responseCookies(response);
    const auth = cookies.get('authToken');
    expect(auth?.attributes).toContain('Path=/');
    expect(auth?.attributes).toContain(`Expires=${new Date(session.expiresAt * 1000).toUTCString()}`);
    expect(auth?.attributes).not.toContain('HttpOnly');
    expect(auth?.attributes).toContain('SameSite=Lax');
    expect(auth?.attributes).not.toContain('Secure');
    expect(cookies.get('refreshToken')?.attributes).toMatch(/Path=\/;.*HttpOnly; SameSite=Lax/);
    expect(cookies.get('XSRF-TOKEN')?.attributes).not.toContain('HttpOnly');
  });

  it('over HTTPS (the edge proxy says so): SameSite=None; Secure; Partitioned, so they live inside a third-party frame', async () => {
    const response = await postJson(t, '/authentication', { email: viewer.email, password: viewer.password }, { 'x-forwarded-proto': 'https' });
    for (const name of ['authToken', 'refreshToken', 'XSRF-TOKEN']) {
      expect(responseCookies(response).get(name)?.attributes).toContain('SameSite=None; Secure; Partitioned');
    }
  });
});

describe('access tokens', () => {
  it('one signed with another key, expired, or garbled is a 401', async () => {
    const session = await login(t, viewer.email, viewer.password);
    const claims = claimsOf(session.accessToken);
    const forged = await new AccessTokens('some-other-secret-0123456789abcdefghij', 900).issue(Number(claims.sub), 'admin', String(claims.sid));
    const expired = await new AccessTokens(AUTH_SECRET, 900).issue(Number(claims.sub), 'viewer', String(claims.sid), Math.floor(Date.now() / 1000) - 3600);
    const [header, , signature] = session.accessToken.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${session.accessToken.split('.')[1]}.`;
    for (const token of [forged.token, expired.token, `${header}.e30.${signature}`, unsigned, 'not-a-jwt']) {
      expect(expectApiError(await details(t, bearer(token)), 401).message).toMatch(/invalid/);
    }
    expectApiError(await details(t, { authorization: `Basic ${session.accessToken}` }), 401);
    expectJson(await details(t, bearer(session.accessToken)), 200, userSchema);
  });
});

describe('refresh (RFC 9700 rotation)', () => {
  it('rotates: new tokens in the body, the Authorization header and the cookies; the old refresh token is spent', async () => {
    const first = await login(t, viewer.email, viewer.password);
    const response = await refresh({ refreshToken: first.refreshToken, accessToken: first.accessToken });
    const second = expectJson(response, 200, sessionSchema);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(response.headers.authorization).toBe(`Bearer ${second.accessToken}`);
    expect(claimsOf(second.accessToken).sid).toBe(claimsOf(first.accessToken).sid);
    expect(responseCookies(response).get('refreshToken')?.value).toBe(second.refreshToken);
    // The readable mark that a session remains, for a frame loaded after the authToken cookie went.
    expect(responseCookies(response).get('authSession')?.value).toBe('1');
    expectJson(await details(t, bearer(second.accessToken)), 200, userSchema);
  });

  /** Moves the spent tokens of `accessToken`'s session back in time, past the reuse grace. */
  const spentLongAgo = (accessToken: string) =>
    t.db.query('UPDATE auth_refresh_tokens SET used_at = now() - make_interval(secs => $2) WHERE session_id = $1 AND used_at IS NOT NULL', [
      claimsOf(accessToken).sid, REUSE_GRACE_SECONDS + 1,
    ]);

  it('two frames of one site refreshing with the same token at once both get the same successor pair, never a new branch', async () => {
    const first = await login(t, viewer.email, viewer.password);
    const [one, two] = await Promise.all([refresh({ refreshToken: first.refreshToken }), refresh({ refreshToken: first.refreshToken })]);
    const sessions = [expectJson(one!, 200, sessionSchema), expectJson(two!, 200, sessionSchema)];
    expect(sessions[1]!.refreshToken).toBe(sessions[0]!.refreshToken);
    expect(sessions[1]!.accessToken).toBe(sessions[0]!.accessToken);
    expect(claimsOf(sessions[0]!.accessToken).sid).toBe(claimsOf(first.accessToken).sid);
    expectJson(await details(t, bearer(sessions[0]!.accessToken)), 200, userSchema);
    expectJson(await refresh({ refreshToken: sessions[1]!.refreshToken }), 200, sessionSchema);
  });

  it('a spent refresh token replayed again and again inside the grace always answers the one successor it had', async () => {
    const first = await login(t, viewer.email, viewer.password);
    const successor = expectJson(await refresh({ refreshToken: first.refreshToken }), 200, sessionSchema);
    for (let replay = 0; replay < 5; replay++) {
      const again = expectJson(await refresh({ refreshToken: first.refreshToken }), 200, sessionSchema);
      expect(again.refreshToken).toBe(successor.refreshToken);
      expect(again.accessToken).toBe(successor.accessToken);
    }
    const live = await t.db.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM auth_refresh_tokens WHERE session_id = $1 AND used_at IS NULL', [claimsOf(first.accessToken).sid],
    );
    expect(live[0]?.live).toBe(1);
    // Once the successor itself is spent and the grace has passed, the old token is reuse.
    expectJson(await refresh({ refreshToken: successor.refreshToken }), 200, sessionSchema);
    await spentLongAgo(first.accessToken);
    expect(expectApiError(await refresh({ refreshToken: first.refreshToken }), 401).message).toMatch(/already used/);
  });

  it('a reused refresh token ends its whole session: the newer refresh token and the access tokens stop working at once', async () => {
    const first = await login(t, viewer.email, viewer.password);
    const second = expectJson(await refresh({ refreshToken: first.refreshToken }), 200, sessionSchema);
    expectJson(await details(t, bearer(second.accessToken)), 200, userSchema);
    await spentLongAgo(first.accessToken);

    const reuse = await refresh({ refreshToken: first.refreshToken });
    expect(expectApiError(reuse, 401).message).toMatch(/already used/);
    expect(responseCookies(reuse).get('refreshToken')?.value).toBe('');
    expect(responseCookies(reuse).get('authSession')?.value).toBe('');
    expectApiError(await refresh({ refreshToken: second.refreshToken }), 401);
    expectApiError(await details(t, bearer(second.accessToken)), 401);
    expectApiError(await details(t, bearer(first.accessToken)), 401);
    // Other sessions of the account are not touched.
    expectJson(await details(t, bearer((await login(t, viewer.email, viewer.password)).accessToken)), 200, userSchema);
  });

  it('takes the refresh token from its HttpOnly cookie (with the XSRF header, as cookies need)', async () => {
    const response = await postJson(t, '/authentication', { email: viewer.email, password: viewer.password });
    const cookies = responseCookies(response);
    const cookie = cookieHeader(cookies);
    expectApiError(await refresh({}, { cookie }), 403);
    const refreshed = await refresh({}, { cookie, 'x-xsrf-token': cookies.get('XSRF-TOKEN')?.value ?? '' });
    expectJson(refreshed, 200, sessionSchema);
    // The session's XSRF token is kept across refreshes.
    expect(responseCookies(refreshed).get('XSRF-TOKEN')?.value).toBe(cookies.get('XSRF-TOKEN')?.value);
  });

  it('refuses an access token of another session and leaves the refresh token unspent', async () => {
    const mine = await login(t, viewer.email, viewer.password);
    const other = await login(t, viewer.email, viewer.password);
    expectApiError(await refresh({ refreshToken: mine.refreshToken, accessToken: other.accessToken }), 401);
    expectJson(await refresh({ refreshToken: mine.refreshToken, accessToken: mine.accessToken }), 200, sessionSchema);
  });

  it('an unknown, missing or malformed refresh token is refused', async () => {
    expect(expectApiError(await refresh({ refreshToken: 'x'.repeat(43) }), 401).message).toMatch(/invalid or has expired/);
    expectApiError(await refresh({}), 401);
    expectApiError(await refresh({ refreshToken: 'has spaces in it' }), 400);
    expectApiError(await refresh({ refreshToken: 'abc', extra: true }), 400);
  });

  it('only login, refresh and the confirmed signup send the Authorization header', async () => {
    const session = await login(t, viewer.email, viewer.password);
    const others = [
      await details(t, bearer(session.accessToken)),
      await postJson(t, '/signup', { email: uniqueEmail(), password: 'another password' }),
      await postJson(t, '/user/password/restore/init', { email: viewer.email }),
      await postJson(t, '/authentication', { email: viewer.email, password: 'wrong password' }),
    ];
    for (const response of others) expect(response.headers.authorization).toBeUndefined();
  });
});
