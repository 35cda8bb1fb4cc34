import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, startTestApp, type TestApp } from './helpers.ts';

// Every answer carries the headers a public server owes its clients; every HTML page a CSP.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminToken: 'a-token-of-sixteen-characters' });
});
afterAll(() => t.close());

const EVERY_KIND = [
  `${API}/contents/1`,
  `${API}/episodes?content-id=2`,
  `${API}/manifests/episodes/101.json`,
  `${API}/vast.xml?creativeId=c1`,
  `${API}/media/films/1/master.m3u8`,
  `${API}/media/films/1/v240/seg-000.ts`,
  `${API}/media/films/1/subs/ru.vtt`,
  `${API}/contents/abc`,
  '/nothing-here',
  '/embed?movie_id=1',
  '/',
  '/demo',
  '/site-assets/app-test.js',
  '/assets/app-test.js',
  '/healthz',
  '/admin/analytics',
];

describe('on every kind of answer', () => {
  it.each(EVERY_KIND)('GET %s', async (url) => {
    const response = await t.app.inject(url);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer|same-origin)$/);
    expect(response.headers['permissions-policy']).toContain('camera=()');
    // The frame on another site reads the API, the media and the assets; the operator's pages stay home.
    expect(response.headers['cross-origin-resource-policy']).toBe(url.startsWith('/admin') ? 'same-origin' : 'cross-origin');
    if (String(response.headers['content-type']).startsWith('text/html')) {
      expect(response.headers['content-security-policy'], `${url} is HTML without a CSP`).toBeTruthy();
    }
  });

  it('the features the player uses are not denied to it', async () => {
    const policy = String((await t.app.inject('/embed?movie_id=1')).headers['permissions-policy']);
    for (const feature of ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media', 'web-share', 'clipboard-write']) {
      expect(policy).not.toContain(feature);
    }
  });
});

describe('the pages', () => {
  it('/embed keeps its own CSP, open to any host page', async () => {
    const csp = String((await t.app.inject('/embed?movie_id=1')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors *');
  });

  it('the demo host page allows exactly its own inline script and style, and frames from itself', async () => {
    const response = await t.app.inject('/demo');
    const csp = String(response.headers['content-security-policy']);
    const inline = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(response.body)?.[1] ?? '';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain(`script-src ${hash(inline('script'))}`);
    expect(csp).toContain(`style-src ${hash(inline('style'))}`);
    expect(csp).toContain("frame-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // No inline event handler: the CSP would block it.
    expect(response.body).not.toMatch(/\son[a-z]+="/);
  });
});
