import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_FIXTURE_DIR, expectApiError, startTestApp, type TestApp } from './helpers.ts';
import path from 'node:path';

// The catalogue site (server/site/pages): its index.html at every page address the app knows,
// its assets, its CSP and /robots.txt; the demo host page moved to /demo.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const directives = (csp: string) => csp.split(';').map((directive) => directive.trim());

describe('the site\'s pages', () => {
  it.each([
    '/',
    '/movie',
    '/series/drama',
    '/cartoon/all?page=2',
    '/contents/gorod-bez-karty',
    '/persons/12',
    '/search?q=%D0%BC%D0%B0%D1%81%D0%BA%D0%B2%D0%B0',
    '/login',
    '/signup',
    '/restore',
    '/favourites',
    '/history',
    '/playlists',
    '/playlists/luchshie-serialy',
  ])('GET %s is the app\'s index.html', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html\b/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<script type="module" crossorigin src="/site-assets/app-test.js"></script>');
  });

  it('runs only its own scripts and styles, and frames only this origin', async () => {
    const csp = directives(String((await t.app.inject('/contents/x')).headers['content-security-policy']));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp.join(';')).not.toContain('unsafe-inline');
  });

  it('answers an unknown address a browser opens with the app (its not-found page) and a 404; anything else with the API\'s 404', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const url of ['/films', '/contents/a/b', '/movie/comedy/extra?x=1']) {
      const page = await t.app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html\b/);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain('/site-assets/app-test.js');
      expect(expectApiError(await t.app.inject(url), 404).message).toBe(`Nothing at GET ${url.split('?')[0]}`);
    }
    for (const url of ['/catalog-api/nothing', '/authenticator/nothing', '/admin/nothing', '/embed/nothing', '/assets/missing.js', '/site-assets/missing.js']) {
      expectApiError(await t.app.inject({ url, headers: html }), 404);
    }
  });

  it('answers 503 saying to build when the site is not built', async () => {
    const other = await startTestApp({ siteDir: path.join(SITE_FIXTURE_DIR, 'not-built') }, t.db);
    try {
      expect(expectApiError(await other.app.inject('/'), 503).message).toMatch(/build/i);
    } finally {
      await other.close();
    }
  });
});

describe('GET /site-assets/', () => {
  it('serves the built scripts, cached for good, gzip-compressed ahead of time', async () => {
    const plain = await t.app.inject('/site-assets/app-test.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const zipped = await t.app.inject({ url: '/site-assets/app-test.js', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect((await t.app.inject('/site-assets/missing.js')).statusCode).toBe(404);
  });
});

describe('GET /robots.txt', () => {
  it('says what /catalog-api/robots.txt says, pointing at the sitemap index', async () => {
    const root = await t.app.inject('/robots.txt');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/^text\/plain\b/);
    expect(root.body).toBe((await t.app.inject('/catalog-api/robots.txt')).body);
    expect(root.body).toMatch(/^Sitemap: http:\/\/.+\/catalog-api\/sitemap\.xml$/m);
    expect(root.body).toContain('Allow: /\n');
  });
});

describe('GET /demo', () => {
  it('is the demo host page, its ad case chooser sending to itself', async () => {
    const response = await t.app.inject('/demo');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Демо-страница плеера</title>');
    expect(response.body).toContain('<form method="get" action="/demo">');
  });
});
