import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { CatalogueCache } from '../../server/catalogue/catalogue-cache.ts';
import { embedOriginEntrySchema } from '../../server/embed-access/embed-access-schema.ts';
import { CATALOG_API_PREFIX } from '../../server/http/paths.ts';
import type { BootEntries } from '../../server/widget/boot-data.ts';
import { cacheListSchema } from '../../src/contract/schemas/site-schema.ts';
import { ADMIN_TOKEN, bearer, FIRST_ADMIN, login, startAuthApp } from './auth-helpers.ts';
import { API, expectJson, testConfig, type TestApp } from './helpers.ts';
import { openTestDatabase } from './test-database.ts';
import { viewerAccount } from './viewer-test-data.ts';

// /embed's boot data is built from what the API's routes answer from, once per content, episode
// asked for and country, and kept briefly (server/widget/embed-boot-data.ts).
let t: TestApp;
/** An administrator, for the operator's list of caches. */
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startAuthApp({}, { dataDir: 'memory://' });
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
});
afterAll(() => t.close());

const ORIGIN = 'http://player.test';
/** The operator's token, for the allowlist of host sites. */
const operator = bearer(ADMIN_TOKEN);
const api = (path: string) => `${ORIGIN}${CATALOG_API_PREFIX}/${path}`;
const inFrame = (page: string, extra: Record<string, string> = {}) => ({ host: 'player.test', 'sec-fetch-dest': 'iframe', referer: page, ...extra });
const country = (code: string) => ({ [t.config.countryHeader]: code });

/** The boot data element's text exactly as the document carries it, or undefined. */
function elementOf(html: string): string | undefined {
  return /<script type="application\/json" id="boot-data">([^]*?)<\/script>/.exec(html)?.[1];
}

async function document(url: string, headers: Record<string, string>, app = t.app): Promise<{ response: LightMyRequestResponse; text?: string; boot?: BootEntries }> {
  const response = await app.inject({ url, headers });
  const text = elementOf(response.body);
  return { response, text, boot: text === undefined ? undefined : (JSON.parse(text) as BootEntries) };
}

/** What the API itself answers at one of our absolute URLs. */
async function apiAnswer(url: string, headers: Record<string, string> = {}, app = t.app): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const response = await app.inject({ url: `${target.pathname}${target.search}`, headers: { host: 'player.test', ...headers } });
  return { status: response.statusCode, body: response.body };
}

const entries = async (name = 'embed-boot-data') => {
  const list = expectJson(await t.app.inject({ url: `${API}/caches`, headers: admin }), 200, cacheListSchema);
  return list.caches.find((cache) => cache.name === name)?.entries;
};
const clear = async (name = 'embed-boot-data') => expect((await t.app.inject({ method: 'DELETE', url: `${API}/caches/${name}`, headers: admin })).statusCode).toBe(200);

