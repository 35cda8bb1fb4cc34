import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedOriginEntrySchema, embedOriginListSchema } from '../../server/embed-access/embed-access-schema.ts';
import { MAX_ORIGINS_PER_SCOPE } from '../../server/embed-access/embed-access-routes.ts';
import { embedAccess, frameAncestors, mayEmbed } from '../../server/embed-access/embed-policy.ts';
import { EmbedOriginsRepository } from '../../server/embed-access/embed-origins-repository.ts';
import { parseOrigin } from '../../server/embed-access/origin-text.ts';
import { ADMIN_TOKEN, bearer, FIRST_ADMIN, login, newViewer, startAuthApp } from './auth-helpers.ts';
import { API, expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';

// The allowlist of host sites that may frame the player: the policy, the origin rules, and the
// operator's routes under /catalog-api/admin/embed-origins.
const SELF = ['http://127.0.0.1:8080'];

describe('the embed policy', () => {
  it('is open to any site while no entry applies, and says so as frame-ancestors *', () => {
    const open = embedAccess([]);
    expect(open).toEqual({ open: true, origins: [] });
    expect(frameAncestors(open)).toBe('*');
    expect(mayEmbed(open, 'https://anyone.example', SELF)).toBe(true);
  });

  it('allows the union of the global entries and the content\'s, and the server\'s own origin always', () => {
    const access = embedAccess(['https://global.example', 'https://partner.example', 'https://global.example']);
    expect(access).toEqual({ open: false, origins: ['https://global.example', 'https://partner.example'] });
    expect(frameAncestors(access)).toBe("'self' https://global.example https://partner.example");
    expect(mayEmbed(access, 'https://partner.example', SELF)).toBe(true);
    expect(mayEmbed(access, 'http://127.0.0.1:8080', SELF)).toBe(true);
    expect(mayEmbed(access, 'https://other.example', SELF)).toBe(false);
    // Exact origins: another scheme or port is another site.
    expect(mayEmbed(access, 'http://partner.example', SELF)).toBe(false);
    expect(mayEmbed(access, 'https://partner.example:8443', SELF)).toBe(false);
  });
});

describe('an allowlist origin', () => {
  it.each([
    ['https://Partner.Example', 'https://partner.example'],
    ['https://partner.example/', 'https://partner.example'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://partner.example:443', 'https://partner.example'],
    ['http://127.0.0.1:8201', 'http://127.0.0.1:8201'],
    ['https://пример.рф', 'https://xn--e1afmkfd.xn--p1ai'],
  ])('%s is stored as %s', (text, origin) => {
    expect(parseOrigin(text)).toEqual({ ok: true, origin });
  });

  it.each([
    ['*', /wildcard/],
    ['https://*.partner.example', /wildcard/],
    ['https://partner.example/player', /without a path/],
    ['https://partner.example?x', /without a path/],
    ['https://partner.example#top', /without a path/],
    ['ftp://partner.example', /http:\/\/ or https:\/\//],
    ['partner.example', /must be an origin/],
    ['https://user:secret@partner.example', /user name/],
    ['http://[::1]:3000', /host name or an IPv4/],
    [' https://partner.example', /spaces/],
    [`https://${'a'.repeat(250)}.example`, /at most 255/],
  ])('%s is refused', (text, reason) => {
    const parsed = parseOrigin(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});

const ROUTE = `${API}/admin/embed-origins`;
let t: TestApp;
let admin: Record<string, string>;
let viewer: Record<string, string>;
beforeAll(async () => {
  t = await startAuthApp({}, { dataDir: 'memory://' });
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
  viewer = bearer((await newViewer(t)).session.accessToken);
});
afterAll(() => t.close());

const add = (payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: ROUTE, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });
const list = async (query = '') => expectJson(await t.app.inject({ url: `${ROUTE}${query}`, headers: admin }), 200, embedOriginListSchema);
const remove = (id: number, headers = admin) => t.app.inject({ method: 'DELETE', url: `${ROUTE}/${id}`, headers });

describe('POST /catalog-api/admin/embed-origins', () => {
  it('adds a global entry and a content\'s entry, normalised, and answers 201 with each', async () => {
    const global = expectJson(await add({ origin: 'HTTPS://Global.Example:443/' }), 201, embedOriginEntrySchema);
    expect(global).toMatchObject({ origin: 'https://global.example', contentId: null });
    const own = expectJson(await add({ origin: 'http://localhost:3000', contentId: 2 }), 201, embedOriginEntrySchema);
    expect(own).toMatchObject({ origin: 'http://localhost:3000', contentId: 2 });
    expect((await list()).items).toEqual(expect.arrayContaining([global, own]));
    expect((await list('?content-id=2')).items).toEqual([own]);
    await remove(global.id);
    await remove(own.id);
  });

  it('is idempotent: the same origin in the same scope answers 200 with the entry already there', async () => {
    const first = expectJson(await add({ origin: 'https://twice.example', contentId: 3 }), 201, embedOriginEntrySchema);
    expect(expectJson(await add({ origin: 'https://TWICE.example/', contentId: 3 }), 200, embedOriginEntrySchema)).toEqual(first);
    // Another scope is another entry.
    const global = expectJson(await add({ origin: 'https://twice.example' }), 201, embedOriginEntrySchema);
    expect(global.id).not.toBe(first.id);
    expect(expectJson(await add({ origin: 'https://twice.example' }), 200, embedOriginEntrySchema).id).toBe(global.id);
    await remove(first.id);
    await remove(global.id);
  });

  it('answers 400 with the reason for a malformed origin, a bad content id or an extra field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ origin: 'https://partner.example/player' }, /origin: must be an origin without a path/],
      [{ origin: '*' }, /origin: .*wildcards are not allowed/],
      [{ origin: 'partner.example' }, /origin: must be an origin such as/],
      [{ origin: `https://${'a'.repeat(300)}.example` }, /origin: must be at most 255/],
      [{ origin: 'https://partner.example', contentId: '2' }, /contentId/],
      [{ origin: 'https://partner.example', contentId: 0 }, /contentId/],
      [{ origin: 'https://partner.example', everywhere: true }, /everywhere/],
      [{}, /origin/],
    ];
    for (const [payload, message] of cases) expect(expectApiError(await add(payload), 400).message).toMatch(message);
    expect((await list()).items).toEqual([]);
  });

  it('answers 404 for an unknown content and stores nothing', async () => {
    expect(expectApiError(await add({ origin: 'https://partner.example', contentId: 999_999 }), 404).message).toMatch(/content 999999/);
    expect((await list()).items).toEqual([]);
  });

  it('refuses a body past its small limit with 413', async () => {
    const response = await add({ origin: 'https://partner.example', padding: 'x'.repeat(4096) });
    expectApiError(response, 413);
  });

  it(`answers 409 past ${MAX_ORIGINS_PER_SCOPE} entries in one scope, the others unaffected`, async () => {
    const values = Array.from({ length: MAX_ORIGINS_PER_SCOPE }, (_, index) => `https://site-${index}.example`);
    await t.db.query('INSERT INTO embed_origins (content_id, origin) SELECT 4, unnest($1::text[])', [values]);
    expect(expectApiError(await add({ origin: 'https://one-more.example', contentId: 4 }), 409).message).toMatch(/content 4 already holds 200 origins/);
    // Already there is no addition: still idempotent at the limit.
    expect((await add({ origin: 'https://site-0.example', contentId: 4 })).statusCode).toBe(200);
    expect((await add({ origin: 'https://one-more.example', contentId: 5 })).statusCode).toBe(201);
    await t.db.query('DELETE FROM embed_origins');
  });
});

describe('GET /catalog-api/admin/embed-origins', () => {
  it('pages through the entries in id order with after and limit', async () => {
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c']) ids.push(expectJson(await add({ origin: `https://${name}.example` }), 201, embedOriginEntrySchema).id);
    const first = await list('?limit=2');
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect(first.next).toBe(ids[1]);
    const second = await list(`?limit=2&after=${first.next}`);
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(2));
    expect(second.next).toBeNull();
    expectApiError(await t.app.inject({ url: `${ROUTE}?limit=0`, headers: admin }), 400);
    expectApiError(await t.app.inject({ url: `${ROUTE}?content-id=x`, headers: admin }), 400);
    expectApiError(await t.app.inject({ url: `${ROUTE}?scope=all`, headers: admin }), 400);
    await t.db.query('DELETE FROM embed_origins');
  });
});

describe('DELETE /catalog-api/admin/embed-origins/{id}', () => {
  it('removes the entry and answers it; 404 when there is none', async () => {
    const entry = expectJson(await add({ origin: 'https://gone.example', contentId: 1 }), 201, embedOriginEntrySchema);
    expect(expectJson(await remove(entry.id), 200, embedOriginEntrySchema)).toEqual(entry);
    expect(expectApiError(await remove(entry.id), 404).message).toMatch(new RegExp(`${entry.id}`));
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${ROUTE}/abc`, headers: admin }), 400);
  });

  it('goes with its content: deleting a content deletes its entries', async () => {
    await t.db.query("INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES (9001, 'embed-gone', 'x', 'movie', 2020, 'p.jpg')");
    expectJson(await add({ origin: 'https://partner.example', contentId: 9001 }), 201, embedOriginEntrySchema);
    await t.db.query('DELETE FROM contents WHERE id = 9001');
    expect((await list('?content-id=9001')).items).toEqual([]);
  });
});

describe('the admin routes\' gate', () => {
  it('is ADMIN_TOKEN or an administrator: 401 without a token, 403 for a viewer, before the input is read', async () => {
    for (const request of [
      { method: 'GET' as const, url: ROUTE },
      { method: 'POST' as const, url: ROUTE, payload: { origin: 'nonsense' } },
      { method: 'DELETE' as const, url: `${ROUTE}/1` },
    ]) {
      const missing = await t.app.inject(request);
      expectApiError(missing, 401);
      expect(missing.headers['www-authenticate']).toBe('Bearer');
      expectApiError(await t.app.inject({ ...request, headers: viewer }), 403);
      expectApiError(await t.app.inject({ ...request, headers: bearer('not-the-token') }), 403);
    }
    const byToken = await add({ origin: 'https://token.example' }, bearer(ADMIN_TOKEN));
    const entry = expectJson(byToken, 201, embedOriginEntrySchema);
    expect(byToken.headers['cache-control']).toBe('no-store');
    expectJson(await remove(entry.id, bearer(ADMIN_TOKEN)), 200, embedOriginEntrySchema);
  });
});

describe('the repository', () => {
  it('reads a content\'s origins as the global ones and its own, and the global ones alone without a content', async () => {
    const other = await startTestApp({ dataDir: 'memory://' });
    try {
      const origins = new EmbedOriginsRepository(other.db);
      expect(await origins.originsFor(1)).toEqual([]);
      await origins.add({ origin: 'https://global.example', contentId: undefined }, 10);
      await origins.add({ origin: 'https://one.example', contentId: 1 }, 10);
      await origins.add({ origin: 'https://two.example', contentId: 2 }, 10);
      await origins.add({ origin: 'https://global.example', contentId: 2 }, 10);
      expect(await origins.originsFor(1)).toEqual(['https://global.example', 'https://one.example']);
      expect(await origins.originsFor(2)).toEqual(['https://global.example', 'https://two.example']);
      expect(await origins.originsFor(undefined)).toEqual(['https://global.example']);
      expect(await origins.originsFor(999_999)).toEqual(['https://global.example']);
    } finally {
      await other.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the admin routes, marked the operator\'s, with the body\'s fields', async () => {
    interface Operation { 'x-admin'?: boolean; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, unknown> }
    const document = JSON.parse((await t.app.inject('/openapi.json')).body) as { paths: Record<string, Record<string, Operation>> };
    const list = document.paths[ROUTE]!;
    expect(Object.keys(list).sort()).toEqual(['get', 'post']);
    expect(document.paths[`${ROUTE}/{id}`]!.delete!['x-admin']).toBe(true);
    const post = list.post!;
    expect(post['x-admin']).toBe(true);
    expect(Object.keys(post.requestBody!.content['application/json']!.schema.properties ?? {})).toEqual(['origin', 'contentId']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '401', '403', '404', '409']));
  });
});
