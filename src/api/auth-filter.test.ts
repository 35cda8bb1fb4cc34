import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from './catalogue-client.ts';
import { createRequestEngine } from '../contract/net/request-engine.ts';
import { InvalidTokenError } from '../contract/auth/token-refresh.ts';

const NOW = 1_800_000_000;
/** An unsigned JWT with `exp` (the player never checks signatures; the server does). */
function jwt(exp: number, sub = '7'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, role: 'viewer', sid: 's1', exp, iat: exp - 900 })}.signature`;
}

interface Seen { url: string; headers: Record<string, string>; body?: string }

/** The catalogue client against a fake server: `refresh` says how the refresh call answers. */
function setUp(cookie: string, refresh: (body: string) => Promise<Response> | Response = () => new Response('{}', { status: 401 })) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    seen.push({ url, headers, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
    if (url.endsWith('/authenticator/authentication/refresh')) return refresh(String(init?.body));
    const body = url.includes('/manifests/') ? { sources: [], subtitles: [] } : { id: 1 };
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
  const client = createCatalogueClient({
    baseUrl: '/catalog-api', authBaseUrl: '/authenticator', pageUrl: 'https://player.example/embed?movie_id=1',
    cookie: () => cookie, extraHeaders: () => ({ 'X-Partner': 'kino' }), fetch: fetchImpl,
  });
  return { client, seen, refreshes: () => seen.filter((entry) => entry.url.endsWith('/refresh')) };
}

// The clock the tokens' expiries are read against (only Date: the refresh's promises run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => vi.useRealTimers());

describe('the headers of every secure call (SPEC.md section 7)', () => {
  it('catalogue and manifest calls carry X-Session-Context, the extra headers, X-XSRF-TOKEN and the bearer token', async () => {
    const token = jwt(NOW + 600);
    const { client, seen } = setUp(`device_fp=fp%201; XSRF-TOKEN=xsrf-9; authToken=${token}`);
    await client.content(1);
    await client.manifest('/catalog-api/manifests/episodes/1.json');
    expect(seen).toHaveLength(2);
    for (const { headers } of seen) {
      expect(headers).toMatchObject({ 'x-session-context': 'fp 1', 'x-partner': 'kino', 'x-xsrf-token': 'xsrf-9', authorization: `Bearer ${token}` });
    }
  });

  it('without a device_fp cookie X-Session-Context is empty; without a token there is no Authorization', async () => {
    const { client, seen } = setUp('');
    await client.content(1);
    expect(seen[0]!.headers['x-session-context']).toBe('');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers['x-xsrf-token']).toBeUndefined();
  });

  it('beacons and analytics batches carry none of them: the catalogue\'s credentials are not for other servers', async () => {
    const seen: RequestInit[] = [];
    const engine = createRequestEngine({
      fetchImpl: (async (_url: string, init: RequestInit) => (seen.push(init), new Response(null, { status: 200 }))) as typeof fetch,
      requestFilters: [(request) => void (request.headers.Authorization = 'Bearer secret')],
    });
    await engine.request('https://ads.example/track', { kind: 'beacon', signal: new AbortController().signal });
    expect(seen[0]?.headers).toBeUndefined();
  });
});

describe('an expired token', () => {
  it('is refreshed first, once, however many calls wait; they all go with the new token', async () => {
    const old = jwt(NOW - 10);
    const fresh = jwt(NOW + 900);
    const waiting: Array<() => void> = [];
    const { client, seen, refreshes } = setUp(`authToken=${old}; refreshToken=r-1; XSRF-TOKEN=x`, () =>
      new Promise((resolve) => waiting.push(() => resolve(new Response('{}', { status: 200, headers: { Authorization: `Bearer ${fresh}` } })))));
    const calls = Array.from({ length: 20 }, (_, index) => client.content(index + 1));
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1));
    expect(JSON.parse(refreshes()[0]!.body!)).toEqual({ refreshToken: 'r-1', accessToken: old });
    expect(refreshes()[0]!.headers).toMatchObject({ 'x-xsrf-token': 'x', 'x-partner': 'kino' });
    waiting.forEach((go) => go());
    await Promise.all(calls);
    const catalogue = seen.filter((entry) => entry.url.includes('/catalog-api/'));
    expect(catalogue).toHaveLength(20);
    for (const call of catalogue) expect(call.headers.authorization).toBe(`Bearer ${fresh}`);
    // The new token serves the next calls without another refresh.
    await client.content(99);
    expect(refreshes()).toHaveLength(1);
  });

  it('a failed refresh sends the call unchanged, with the old token', async () => {
    const old = jwt(NOW - 10);
    const { client, seen, refreshes } = setUp(`authToken=${old}`, () => new Response('{"message":"expired"}', { status: 401 }));
    await client.content(1);
    expect(refreshes()).toHaveLength(1);
    // Without a readable refresh cookie the body has only the access token: the browser sends the HttpOnly cookie.
    expect(JSON.parse(refreshes()[0]!.body!)).toEqual({ accessToken: old });
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${old}`);
  });

  it('a refresh that cannot reach the server sends the call with the old token too', async () => {
    const old = jwt(NOW - 10);
    const { client, seen } = setUp(`authToken=${old}`, () => Promise.reject(new TypeError('Failed to fetch')));
    await client.content(1);
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${old}`);
  });
});

describe('a session whose access token has gone', () => {
  it('the authToken cookie went at its expiry: the authSession mark makes the first call refresh (the HttpOnly cookie carries the refresh token)', async () => {
    const fresh = jwt(NOW + 900);
    const { client, seen, refreshes } = setUp('authSession=1; XSRF-TOKEN=x', () => new Response('{}', { status: 200, headers: { Authorization: `Bearer ${fresh}` } }));
    await Promise.all([client.content(1), client.seasons(1)]);
    expect(refreshes()).toHaveLength(1);
    expect(JSON.parse(refreshes()[0]!.body!)).toEqual({});
    for (const call of seen.filter((entry) => entry.url.includes('/catalog-api/'))) expect(call.headers.authorization).toBe(`Bearer ${fresh}`);
  });

  it('without the mark an anonymous viewer\'s calls never ask for a refresh', async () => {
    const { client, refreshes } = setUp('XSRF-TOKEN=x');
    await client.content(1);
    expect(refreshes()).toEqual([]);
  });
});

describe('a token that is not a JWT', () => {
  it('is refreshed like an expired one, and the call goes with the new token', async () => {
    const fresh = jwt(NOW + 900);
    const { client, seen, refreshes } = setUp('authToken=not-a-token', () => new Response('{}', { status: 200, headers: { Authorization: `Bearer ${fresh}` } }));
    await client.content(1);
    expect(refreshes()).toHaveLength(1);
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${fresh}`);
  });

  it('that no refresh replaced raises an error that says the token is invalid, and no catalogue call goes', async () => {
    const { client, seen, refreshes } = setUp('authToken=not-a-token');
    await expect(client.content(1)).rejects.toThrow(InvalidTokenError);
    await expect(client.content(1)).rejects.toThrow('The token is invalid');
    // The service refused the one refresh: the session is over, and it is not asked again.
    expect(refreshes()).toHaveLength(1);
    expect(seen.filter((entry) => entry.url.includes('/catalog-api/'))).toEqual([]);
  });
});
