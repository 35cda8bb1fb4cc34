import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';
import { CONTENT_IDS, DEMO_PAGE_FIXTURE_DIR, WIDGET_FIXTURE_DIR, expectApiError, startTestApp, type ConfigOverrides, type TestApp } from './helpers.ts';

// /embed (the player's iframe document), /demo (the demo host page) and /assets/.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** The attributes of the <div id="root"> element, entity-decoded. */
function rootAttributes(html: string): Record<string, string> {
  const tags = html.match(/<div\s[^>]*\bid="root"[^>]*>/g) ?? [];
  expect(tags, 'exactly one root element').toHaveLength(1);
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tags[0]!.matchAll(/\s([\w-]+)="([^"]*)"/g)) {
    attributes[name!] = value!.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
  }
  return attributes;
}

async function embedWith(overrides: ConfigOverrides, url = '/embed?movie_id=1'): Promise<LightMyRequestResponse> {
  const other = await startTestApp(overrides, t.db);
  try {
    return await other.app.inject(url);
  } finally {
    await other.close();
  }
}

describe('GET /embed', () => {
  it('is an HTML document that only runs its own scripts', async () => {
    const response = await t.app.inject('/embed?movie_id=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html\b/);
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/app-test.js"></script>');
  });

  it('serves a shared link, whose path names the season and episode, as the same document', async () => {
    const response = await t.app.inject('/embed/season-2/episode-1?movie_id=2&t=15');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/app-test.js"></script>');
    expect((await t.app.inject('/embed/season-2')).statusCode).toBe(404);
  });

  it('writes the default configuration into the root element', async () => {
    const attributes = rootAttributes((await t.app.inject('/embed?movie_id=1')).body);
    expect(attributes).toEqual({
      id: 'root',
      'data-api-base-url': '/catalog-api',
      'data-ad-list-url': '/catalog-api/ad-list.json',
      'data-fullscreen-mode': 'native',
      'data-error-project': 'other',
      'data-lang-order': 'ru,en',
    });
  });

  it('writes a non-default configuration, escaping quotes and markup', async () => {
    const widget = loadServerConfig({
      API_BASE_URL: 'https://api.example.test/catalog-api',
      AD_LIST_URL: 'https://ads.example.test/list.json?site=1&place="top"',
      FULLSCREEN_MODE: 'stretch',
      ERROR_PROJECT: `x"><script>alert('pwned')</script>`,
      LANG_ORDER: 'en, ru,,de',
    }).widget;
    const response = await embedWith({ widget });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).not.toContain('place="top"');
    expect(rootAttributes(response.body)).toEqual({
      id: 'root',
      'data-api-base-url': 'https://api.example.test/catalog-api',
      'data-ad-list-url': 'https://ads.example.test/list.json?site=1&place="top"',
      'data-fullscreen-mode': 'stretch',
      'data-error-project': `x"><script>alert('pwned')</script>`,
      'data-lang-order': 'en,ru,de',
    });
  });

  it('lets the demo page pick a demo ad case (ad_case), for its own demo ad list only, and refuses unknown cases', async () => {
    const listOf = async (url: string, widget?: ConfigOverrides['widget']) =>
      rootAttributes((widget ? await embedWith({ widget }, url) : await t.app.inject(url)).body)['data-ad-list-url'];
    expect(await listOf('/embed?movie_id=1&ad_case=pod')).toBe('/catalog-api/ad-list.json?case=pod');
    // Only the named cases: anything else is refused, never turned into another ad list.
    const foreignList = await t.app.inject('/embed?movie_id=1&ad_case=https://evil.example/list.json');
    expect(foreignList.statusCode).toBe(400);
    expect(foreignList.body).toContain('ad_case');
    const foreign = loadServerConfig({ AD_LIST_URL: 'https://ads.example.test/list.json' }).widget;
    expect(await listOf('/embed?movie_id=1&ad_case=pod', foreign)).toBe('https://ads.example.test/list.json');
    // The demo page's own form sends an empty ad_case for "as configured".
    expect((await t.app.inject('/demo?ad_case=')).statusCode).toBe(200);
    expect(await listOf('/embed?movie_id=1&ad_case=')).toBe('/catalog-api/ad-list.json');
    const page = await t.app.inject('/demo?ad_case=pod');
    expect(page.body).toContain('/embed?movie_id=1&amp;enabled_share&amp;ad_case=pod');
    const injected = await t.app.inject('/demo?ad_case=%22%3E%3Cscript%3E');
    expect(injected.statusCode).toBe(400);
    expect(injected.body).not.toContain('"><script>');
  });

  it('names a configured dash.js build in a data attribute and lets only its origin run scripts', async () => {
    const widget = loadServerConfig({ DASH_LIBRARY_URL: 'https://cdn.example.test/dash/4.7.4/dash.all.min.js' }).widget;
    const response = await embedWith({ widget });
    expect(rootAttributes(response.body)['data-dash-library-url']).toBe('https://cdn.example.test/dash/4.7.4/dash.all.min.js');
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split(';').map((directive) => directive.trim())).toContain("script-src 'self' https://cdn.example.test");
  });

  it('loads no Cast sender unless configured; configured, names it and lets its origin run scripts', async () => {
    const plain = await embedWith({});
    expect(rootAttributes(plain.body)).not.toHaveProperty('data-cast-sender-url');
    expect(String(plain.headers['content-security-policy'])).toContain("script-src 'self';");
    const url = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
    const response = await embedWith({ widget: loadServerConfig({ CAST_SENDER_URL: url }).widget });
    expect(rootAttributes(response.body)['data-cast-sender-url']).toBe(url);
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split(';').map((directive) => directive.trim())).toContain("script-src 'self' https://www.gstatic.com");
  });

  it('answers 503 JSON saying to build the player when the widget is not built', async () => {
    const response = await embedWith({ widgetDir: path.join(WIDGET_FIXTURE_DIR, 'not-built') });
    expect(expectApiError(response, 503).message).toMatch(/build/i);
  });

  it('picks up a rebuilt embed.html without a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'widget-'));
    const other = await startTestApp({ widgetDir: dir }, t.db);
    try {
      expect((await other.app.inject('/embed')).statusCode).toBe(503);
      await writeFile(path.join(dir, 'embed.html'), '<html><body><div id="root"></div><p>build 1</p></body></html>');
      expect((await other.app.inject('/embed')).body).toContain('build 1');
      // A rebuild: new content and a new modification time.
      await writeFile(path.join(dir, 'embed.html'), '<html><body><div id="root"></div><p>build 2</p></body></html>');
      const later = new Date(Date.now() + 60_000);
      await utimes(path.join(dir, 'embed.html'), later, later);
      expect((await other.app.inject('/embed')).body).toContain('build 2');
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /demo', () => {
  it('embeds a player iframe for every demo content', async () => {
    const response = await t.app.inject('/demo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html\b/);
    const ids = [...response.body.matchAll(/<iframe\s[^>]*src="\/embed\?movie_id=(\d+)&amp;enabled_share"/g)].map((match) => Number(match[1]));
    expect(ids).toEqual([...CONTENT_IDS]);
  });

  it('links its built script and style (src/demo-page), and serves them cached for good', async () => {
    const { body } = await t.app.inject('/demo');
    expect(body).toContain('<script type="module" src="/demo-page/assets/main-test.js"></script>');
    expect(body).toContain('<link rel="stylesheet" href="/demo-page/assets/main-test.css">');
    const script = await t.app.inject('/demo-page/assets/main-test.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    expect(script.headers['cache-control']).toMatch(/immutable/);
    expect(script.body).toBe(await readFile(path.join(DEMO_PAGE_FIXTURE_DIR, 'assets/main-test.js'), 'utf8'));
    // The manifest stays the server's: only assets/ is served.
    expect((await t.app.inject('/demo-page/.vite/manifest.json')).statusCode).toBe(404);
    expect((await t.app.inject('/demo-page/assets/..%2F.vite%2Fmanifest.json')).statusCode).toBe(404);
  });

  it('answers 503 JSON saying to build it when the demo page is not built', async () => {
    const other = await startTestApp({ demoPageDir: path.join(DEMO_PAGE_FIXTURE_DIR, 'not-built') }, t.db);
    try {
      expect(expectApiError(await other.app.inject('/demo'), 503).message).toMatch(/npm run build/);
    } finally {
      await other.close();
    }
  });
});

describe('GET /assets/', () => {
  it('serves the built scripts as JavaScript, cached for good', async () => {
    const response = await t.app.inject('/assets/app-test.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    const cacheControl = String(response.headers['cache-control']);
    expect(cacheControl).toContain('max-age=31536000');
    expect(cacheControl).toContain('immutable');
    expect(response.body).toBe(await readFile(path.join(WIDGET_FIXTURE_DIR, 'assets/app-test.js'), 'utf8'));
  });

  it('sends the build\'s gzip copy to browsers that accept gzip, and the plain file to others', async () => {
    const plain = await readFile(path.join(WIDGET_FIXTURE_DIR, 'assets/app-test.js'), 'utf8');
    const zipped = await t.app.inject({ url: '/assets/app-test.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain);
    const identity = await t.app.inject({ url: '/assets/app-test.js', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('serves nothing outside the assets folder', async () => {
    for (const url of ['/assets/../embed.html', '/assets/%2e%2e/embed.html', '/assets/..%2fembed.html']) {
      const response = await t.app.inject(url);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });
});
