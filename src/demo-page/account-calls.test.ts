import { describe, expect, it } from 'vitest';
import { accountCalls } from './account-calls.ts';

/** A JWT-shaped token that expires at `exp` (seconds); the page never checks its signature. */
const jwt = (exp: number) => `e30.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.sig`;

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records every call and answers each path with `answers[path]` (else 200 {}). */
function fakeFetch(answers: Record<string, () => Response> = {}) {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    sent.push({ url, init });
    return answers[url]?.() ?? Response.json({});
  };
  return { sent, fetchImpl };
}

const headersOf = (call: Sent | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe('the demo page\'s account calls', () => {
  it('sends the viewer\'s catalogue calls with the authToken cookie as the bearer, and the XSRF cookie echoed', async () => {
    const token = jwt(Date.now() / 1000 + 600);
    const { sent, fetchImpl } = fakeFetch();
    const calls = accountCalls({ cookie: () => `authToken=${token}; XSRF-TOKEN=x%2By`, fetchImpl });
    await calls.catalogue('POST', '/contents/favorites', {});
    expect(sent.map((call) => call.url)).toEqual(['/catalog-api/contents/favorites']);
    expect(headersOf(sent[0])).toMatchObject({ Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': 'x+y', 'Content-Type': 'application/json' });
  });

  it('refreshes once, through the service, when the token has gone but a session remains, and both calls carry the new token', async () => {
    const fresh = jwt(Date.now() / 1000 + 600);
    const { sent, fetchImpl } = fakeFetch({
      '/authenticator/authentication/refresh': () => new Response('{}', { headers: { Authorization: `Bearer ${fresh}` } }),
    });
    const calls = accountCalls({ cookie: () => 'authSession=1', fetchImpl });
    await Promise.all([calls.catalogue('POST', '/contents/favorites', {}), calls.catalogue('POST', '/contents/history', {})]);
    expect(sent.filter((call) => call.url.endsWith('/refresh'))).toHaveLength(1);
    const catalogue = sent.filter((call) => call.url.startsWith('/catalog-api/'));
    expect(catalogue.map((call) => headersOf(call).Authorization)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
  });

  it('sends no bearer token and asks for no refresh when nobody is logged in', async () => {
    const { sent, fetchImpl } = fakeFetch();
    await accountCalls({ cookie: () => '', fetchImpl }).catalogue('DELETE', '/contents/favorites/3');
    expect(sent.map((call) => call.url)).toEqual(['/catalog-api/contents/favorites/3']);
    expect(headersOf(sent[0]).Authorization).toBeUndefined();
  });

  it('fails with the service\'s own message, or the status when it gives none', async () => {
    const { fetchImpl } = fakeFetch({
      '/authenticator/authentication': () => Response.json({ message: 'Неверный email или пароль' }, { status: 401 }),
      '/authenticator/user/details': () => new Response('not json', { status: 502 }),
    });
    const calls = accountCalls({ cookie: () => '', fetchImpl });
    await expect(calls.account('POST', '/authentication', { email: 'a@b.c', password: 'x' })).rejects.toThrow('Неверный email или пароль');
    await expect(calls.account('GET', '/user/details')).rejects.toThrow('Ошибка 502');
  });
});
