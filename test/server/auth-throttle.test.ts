import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, type TestApp } from './helpers.ts';
import { AUTH, login, newViewer, startAuthApp, uniqueEmail } from './auth-helpers.ts';

// Guessing is slowed twice over: per client address (@fastify/rate-limit on the routes that
// check a password or a code) and per account (failed password checks in a 15-minute window).

describe('per client address (AUTH_RATE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAuthApp({ rateLimitPerMinute: 3 });
  });
  afterAll(() => t.close());

  const attempt = (remoteAddress: string) => t.app.inject({
    method: 'POST', url: `${AUTH}/authentication`, remoteAddress, payload: { email: uniqueEmail(), password: 'guessing away' },
  });

  it('answers 429 with Retry-After past the limit, to that address only', async () => {
    for (let tries = 0; tries < 3; tries++) expectApiError(await attempt('192.0.2.10'), 401);
    const refused = await attempt('192.0.2.10');
    expectApiError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectApiError(await attempt('192.0.2.11'), 401);
  });

  it('counts signups and restore requests on their own counters', async () => {
    for (let tries = 0; tries < 3; tries++) {
      const response = await t.app.inject({ method: 'POST', url: `${AUTH}/user/password/restore/init`, remoteAddress: '192.0.2.20', payload: { email: uniqueEmail() } });
      expect(response.statusCode).toBe(202);
    }
    const refused = await t.app.inject({ method: 'POST', url: `${AUTH}/user/password/restore/init`, remoteAddress: '192.0.2.20', payload: { email: uniqueEmail() } });
    expectApiError(refused, 429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('per account (AUTH_ACCOUNT_FAILURE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAuthApp({ accountFailureLimit: 3 });
  });
  afterAll(() => t.close());

  const tryLogin = (email: string, password: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: `${AUTH}/authentication`, remoteAddress, payload: { email, password } });

  it('after the limit the account answers 429 with Retry-After, from any address, even to the right password', async () => {
    const { email, password } = await newViewer(t);
    for (let tries = 0; tries < 3; tries++) expectApiError(await tryLogin(email, 'wrong guess', `198.51.100.${tries + 10}`), 401);
    const refused = await tryLogin(email, password, '198.51.100.99');
    expect(expectApiError(refused, 429).message).toMatch(/too many failed attempts/);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });

  it('other accounts are not affected; a success clears the count', async () => {
    const { email, password } = await newViewer(t);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    await login(t, email, password);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    await login(t, email, password);
  });

  it('an address without an account is throttled the same way, so 429 tells nothing', async () => {
    const email = uniqueEmail('nobody');
    for (let tries = 0; tries < 3; tries++) expectApiError(await tryLogin(email, 'wrong guess'), 401);
    expectApiError(await tryLogin(email, 'wrong guess'), 429);
  });
});
