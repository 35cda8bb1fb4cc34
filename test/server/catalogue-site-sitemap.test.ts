import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapMetaSchema } from '../../src/contract/schemas/site-schema.ts';
import { siteUrls } from '../../src/contract/site/site-urls.ts';
import { loadServerConfig } from '../../server/config.ts';
import { renderUrlset } from '../../server/site/sitemap/sitemap-xml.ts';
import { bearer, FIRST_ADMIN, login, newViewer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';
import { parseXml, type XmlElement } from './xml.ts';

coversCatalogue('GET /sitemap.xml', 'GET /sitemap{n}.xml', 'GET /robots.txt', 'GET /debug/meta/sitemap.xml', 'GET /debug/generate-sitemap-xml');

const ORIGIN = 'https://kino.example';
/** Small enough that the demo catalogue needs several files. */
const URLS_PER_FILE = 3;
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

let t: TestApp;
let adminToken: string;
let viewerToken: string;
beforeAll(async () => {
  t = await startAuthApp({}, { publicOrigin: ORIGIN, sitemapUrlsPerFile: URLS_PER_FILE, dataDir: 'memory://' });
  // A person and a category of our own, with ids and slugs no seed uses.
  await t.db.query("INSERT INTO persons (id, slug, name) VALUES (990001, 'sitemap-test-person', 'Тест Персона')");
  await t.db.query("INSERT INTO content_persons (content_id, person_id, person_type_id, position) VALUES (1, 990001, 1, 0)");
  await t.db.query(
    "INSERT INTO categories (id, content_type_id, slug, title, kind, position) VALUES (990001, 1, 'sitemap-test-all', 'Все фильмы', 'all', 990001)",
  );
  await t.db.query("UPDATE contents SET updated_at = '2026-03-04T05:06:07Z' WHERE id = 1");
  adminToken = (await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken;
  viewerToken = (await newViewer(t)).session.accessToken;
});
afterAll(() => t.close());

const children = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);
const textOf = (element: XmlElement, name: string) => children(element, name)[0]?.text;

async function xmlAt(path: string): Promise<XmlElement> {
  const response = await t.app.inject(`${API}${path}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/xml/);
  return parseXml(response.body);
}

/** Every URL of every file the index lists, with its lastmod. */
async function allUrls(): Promise<Map<string, string | undefined>> {
  const index = await xmlAt('/sitemap.xml');
  const urls = new Map<string, string | undefined>();
  for (const entry of children(index, 'sitemap')) {
    const file = await xmlAt(new URL(textOf(entry, 'loc') ?? '').pathname.slice(API.length));
    for (const url of children(file, 'url')) urls.set(textOf(url, 'loc') ?? '', textOf(url, 'lastmod'));
  }
  return urls;
}

describe('GET /catalog-api/sitemap.xml', () => {
  it('is a sitemap index of absolute URLs on the public origin, one per file of at most the limit', async () => {
    const index = await xmlAt('/sitemap.xml');
    expect(index.name).toBe('sitemapindex');
    expect(index.attributes.xmlns).toBe(NAMESPACE);
    const locs = children(index, 'sitemap').map((entry) => textOf(entry, 'loc'));
    const [{ count }] = await t.db.query<{ count: number }>(
      `SELECT (1 + (SELECT count(*) FROM content_types) + (SELECT count(*) FROM categories)
        + (SELECT count(*) FROM contents) + (SELECT count(*) FROM persons))::int AS count`,
    ) as [{ count: number }];
    expect(locs).toEqual(Array.from({ length: Math.ceil(count / URLS_PER_FILE) }, (_, i) => `${ORIGIN}${API}/sitemap${i + 1}.xml`));
  });

  it('lists home, every type, category, content and person page once, as the site addresses them', async () => {
    const urls = await allUrls();
    const contents = await t.db.query<{ slug: string }>('SELECT slug FROM contents');
    const types = await t.db.query<{ slug: string }>('SELECT slug FROM content_types');
    const expected = [
      siteUrls.home(),
      ...types.map((row) => siteUrls.contentType(row.slug)),
      siteUrls.category('movie', 'sitemap-test-all'),
      ...contents.map((row) => siteUrls.content(row.slug)),
      siteUrls.person(990001),
    ].map((path) => `${ORIGIN}${path}`);
    for (const url of expected) expect(urls.has(url), url).toBe(true);
    const [{ count }] = await t.db.query<{ count: number }>(
      'SELECT ((SELECT count(*) FROM categories) + (SELECT count(*) FROM persons))::int AS count',
    ) as [{ count: number }];
    expect(urls.size).toBe(1 + types.length + contents.length + count);
  });

  it('gives each content its updated_at as lastmod, and the person the newest of their contents', async () => {
    const urls = await allUrls();
    const [first] = await t.db.query<{ slug: string }>('SELECT slug FROM contents WHERE id = 1');
    const lastmod = urls.get(`${ORIGIN}${siteUrls.content(first?.slug ?? '')}`);
    expect(new Date(lastmod ?? '').toISOString()).toBe('2026-03-04T05:06:07.000Z');
    const [newest] = await t.db.query<{ at: Date }>('SELECT max(updated_at) AS at FROM contents');
    expect(new Date(urls.get(`${ORIGIN}/`) ?? '').getTime()).toBe(new Date(newest?.at ?? 0).getTime());
    expect(new Date(urls.get(`${ORIGIN}${siteUrls.person(990001)}`) ?? '').toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });
});

describe('GET /catalog-api/sitemap{n}.xml', () => {
  it('is a urlset of at most the configured number of URLs', async () => {
    const file = await xmlAt('/sitemap1.xml');
    expect(file.name).toBe('urlset');
    expect(file.attributes.xmlns).toBe(NAMESPACE);
    expect(children(file, 'url')).toHaveLength(URLS_PER_FILE);
  });

  it('answers 404 past the last file and for file 0, 400 for a name that is not a number', async () => {
    const files = children(await xmlAt('/sitemap.xml'), 'sitemap').length;
    expectApiError(await t.app.inject(`${API}/sitemap${files + 1}.xml`), 404);
    expect(expectApiError(await t.app.inject(`${API}/sitemap0.xml`), 400).message).toMatch(/file number/);
    expectApiError(await t.app.inject(`${API}/sitemap01.xml`), 400);
    expectApiError(await t.app.inject(`${API}/sitemapx.xml`), 400);
  });

  it('escapes what XML reserves in a URL', () => {
    const xml = renderUrlset('https://a.example', [{ path: "/contents/a&b<'c'>", lastmod: null }]);
    expect(textOf(children(parseXml(xml), 'url')[0] as XmlElement, 'loc')).toBe("https://a.example/contents/a&b<'c'>");
  });
});

describe('GET /catalog-api/robots.txt', () => {
  it('allows the site, keeps crawlers out of /admin and the API, and names the sitemap on the public origin', async () => {
    const response = await t.app.inject(`${API}/robots.txt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain(`Disallow: ${API}/`);
    expect(lines).toContain(`Allow: ${API}/sitemap`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}${API}/sitemap.xml`);
  });
});

describe('the operator\'s sitemap tools', () => {
  const meta = '/debug/meta/sitemap.xml';
  const generate = '/debug/generate-sitemap-xml';

  it('GET /debug/meta/sitemap.xml describes the files the crawlers get: URLs and bytes of each', async () => {
    const answer = expectJson(await t.app.inject({ url: `${API}${meta}`, headers: bearer(adminToken) }), 200, sitemapMetaSchema);
    expect(answer.urlsPerFile).toBe(URLS_PER_FILE);
    const index = await t.app.inject(`${API}/sitemap.xml`);
    expect(answer.index.bytes).toBe(index.rawPayload.length);
    expect(answer.files.map((file) => file.path)).toEqual(children(parseXml(index.body), 'sitemap').map((entry) => new URL(textOf(entry, 'loc') ?? '').pathname));
    for (const file of answer.files) {
      const response = await t.app.inject(file.path);
      expect(file.bytes).toBe(response.rawPayload.length);
      expect(file.urls).toBe(children(parseXml(response.body), 'url').length);
    }
    expect(answer.totalUrls).toBe(answer.files.reduce((sum, file) => sum + file.urls, 0));
  });

  it('GET /debug/generate-sitemap-xml rebuilds from the database now: a new content appears at once', async () => {
    const before = expectJson(await t.app.inject({ url: `${API}${meta}`, headers: bearer(adminToken) }), 200, sitemapMetaSchema);
    await t.db.query(
      "INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES (990001, 'sitemap-test-new', 'Новый', 'movie', 2026, '/p.jpg')",
    );
    const stale = await allUrls();
    expect(stale.has(`${ORIGIN}${siteUrls.content('sitemap-test-new')}`)).toBe(false);
    const after = expectJson(await t.app.inject({ url: `${API}${generate}`, headers: bearer(adminToken) }), 200, sitemapMetaSchema);
    expect(after.totalUrls).toBe(before.totalUrls + 1);
    expect(Date.parse(after.generatedAt)).toBeGreaterThanOrEqual(Date.parse(before.generatedAt));
    expect((await allUrls()).has(`${ORIGIN}${siteUrls.content('sitemap-test-new')}`)).toBe(true);
  });

  it.each([meta, generate])('%s: 401 without a token, 403 for a viewer', async (path) => {
    expectApiError(await t.app.inject(`${API}${path}`), 401);
    expectApiError(await t.app.inject({ url: `${API}${path}`, headers: bearer(viewerToken) }), 403);
  });

  it.each([meta, generate])('%s: 400 for a query it does not take', async (path) => {
    expectApiError(await t.app.inject({ url: `${API}${path}?x=1`, headers: bearer(adminToken) }), 400);
  });
});

describe('SITEMAP_URLS_PER_FILE', () => {
  it('defaults to the 50 000 sitemaps.org allows and refuses more, zero or words', () => {
    expect(loadServerConfig({}).sitemapUrlsPerFile).toBe(50_000);
    expect(loadServerConfig({ SITEMAP_URLS_PER_FILE: '1000' }).sitemapUrlsPerFile).toBe(1000);
    for (const bad of ['50001', '0', 'many']) expect(() => loadServerConfig({ SITEMAP_URLS_PER_FILE: bad }), bad).toThrow(/SITEMAP_URLS_PER_FILE/);
  });
});
