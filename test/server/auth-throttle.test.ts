import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, type TestApp } from './helpers.ts';
import { ADDRESS_FAILURE_FACTOR, FIRST_LOCKOUT_SECONDS, LoginThrottle } from '../../server/auth/account-throttle.ts';
import { AUTH, login, newViewer, startAuthApp, uniqueEmail } from './auth-helpers.ts';

// Guessing is slowed twice over: per client address (@fastify/rate-limit on the routes that
// check a password or a code) and by failed password checks, per (account, address) and per
// address, with lockouts that grow step by step.

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

describe('per (account, address) and per address (AUTH_ACCOUNT_FAILURE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAuthApp({ accountFailureLimit: 3 });
  });
  afterAll(() => t.close());

  const tryLogin = (email: string, password: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: `${AUTH}/authentication`, remoteAddress, payload: { email, password } });

  it('failures from one address lock that address out of the account, with Retry-After, even for the right password', async () => {
    const { email, password } = await newViewer(t);
    for (let tries = 0; tries < 3; tries++) expectApiError(await tryLogin(email, 'wrong guess', '198.51.100.7'), 401);
    const refused = await tryLogin(email, password, '198.51.100.7');
    expect(expectApiError(refused, 429).message).toMatch(/too many failed attempts/);
    // The first lockout is a short step, not a 15-minute wall.
    expect(Number(refused.headers['retry-after'])).toBe(FIRST_LOCKOUT_SECONDS);
  });

  it('the owner\'s correct password from an address that did not fail is let in', async () => {
    const { email, password } = await newViewer(t);
    for (let tries = 0; tries < 3; tries++) expectApiError(await tryLogin(email, 'wrong guess', '198.51.100.8'), 401);
    expectApiError(await tryLogin(email, password, '198.51.100.8'), 429);
    await login(t, email, password);
  });

  it('failures spread over many addresses lock nobody out of the account', async () => {
    const { email, password } = await newViewer(t);
    for (let tries = 0; tries < 10; tries++) expectApiError(await tryLogin(email, 'wrong guess', `203.0.113.${tries + 1}`), 401);
    expect((await tryLogin(email, password, '203.0.113.200')).statusCode).toBe(200);
  });

  it('one address guessing at many accounts is locked as an address, whatever account it tries next', async () => {
    const spraying = '198.51.100.66';
    for (let tries = 0; tries < 3 * ADDRESS_FAILURE_FACTOR; tries++) expectApiError(await tryLogin(uniqueEmail('sprayed'), 'wrong guess', spraying), 401);
    const { email, password } = await newViewer(t);
    expectApiError(await tryLogin(email, password, spraying), 429);
    expect((await tryLogin(email, password, '198.51.100.67')).statusCode).toBe(200);
  });

  it('other accounts are not affected; a success clears the count', async () => {
    const { email, password } = await newViewer(t);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    expect((await tryLogin(email, password)).statusCode).toBe(200);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    expectApiError(await tryLogin(email, 'wrong guess'), 401);
    expect((await tryLogin(email, password)).statusCode).toBe(200);
  });

  it('an address without an account is throttled the same way, so 429 tells nothing', async () => {
    const email = uniqueEmail('nobody');
    for (let tries = 0; tries < 3; tries++) expectApiError(await tryLogin(email, 'wrong guess', '198.51.100.5'), 401);
    expectApiError(await tryLogin(email, 'wrong guess', '198.51.100.5'), 429);
  });
});

describe('lockouts grow step by step (the throttle on its own clock)', () => {
  const clocked = () => {
    const clock = { now: 1_000_000 };
    return { clock, throttle: new LoginThrottle(3, () => clock.now) };
  };
  const fail = (throttle: LoginThrottle, times: number) => {
    for (let time = 0; time < times; time++) throttle.recordFailure('viewer@test.example', '192.0.2.1');
  };

  it('doubles from the first short step with each failure after a lockout, up to 15 minutes', () => {
    const { clock, throttle } = clocked();
    fail(throttle, 2);
    expect(throttle.retryAfterSeconds('viewer@test.example', '192.0.2.1')).toBe(0);
    const waits: number[] = [];
    fail(throttle, 1);
    for (let step = 0; step < 7; step++) {
      const wait = throttle.retryAfterSeconds('viewer@test.example', '192.0.2.1');
      waits.push(wait);
      clock.now += wait * 1000;
      expect(throttle.retryAfterSeconds('viewer@test.example', '192.0.2.1')).toBe(0);
      fail(throttle, 1);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    // The pair's lock is not the account's: another address may try.
    expect(throttle.retryAfterSeconds('viewer@test.example', '192.0.2.2')).toBe(0);
  });

  it('a quiet quarter of an hour after the last lockout starts the count afresh', () => {
    const { clock, throttle } = clocked();
    fail(throttle, 3);
    clock.now += (30 + 15 * 60) * 1000;
    fail(throttle, 2);
    expect(throttle.retryAfterSeconds('viewer@test.example', '192.0.2.1')).toBe(0);
    fail(throttle, 1);
    expect(throttle.retryAfterSeconds('viewer@test.example', '192.0.2.1')).toBe(30);
  });
});
