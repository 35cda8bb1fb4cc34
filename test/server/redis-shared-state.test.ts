import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheListSchema } from '../../src/contract/schemas/site-schema.ts';
import { ADMIN_TOKEN, AUTH, AUTH_SECRET, bearer, details, FIRST_ADMIN, login, newViewer } from './auth-helpers.ts';
import { API, expectJson, jsonOf, startTestApp, testConfig, type ConfigOverrides, type TestApp } from './helpers.ts';

// Two server processes on one database and one Redis, as a deployment behind a load balancer
// runs them (npm run test:redis starts the Redis). They must act as one server: one rate-limit
// budget per client, caches cleared everywhere at once, an ended session refused everywhere.
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('REDIS_URL is not set: run these tests with `npm run test:redis` (scripts/with-redis.sh starts a Redis for them)');

const SEARCH_LIMIT = 4;
/** Each run its own keys and channel, so suites sharing the Redis never meet. */
const prefix = `test-${randomUUID()}:`;
let a: TestApp;
let b: TestApp;
let admin: Record<string, string>;

function overrides(): ConfigOverrides {
  const base = testConfig();
  return {
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    searchRateLimit: SEARCH_LIMIT,
    adminToken: ADMIN_TOKEN,
    auth: { ...base.auth, secret: AUTH_SECRET, rateLimitPerMinute: 0, firstAdmin: FIRST_ADMIN, demoViewer: false },
  };
}

beforeAll(async () => {
  a = await startTestApp(overrides());
  b = await startTestApp(overrides(), a.db);
  admin = bearer((await login(a, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Polls `check` until it holds or `withinMs` passes; the time it took. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

async function entriesOf(t: TestApp, name: string): Promise<number | undefined> {
  const list = expectJson(await t.app.inject({ url: `${API}/caches`, headers: admin }), 200, cacheListSchema);
  return list.caches.find((cache) => cache.name === name)?.entries;
}

describe('two processes on one Redis', () => {
  it('share one rate-limit budget per client: the call past the limit is refused whichever process takes it', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < SEARCH_LIMIT + 2; call++) {
      const app = call % 2 === 0 ? a.app : b.app;
      const response = await app.inject({ method: 'POST', url: `${API}/v2/contents/search`, payload: { query: 'любовь' } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, SEARCH_LIMIT).every((status) => status !== 429), statuses.join(' ')).toBe(true);
    expect(statuses.slice(SEARCH_LIMIT)).toEqual([429, 429]);
  });

  it('/readyz says Redis answers', async () => {
    const response = await b.app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });

  it('share the embed boot data: what one process built, the other holds too', async () => {
    await a.app.inject({ method: 'DELETE', url: `${API}/caches/embed-boot-data`, headers: admin });
    const embed = await a.app.inject({ url: '/embed?movie_id=2', headers: { host: 'player.test' } });
    expect(embed.statusCode).toBe(200);
    expect(await entriesOf(b, 'embed-boot-data')).toBe(1);
    await b.app.inject({ method: 'DELETE', url: `${API}/caches/embed-boot-data`, headers: admin });
    expect(await entriesOf(a, 'embed-boot-data')).toBe(0);
  });

  it('a cache cleared through one process is emptied in the other within a second', async () => {
    await b.app.inject({ url: `${API}/contents/2`, headers: { host: 'player.test' } });
    expect(await entriesOf(b, 'catalogue')).toBeGreaterThan(0);
    const cleared = await a.app.inject({ method: 'DELETE', url: `${API}/caches/catalogue`, headers: admin });
    expect(cleared.statusCode).toBe(200);
    await within(1_000, async () => (await entriesOf(b, 'catalogue')) === 0);
  });

  it('an account blocked through one process is refused by the other within a second, not after its 5 s cache', async () => {
    const { session } = await newViewer(a);
    // The other process has the session in its guard's cache.
    expect((await details(b, bearer(session.accessToken))).statusCode).toBe(200);
    const blocked = await a.app.inject({ method: 'POST', url: `${AUTH}/administration/block-user/${session.user.id}`, headers: admin });
    expect(blocked.statusCode).toBe(200);
    await within(1_000, async () => (await details(b, bearer(session.accessToken))).statusCode === 401);
  });
});

describe('a process whose Redis is away', () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: the process starts anyway and keeps trying to connect.
    down = await startTestApp({ ...overrides(), redisUrl: 'redis://127.0.0.1:9' }, a.db);
  });
  afterAll(() => down?.close());

  it('still answers rate-limited calls (the limits fail open) and builds its boot data itself', async () => {
    for (let call = 0; call < SEARCH_LIMIT + 2; call++) {
      const response = await down.app.inject({ method: 'POST', url: `${API}/v2/contents/search`, payload: { query: 'любовь' } });
      expect(response.statusCode).toBe(200);
    }
    const embed = await down.app.inject({ url: '/embed?movie_id=2', headers: { host: 'player.test' } });
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('id="boot-data"');
  });

  it('the operator\'s list of caches still answers; clearing them all empties the others and says the shared one failed', async () => {
    const listed = await down.app.inject({ url: `${API}/caches`, headers: admin });
    expect(listed.statusCode).toBe(200);
    await down.app.inject({ url: `${API}/contents/2`, headers: { host: 'player.test' } });
    expect(await entriesOf(down, 'catalogue')).toBeGreaterThan(0);
    const cleared = await down.app.inject({ method: 'DELETE', url: `${API}/caches`, headers: admin });
    expect(cleared.statusCode).toBe(500);
    expect(await entriesOf(down, 'catalogue')).toBe(0);
  });

  it('/readyz stays ready and says Redis is unavailable', async () => {
    const response = await down.app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ status: 'ready', database: 'ok', redis: 'unavailable' });
  });
});

describe('the keys left in Redis', () => {
  it('all start with the deployment\'s prefix', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      // The rate-limit counters of this suite are still there; nothing was written outside the prefix.
      const keys = (await redis.keys('*')).filter((key) => !key.startsWith('test-') || key.startsWith(prefix));
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => !key.startsWith(prefix))).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