describe('the boot data of /embed', () => {
  it('is byte for byte what the routes answer: a film, a series, a geo-blocked content in and out of its country, a missing one', async () => {
    const page = 'https://host.test/watch';
    const available = (id: number) => api(`contents/${id}/available?domain=${encodeURIComponent(page)}`);
    const cases: Array<{ url: string; country: string; manifest: boolean; isAvailable: boolean }> = [
      { url: '/embed?movie_id=1', country: 'RU', manifest: true, isAvailable: true },
      { url: '/embed/season-1/episode-2?movie_id=2', country: 'RU', manifest: true, isAvailable: true },
      { url: '/embed?movie_id=2&season=2', country: 'KZ', manifest: true, isAvailable: true },
      // Content 3 is blocked in RU: the frame will show that, and asks for no manifest.
      { url: '/embed?movie_id=3', country: 'ru', manifest: false, isAvailable: false },
      { url: '/embed?movie_id=3', country: 'KZ', manifest: true, isAvailable: true },
    ];
    for (const item of cases) {
      const id = Number(new URL(item.url, ORIGIN).searchParams.get('movie_id'));
      const { text, boot } = await document(item.url, inFrame(page, country(item.country)));
      expect(boot, item.url).toBeDefined();
      const urls = Object.keys(boot!.answers);
      expect(urls.filter((url) => !url.includes('/manifests/')).sort()).toEqual(
        [api(`contents/${id}`), api(`contents/${id}/seasons`), api(`episodes?content-id=${id}`), available(id)].sort(),
      );
      expect(urls.filter((url) => url.includes('/manifests/')), item.url).toHaveLength(item.manifest ? 1 : 0);
      expect(boot!.answers[available(id)]).toEqual({ available: item.isAvailable });
      for (const url of urls) {
        const answer = await apiAnswer(url, country(item.country));
        expect(answer.status, url).toBe(200);
        // The very bytes the route sends, each < escaped in the element.
        expect(text, url).toContain(`${JSON.stringify(url)}:${answer.body.replaceAll('<', '\\u003c')}`);
      }
      expect(Object.keys(boot!.playlists).length > 0, item.url).toBe(item.manifest);
      for (const [url, playlist] of Object.entries(boot!.playlists)) expect(playlist, url).toBe((await apiAnswer(url)).body);
    }
    const missing = await document('/embed?movie_id=999999', inFrame(page));
    expect(missing.response.statusCode).toBe(200);
    expect(missing.boot).toBeUndefined();
  });

  it('is built once per content and country, and each host page gets it with its own availability URL', async () => {
    await clear();
    expect(await entries()).toBe(0);
    const first = await document('/embed?movie_id=1', inFrame('https://first.example/a'));
    const second = await document('/embed?movie_id=1', inFrame('https://second.example/b?ref=1'));
    expect(await entries()).toBe(1);
    expect(Object.keys(first.boot!.answers)).toContain(api(`contents/1/available?domain=${encodeURIComponent('https://first.example/a')}`));
    expect(Object.keys(second.boot!.answers)).toContain(api(`contents/1/available?domain=${encodeURIComponent('https://second.example/b')}`));
    expect(second.text).not.toContain('first.example');
    expect(Object.keys(second.boot!.answers)).toHaveLength(Object.keys(first.boot!.answers).length);
    // Another country, another episode asked for: each its own.
    await document('/embed?movie_id=1', inFrame('https://first.example/a', country('KZ')));
    await document('/embed?movie_id=2&episode=2&season=1', inFrame('https://first.example/a'));
    expect(await entries()).toBe(3);
    // A content that does not exist is not kept.
    await document('/embed?movie_id=999998', inFrame('https://first.example/a'));
    expect(await entries()).toBe(3);
  });

  it('is emptied with the catalogue cache, by the operator as by a catalogue write', async () => {
    await document('/embed?movie_id=1', inFrame('https://first.example/a'));
    expect(await entries()).toBeGreaterThan(0);
    await clear('catalogue');
    expect(await entries()).toBe(0);

    const db = await openTestDatabase();
    const catalogueCache = new CatalogueCache();
    const app = await buildApp({ config: testConfig(), db, catalogueCache });
    try {
      const description = async () => ((await document('/embed?movie_id=4', inFrame('https://host.test/'), app)).boot!.answers[api('contents/4')] as { description: string }).description;
      const before = await description();
      await db.query('UPDATE contents SET description = $1 WHERE id = 4', ['Новое описание']);
      // Whoever writes the catalogue invalidates its cache once committed: the next document shows the write.
      catalogueCache.invalidate();
      expect(await description()).toBe('Новое описание');
      expect(before).not.toBe('Новое описание');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('carries nothing of a signed-in viewer: their marks stay in their own API answers', async () => {
    const viewer = await viewerAccount(t);
    const anonymous = JSON.parse((await apiAnswer(api('episodes?content-id=2'))).body) as Array<{ id: number; isCompleted: boolean; m3u8MasterFilePath: string; episodeVariants: Array<{ filepath: string }> }>;
    const first = anonymous[0]!;
    expect((await t.app.inject({ method: 'POST', url: `${API}/contents/2/episodes/${first.id}/completed`, headers: viewer.headers })).statusCode).toBe(200);
    const own = JSON.parse((await apiAnswer(api('episodes?content-id=2'), viewer.headers)).body) as Array<{ id: number; isCompleted: boolean }>;
    expect(own.find((episode) => episode.id === first.id)?.isCompleted).toBe(true);

    await clear();
    // The viewer's document first, so the kept boot data is built from their request.
    const theirs = await document('/embed?movie_id=2', inFrame('https://host.test/', { ...viewer.headers, cookie: 'session=x' }));
    const someoneElse = await document('/embed?movie_id=2', inFrame('https://host.test/'));
    for (const boot of [theirs.boot!, someoneElse.boot!]) {
      expect(boot.answers[api('episodes?content-id=2')]).toEqual(anonymous);
      // The episode a viewer with no marks opens: the first.
      expect(Object.keys(boot.answers).filter((url) => url.includes('/manifests/'))).toEqual([new URL(first.episodeVariants[0]?.filepath ?? first.m3u8MasterFilePath, ORIGIN).href]);
    }
  });

  it('never lets a host page past the allowlist: the verdict is the page\'s own, whatever is kept', async () => {
    const entry = expectJson(await t.app.inject({ method: 'POST', url: `${API}/admin/embed-origins`, payload: { origin: 'https://partner.example' }, headers: operator }), 201, embedOriginEntrySchema);
    try {
      const allowed = await document('/embed?movie_id=2', inFrame('https://partner.example/films'));
      expect(allowed.response.statusCode).toBe(200);
      expect(allowed.boot).toBeDefined();
      expect(String(allowed.response.headers['content-security-policy'])).toContain("frame-ancestors 'self' https://partner.example");
      const refused = await document('/embed?movie_id=2', inFrame('https://stranger.example/films'));
      expect(refused.response.statusCode).toBe(403);
      expect(refused.text).toBeUndefined();
      expect(refused.response.body).not.toContain('partner.example/films');
      for (const response of [allowed.response, refused.response]) expect(String(response.headers.vary)).toMatch(/Referer, Sec-Fetch-Dest/);
    } finally {
      await t.app.inject({ method: 'DELETE', url: `${API}/admin/embed-origins/${entry.id}`, headers: operator });
    }
  });
});
