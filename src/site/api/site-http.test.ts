import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall, AUTH, CATALOGUE } from './site-http.ts';
import { SiteRequestError } from './site-request-error.ts';

const NOW = 1_800_000_000;
function jwt(exp: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '7', sid: 's1', exp })}.signature`;
}

interface Sent { url: string; init: RequestInit; headers: Record<string, string> }

/** The browser around the site: its cookie jar and a server that answers `answer` (the refresh as `refresh`). */
function browser(cookie: string, answer: () => Response | Promise<Response>, refresh: () => Response = () => new Response('{}', { status: 401 })) {
  const jar = { cookie };
  const sent: Sent[] = [];
  vi.stubGlobal('document', jar);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init, headers: Object.fromEntries(new Headers(init.headers).entries()) });
    return url.endsWith('/authentication/refresh') ? refresh() : answer();
  });
  return { sent, jar };
}

const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a site call', () => {
  it('carries X-Session-Context, the XSRF cookie and the bearer token; a body goes as JSON; the answer is parsed', async () => {
    const token = jwt(NOW + 600);
    const { sent } = browser(`device_fp=fp1; XSRF-TOKEN=x9; authToken=${token}`, ok({ id: 3 }));
    await expect(apiCall(z.object({ id: z.number() }), 'PUT', `${CATALOGUE}/v2/contents/1/reviews/3`, { body: { text: 'Хорошо' } })).resolves.toEqual({ id: 3 });
    expect(sent[0]!.init).toMatchObject({ method: 'PUT', body: '{"text":"Хорошо"}' });
    expect(sent[0]!.headers).toMatchObject({ 'x-session-context': 'fp1', 'x-xsrf-token': 'x9', authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  });

  it('a refusal is a SiteRequestError with the status and the server\'s message', async () => {
    browser('', () => new Response('{"statusCode":409,"error":"Conflict","message":"Already a favourite"}', { status: 409 }));
    const error = await apiCall(z.unknown(), 'POST', `${CATALOGUE}/contents/favorites/1`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteRequestError);
    expect(error).toMatchObject({ status: 409, message: 'Already a favourite' });
  });

  it('a network failure is status 0, and is not tried again', async () => {
    const { sent } = browser('', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiCall(z.unknown(), 'GET', `${AUTH}/user/details`)).rejects.toMatchObject({ status: 0 });
    expect(sent).toHaveLength(1);
  });

  it('an abort rejects with the signal\'s reason, not as a failure', async () => {
    browser('', () => new Promise<Response>(() => undefined));
    const lifetime = new AbortController();
    const call = apiCall(z.unknown(), 'GET', `${CATALOGUE}/types`, { signal: lifetime.signal });
    lifetime.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an expired token is refreshed first through the one token refresh, and the call goes with the new token', async () => {
    const fresh = jwt(NOW + 900);
    const { sent } = browser(`authToken=${jwt(NOW - 10)}; XSRF-TOKEN=x`, ok([]), () => new Response('{}', { status: 200, headers: { Authorization: `Bearer ${fresh}` } }));
    await Promise.all([apiCall(z.array(z.unknown()), 'GET', `${CATALOGUE}/types`), apiCall(z.array(z.unknown()), 'GET', `${CATALOGUE}/menu`)]);
    expect(sent.filter((entry) => entry.url === `${AUTH}/authentication/refresh`)).toHaveLength(1);
    for (const call of sent.filter((entry) => entry.url.startsWith(CATALOGUE))) expect(call.headers.authorization).toBe(`Bearer ${fresh}`);
  });

  it('a token that cannot be read and whose refresh is refused: «Войдите», the session cookies gone, the next call anonymous', async () => {
    const { sent, jar } = browser('authToken=garbage; authSession=1; XSRF-TOKEN=x', ok([]));
    const cleared: string[] = [];
    Object.defineProperty(jar, 'cookie', {
      get: () => (cleared.length ? 'XSRF-TOKEN=x' : 'authToken=garbage; authSession=1; XSRF-TOKEN=x'),
      set: (value: string) => void cleared.push(value.split('=')[0]!),
    });
    await expect(apiCall(z.unknown(), 'GET', `${CATALOGUE}/contents/favorites/1`)).rejects.toMatchObject({ status: 401, message: 'The token is invalid' });
    expect(cleared).toEqual(['authToken', 'authSession']);
    await apiCall(z.array(z.unknown()), 'GET', `${CATALOGUE}/types`);
    expect(sent.at(-1)!.headers.authorization).toBeUndefined();
  });
});
