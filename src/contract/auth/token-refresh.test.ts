import { describe, expect, it, vi } from 'vitest';
import { createTokenSession, InvalidTokenError } from './token-refresh.ts';

const NOW = 1_800_000_000;
/** An unsigned JWT with `exp` (the client never checks signatures; the server does). */
function jwt(exp: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '7', sid: 's1', exp, iat: exp - 900 })}.signature`;
}

/**
 * A token session over a cookie jar the test holds; `answer` says how the service answers each
 * refresh. Ending the session removes the readable cookies, as in a browser.
 */
function setUp(cookie: string, answer: () => Promise<Response> | Response) {
  const jar = { cookie };
  const refreshes: Array<{ body: unknown; init: RequestInit }> = [];
  const endSession = vi.fn(() => {
    jar.cookie = jar.cookie.split('; ').filter((part) => !/^auth(Token|Session)=/.test(part)).join('; ');
  });
  const session = createTokenSession({
    cookie: () => jar.cookie,
    authBaseUrl: 'https://kino.example/authenticator/',
    extraHeaders: () => ({ 'X-Partner': 'kino' }),
    now: () => NOW,
    endSession,
    fetchImpl: (async (url: string, init: RequestInit) => {
      expect(url).toBe('https://kino.example/authenticator/authentication/refresh');
      refreshes.push({ body: JSON.parse(String(init.body)), init });
      return answer();
    }) as typeof fetch,
  });
  return { session, refreshes, endSession, jar };
}

const granted = (token: string) => () => new Response('{}', { status: 200, headers: { Authorization: `Bearer ${token}` } });
const refused = () => new Response('{"message":"Session expired"}', { status: 401 });

describe('one refresh for every call that waits', () => {
  it('twenty calls that find the token expired share one refresh, and all get the new token', async () => {
    const old = jwt(NOW - 10);
    const fresh = jwt(NOW + 900);
    let release: () => void = () => undefined;
    const { session, refreshes } = setUp(`authToken=${old}; refreshToken=r-1; XSRF-TOKEN=x`, () =>
      new Promise<Response>((resolve) => (release = () => resolve(granted(fresh)()))));
    const calls = Array.from({ length: 20 }, () => session.bearer());
    await vi.waitFor(() => expect(refreshes).toHaveLength(1));
    release();
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 20 }, () => fresh));
    expect(refreshes[0]!.body).toEqual({ refreshToken: 'r-1', accessToken: old });
    expect(refreshes[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'X-XSRF-TOKEN': 'x', 'X-Partner': 'kino', 'Content-Type': 'application/json' } });
    // The new token serves later calls without another refresh.
    expect(await session.bearer()).toBe(fresh);
    expect(refreshes).toHaveLength(1);
  });

  it('a token with time to live is sent as it is, and nobody is asked', async () => {
    const token = jwt(NOW + 600);
    const { session, refreshes } = setUp(`authToken=${token}`, refused);
    expect(await session.bearer()).toBe(token);
    expect(refreshes).toEqual([]);
  });

  it('an anonymous viewer (no token, no session mark) never asks for a refresh', async () => {
    const { session, refreshes } = setUp('XSRF-TOKEN=x', refused);
    expect(await session.bearer()).toBeUndefined();
    expect(refreshes).toEqual([]);
  });
});

describe('a token that cannot be read is treated as expired', () => {
  it.each(['not-a-token', 'a.b.c', `${jwt(NOW + 600).split('.').slice(0, 2).join('.')}`])('%s is refreshed once, and the new token goes', async (bad) => {
    const fresh = jwt(NOW + 900);
    const { session, refreshes } = setUp(`authToken=${bad}`, granted(fresh));
    expect(await Promise.all([session.bearer(), session.bearer()])).toEqual([fresh, fresh]);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ accessToken: bad });
  });

  it('when the refresh does not replace it, the call fails with the error that says the token is invalid', async () => {
    const { session } = setUp('authToken=not-a-token', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(session.bearer()).rejects.toThrow(InvalidTokenError);
    await expect(session.bearer()).rejects.toThrow('The token is invalid');
  });
});

describe('a refresh the service refuses ends the session', () => {
  it('an expired token: this call goes with the old token (SPEC.md 6), the session cookies go, and later calls are anonymous without asking again', async () => {
    const old = jwt(NOW - 10);
    const { session, refreshes, endSession, jar } = setUp(`authToken=${old}; authSession=1; XSRF-TOKEN=x`, refused);
    expect(await Promise.all([session.bearer(), session.bearer()])).toEqual([old, old]);
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(jar.cookie).toBe('XSRF-TOKEN=x');
    expect(await session.bearer()).toBeUndefined();
    expect(refreshes).toHaveLength(1);
  });

  it('a token that cannot be read: a clear error, and the session is cleared', async () => {
    const { session, refreshes, endSession, jar } = setUp('authToken=garbage; authSession=1', refused);
    await expect(session.bearer()).rejects.toThrow('The token is invalid');
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(jar.cookie).toBe('');
    expect(await session.bearer()).toBeUndefined();
    expect(refreshes).toHaveLength(1);
  });

  it('cookies that could not be removed are not refreshed again: the refused token is remembered', async () => {
    const old = jwt(NOW - 10);
    let refreshes = 0;
    const session = createTokenSession({
      cookie: () => `authToken=${old}`, authBaseUrl: '/authenticator', now: () => NOW, endSession: () => undefined,
      fetchImpl: (async () => ((refreshes += 1), refused())) as typeof fetch,
    });
    expect(await session.bearer()).toBe(old);
    expect(await session.bearer()).toBe(old);
    expect(refreshes).toBe(1);
  });
});

describe('a refresh that does not get through ends nothing', () => {
  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the service is down', () => new Response('busy', { status: 503 })],
    ['the answer carries no token', () => new Response('{}', { status: 200 })],
  ] as const)('%s: the call goes with the old token, and the next due call tries again', async (_case, answer) => {
    const old = jwt(NOW - 10);
    const { session, refreshes, endSession } = setUp(`authToken=${old}; authSession=1`, answer);
    expect(await session.bearer()).toBe(old);
    expect(await session.bearer()).toBe(old);
    expect(refreshes).toHaveLength(2);
    expect(endSession).not.toHaveBeenCalled();
  });
});

describe('the cookies are the session', () => {
  it('a logout (the readable cookies gone) makes the next call anonymous, though a refreshed token is still in memory', async () => {
    const fresh = jwt(NOW + 900);
    const { session, jar, refreshes } = setUp('authSession=1; XSRF-TOKEN=x', granted(fresh));
    expect(await session.bearer()).toBe(fresh);
    // The refresh's own cookie did not land (a frame on another site): the token in memory serves.
    expect(await session.bearer()).toBe(fresh);
    jar.cookie = 'XSRF-TOKEN=x';
    expect(await session.bearer()).toBeUndefined();
    expect(refreshes).toHaveLength(1);
  });

  it('a new login\'s cookie wins over a token an earlier refresh gave', async () => {
    const { session, jar } = setUp(`authToken=${jwt(NOW - 10)}`, granted(jwt(NOW + 900)));
    await session.bearer();
    const login = jwt(NOW + 600);
    jar.cookie = `authToken=${login}`;
    expect(await session.bearer()).toBe(login);
  });
});
