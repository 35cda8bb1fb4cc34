import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_FAILURE_FACTOR, FIRST_LOCKOUT_SECONDS } from '../../server/auth/account-throttle.ts';
import { RedisLoginThrottle } from '../../server/auth/redis-login-throttle.ts';
import { ADMIN_TOKEN, AUTH, AUTH_SECRET, awaitMail, FIRST_ADMIN, newViewer, postJson, uniqueEmail } from './auth-helpers.ts';
import { expectApiError, startTestApp, testConfig, type ConfigOverrides, type TestApp } from './helpers.ts';

// The per-account login throttle of two server processes on one Redis (npm run test:redis starts
// it): a guesser gets the limit once per account, not once per process behind the balancer.
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('REDIS_URL is not set: run these tests with `npm run test:redis` (scripts/with-redis.sh starts a Redis for them)');

const LIMIT = 3;
/** Each run its own keys, so suites sharing the Redis never meet. */
const prefix = `test-${randomUUID()}:`;
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function overrides(redisUrl = REDIS_URL): ConfigOverrides {
  const base = testConfig();
  return {
    redisUrl,
    redisPrefix: prefix,
    adminToken: ADMIN_TOKEN,
    auth: { ...base.auth, secret: AUTH_SECRET, rateLimitPerMinute: 0, firstAdmin: FIRST_ADMIN, demoViewer: false, accountFailureLimit: LIMIT },
  };
}

const tryLogin = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `${AUTH}/authentication`, remoteAddress, payload: { email, password } });

describe('two processes on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp(overrides());
    b = await startTestApp(overrides(), a.db);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('failures through both processes add up: the address is locked at the limit, not at twice it', async () => {
    const { email, password } = await newViewer(a);
    for (let tries = 0; tries < LIMIT; tries++) expectApiError(await tryLogin(tries % 2 === 0 ? a : b, email, 'wrong guess', '198.51.100.7'), 401);
    for (const app of [a, b]) {
      const refused = await tryLogin(app, email, password, '198.51.100.7');
      expect(expectApiError(refused, 429).message).toMatch(/too many failed attempts/);
      expect(Number(refused.headers['retry-after'])).toBe(FIRST_LOCKOUT_SECONDS);
    }
  });

  it('the owner\'s correct password from an address that did not fail is let in by either process', async () => {
    const { email, password } = await newViewer(a);
    for (let tries = 0; tries < LIMIT; tries++) expectApiError(await tryLogin(tries % 2 === 0 ? b : a, email, 'wrong guess', '198.51.100.8'), 401);
    expectApiError(await tryLogin(a, email, password, '198.51.100.8'), 429);
    expect((await tryLogin(a, email, password, '198.51.100.9')).statusCode).toBe(200);
    expect((await tryLogin(b, email, password, '198.51.100.10')).statusCode).toBe(200);
  });

  it('one address spraying many accounts through both processes is locked as an address', async () => {
    const spraying = '198.51.100.66';
    for (let tries = 0; tries < LIMIT * ADDRESS_FAILURE_FACTOR; tries++) {
      expectApiError(await tryLogin(tries % 2 === 0 ? a : b, uniqueEmail('sprayed'), 'wrong guess', spraying), 401);
    }
    const { email, password } = await newViewer(a);
    expectApiError(await tryLogin(b, email, password, spraying), 429);
  });

  it('a password restored through one process lifts the account\'s lockouts in both', async () => {
    const { email } = await newViewer(a);
    for (let tries = 0; tries < LIMIT; tries++) expectApiError(await tryLogin(tries % 2 === 0 ? a : b, email, 'wrong guess', '198.51.100.20'), 401);
    expectApiError(await tryLogin(b, email, 'restored password', '198.51.100.20'), 429);

    expect((await postJson(a, '/user/password/restore/init', { email })).statusCode).toBe(202);
    const token = /#restore-token=([\w-]+)/.exec((await awaitMail(a, email, 'restore-link')).text)?.[1] ?? '';
    expect((await postJson(a, '/user/password/restore', { token, password: 'restored password' })).statusCode).toBe(200);

    expect((await tryLogin(b, email, 'restored password', '198.51.100.20')).statusCode).toBe(200);
    expect((await tryLogin(a, email, 'restored password', '198.51.100.20')).statusCode).toBe(200);
  });
});

