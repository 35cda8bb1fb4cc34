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
  '/demo-page/assets/main-test.js',
  '/healthz',
  '/admin/analytics',
  '/admin/assets/main-test.js',
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

  it('the demo host page runs only this origin\'s scripts and styles, none inline, and frames from itself', async () => {
    const response = await t.app.inject('/demo');
    const directives = String(response.headers['content-security-policy']).split(';').map((directive) => directive.trim());
    expect(directives).toContain("script-src 'self'");
    expect(directives).toContain("style-src 'self'");
    expect(directives).toContain("frame-src 'self'");
    expect(directives.join(';')).not.toMatch(/unsafe-inline|sha256-/);
    // Every script is a file of this origin, every style a linked sheet; no inline event handler.
    expect([...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].every(([, attributes, content]) => /\ssrc="\//.test(attributes!) && content === '')).toBe(true);
    expect(response.body).not.toMatch(/<style\b|\sstyle="/);
    expect(response.body).not.toMatch(/\son[a-z]+="/);
  });
});