describe('the shared counters on their own clock', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => redis?.disconnect());

  /** Two processes' throttles on one Redis and one clock. */
  const twoProcesses = () => {
    const clock = { now: 1_000_000 };
    const keyPrefix = `${prefix}clocked-${randomUUID()}:`;
    const make = () => new RedisLoginThrottle({ redis, prefix: keyPrefix, limit: LIMIT, log: quietLog, now: () => clock.now });
    return { clock, one: make(), other: make() };
  };
  const ACCOUNT = 'viewer@test.example';

  it('lockouts double from the first short step whichever process counts the failure, up to 15 minutes', async () => {
    const { clock, one, other } = twoProcesses();
    await one.recordFailure(ACCOUNT, '192.0.2.1');
    await other.recordFailure(ACCOUNT, '192.0.2.1');
    expect(await one.retryAfterSeconds(ACCOUNT, '192.0.2.1')).toBe(0);
    await one.recordFailure(ACCOUNT, '192.0.2.1');
    const waits: number[] = [];
    for (let step = 0; step < 7; step++) {
      const wait = await other.retryAfterSeconds(ACCOUNT, '192.0.2.1');
      waits.push(wait);
      expect(await one.retryAfterSeconds(ACCOUNT, '192.0.2.1')).toBe(wait);
      clock.now += wait * 1000;
      expect(await one.retryAfterSeconds(ACCOUNT, '192.0.2.1')).toBe(0);
      await (step % 2 === 0 ? one : other).recordFailure(ACCOUNT, '192.0.2.1');
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(await other.retryAfterSeconds(ACCOUNT, '192.0.2.2')).toBe(0);
  });

  it('failures sent at the same moment through both processes are all counted', async () => {
    const { one, other } = twoProcesses();
    // LIMIT + 2 failures: a lockout of two doublings, 120 s, only when none was lost.
    const failures = Array.from({ length: LIMIT + 2 }, (_, index) => (index % 2 === 0 ? one : other).recordFailure(ACCOUNT, '192.0.2.3'));
    await Promise.all(failures);
    expect(await one.retryAfterSeconds(ACCOUNT, '192.0.2.3')).toBe(FIRST_LOCKOUT_SECONDS * 4);
  });

  it('a quiet quarter of an hour after the last lockout starts the count afresh', async () => {
    const { clock, one, other } = twoProcesses();
    for (let tries = 0; tries < LIMIT; tries++) await one.recordFailure(ACCOUNT, '192.0.2.4');
    clock.now += (30 + 15 * 60) * 1000;
    await other.recordFailure(ACCOUNT, '192.0.2.4');
    await other.recordFailure(ACCOUNT, '192.0.2.4');
    expect(await one.retryAfterSeconds(ACCOUNT, '192.0.2.4')).toBe(0);
    await one.recordFailure(ACCOUNT, '192.0.2.4');
    expect(await other.retryAfterSeconds(ACCOUNT, '192.0.2.4')).toBe(30);
  });

  it('keeps its keys under the prefix, each with an expiry', async () => {
    const keyPrefix = `${prefix}expiring-${randomUUID()}:`;
    const throttle = new RedisLoginThrottle({ redis, prefix: keyPrefix, limit: LIMIT, log: quietLog });
    await throttle.recordFailure(ACCOUNT, '192.0.2.5');
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await redis.pttl(key), key).toBeGreaterThan(0);
    await throttle.clearAccount(ACCOUNT);
    await throttle.succeeded(ACCOUNT, '192.0.2.5');
    // The address's own count stays (a success must not reset a sprayer); the account's are gone.
    expect((await redis.keys(`${keyPrefix}*`)).length).toBe(1);
  });
});

describe('a process whose Redis is away', () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: the process starts anyway and keeps trying to connect.
    down = await startTestApp(overrides('redis://127.0.0.1:9'));
  });
  afterAll(() => down?.close());

  it('still locks a guessing address out, counting in its own memory', async () => {
    const { email, password } = await newViewer(down);
    for (let tries = 0; tries < LIMIT; tries++) expectApiError(await tryLogin(down, email, 'wrong guess', '198.51.100.30'), 401);
    const refused = await tryLogin(down, email, password, '198.51.100.30');
    expectApiError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBe(FIRST_LOCKOUT_SECONDS);
  });

  it('locks nobody else out: the owner from another address is let in', async () => {
    const { email, password } = await newViewer(down);
    expect((await tryLogin(down, email, password, '198.51.100.31')).statusCode).toBe(200);
  });
});

describe('a throttle whose Redis stops answering', () => {
  it('falls back to its process\'s memory, and says so once', async () => {
    const client = new Redis('redis://127.0.0.1:9', { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 0 });
    const warnings: string[] = [];
    const throttle = new RedisLoginThrottle({
      redis: client, prefix, limit: LIMIT, log: { ...quietLog, warn: (message: string) => warnings.push(message) },
    });
    try {
      for (let tries = 0; tries < LIMIT; tries++) await throttle.recordFailure('viewer@test.example', '192.0.2.9');
      expect(await throttle.retryAfterSeconds('viewer@test.example', '192.0.2.9')).toBe(FIRST_LOCKOUT_SECONDS);
      expect(await throttle.retryAfterSeconds('viewer@test.example', '192.0.2.10')).toBe(0);
      await throttle.clearAccount('viewer@test.example');
      expect(await throttle.retryAfterSeconds('viewer@test.example', '192.0.2.9')).toBe(0);
      expect(warnings).toHaveLength(1);
    } finally {
      client.disconnect();
    }
  });
});
