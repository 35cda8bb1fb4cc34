import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheListSchema } from '../../src/contract/schemas/site-schema.ts';
import { embedOriginEntrySchema } from '../../server/embed-access/embed-access-schema.ts';
import { ADMIN_TOKEN, bearer, FIRST_ADMIN, login, startAuthApp } from './auth-helpers.ts';
import { API, expectJson, startTestApp, type TestApp } from './helpers.ts';

// /embed under the allowlist of host sites: frame-ancestors per content, the refusal card for a
// Referer not on the list, the player for one on it, for the server's own pages and for none.
const ROUTE = `${API}/admin/embed-origins`;
const PLAYER_SCRIPT = '<script type="module" crossorigin src="/assets/app-test.js"></script>';
const CARD_TITLE = 'Плеер недоступен на этом сайте';

let t: TestApp;
beforeAll(async () => {
  t = await startAuthApp({}, { dataDir: 'memory://' });
});
afterAll(() => t.close());

const allow = async (origin: string, contentId?: number) =>
  expectJson(await t.app.inject({ method: 'POST', url: ROUTE, payload: { origin, contentId }, headers: bearer(ADMIN_TOKEN) }), 201, embedOriginEntrySchema).id;
const disallow = async (id: number) => expect((await t.app.inject({ method: 'DELETE', url: `${ROUTE}/${id}`, headers: bearer(ADMIN_TOKEN) })).statusCode).toBe(200);
const embed = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

function directive(response: LightMyRequestResponse, name: string): string | undefined {
  return String(response.headers['content-security-policy']).split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));
}

/** Runs the card's inline script against a fake parent window; answers what it posted, and where. */
function postedByCard(html: string): Array<{ message: unknown; target: unknown }> {
  const main = /<main id="refusal"[^>]*data-origin="([^"]*)" data-message="([^"]*)"/.exec(html);
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!main || script === undefined) throw new Error('no card');
  const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  const posted: Array<{ message: unknown; target: unknown }> = [];
  const parent = { postMessage: (message: unknown, target: unknown) => posted.push({ message, target }) };
  const card = { dataset: { origin: decode(main[1]!), message: decode(main[2]!) } };
  runInNewContext(script, { window: { parent }, document: { getElementById: (id: string) => (id === 'refusal' ? card : null) } });
  return JSON.parse(JSON.stringify(posted)) as typeof posted;
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('GET /embed with no allowlist entry', () => {
  it('may be framed by any site, whatever the Referer, and says the answer depends on it', async () => {
    for (const headers of [{}, { referer: 'https://anyone.example/page' }] as Array<Record<string, string>>) {
      const response = await embed('/embed?movie_id=2', headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(PLAYER_SCRIPT);
      expect(directive(response, 'frame-ancestors')).toBe('frame-ancestors *');
      expect(String(response.headers.vary)).toMatch(/\bReferer\b/);
    }
  });
});

describe('GET /embed with an allowlist', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    ids = [await allow('https://global.example'), await allow('https://partner.example', 2), await allow('http://localhost:3000', 3)];
  });
  afterAll(async () => {
    for (const id of ids) await disallow(id);
  });

  it('names \'self\', the global origins and the content\'s own in frame-ancestors', async () => {
    const cases: Array<[string, string]> = [
      ['/embed?movie_id=2', "frame-ancestors 'self' https://global.example https://partner.example"],
      ['/embed/season-2/episode-1?movie_id=2&t=15', "frame-ancestors 'self' https://global.example https://partner.example"],
      ['/embed?movie_id=3&auto_play', "frame-ancestors 'self' http://localhost:3000 https://global.example"],
      ['/embed?movie_id=1', "frame-ancestors 'self' https://global.example"],
      // No content, a malformed one, one named twice: the global list alone; the player shows its own error.
      ['/embed', "frame-ancestors 'self' https://global.example"],
      ['/embed?movie_id=two', "frame-ancestors 'self' https://global.example"],
      ['/embed?movie_id=2&movie_id=3', "frame-ancestors 'self' https://global.example"],
      ['/embed?movie_id=99999999999', "frame-ancestors 'self' https://global.example"],
    ];
    for (const [url, expected] of cases) {
      const response = await embed(url);
      expect(response.statusCode, url).toBe(200);
      expect(directive(response, 'frame-ancestors'), url).toBe(expected);
    }
  });

  it('serves the player to an allowed Referer, to the server\'s own pages and to a request without a Referer', async () => {
    const allowed: Array<Record<string, string>> = [
      { referer: 'https://partner.example/films/page?x=1' },
      { referer: 'https://global.example/' },
      { referer: 'http://localhost/demo' },
      {},
      // A Referer that names no web origin is no Referer.
      { referer: 'not a url' },
      // A top-level visit (a shared link opened from another site) is framed by nobody.
      { referer: 'https://messenger.example/chat', 'sec-fetch-dest': 'document' },
    ];
    for (const headers of allowed) {
      const response = await embed('/embed?movie_id=2', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.body).toContain(PLAYER_SCRIPT);
      expect(directive(response, 'frame-ancestors')).toBe("frame-ancestors 'self' https://global.example https://partner.example");
    }
  });

  it('answers a Referer not on the list with 403 and a card that runs nothing of the player', async () => {
    for (const [url, referer] of [
      ['/embed?movie_id=2', 'https://other.example/watch'],
      ['/embed/season-2/episode-1?movie_id=2', 'https://other.example/'],
      // Exact origins: the partner's other port or scheme is another site, and so is another content's partner.
      ['/embed?movie_id=2', 'http://partner.example/'],
      ['/embed?movie_id=1', 'https://partner.example/'],
    ] as const) {
      const response = await embed(url, { referer });
      expect(response.statusCode, `${url} from ${referer}`).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(String(response.headers.vary)).toMatch(/\bReferer\b/);
      expect(response.body).toContain(`<h1>${CARD_TITLE}</h1>`);
      expect(response.body).toContain(`Владелец плеера не разрешил показывать его на ${new URL(referer).host}.`);
      expect(response.body).not.toContain('/assets/');
      expect(response.body).not.toMatch(/<script[^>]*\bsrc=/);
      expect(directive(response, 'frame-ancestors')).toBe('frame-ancestors *');
    }
  });

  it('lets only the card\'s own style and script run, through their hashes', async () => {
    const response = await embed('/embed?movie_id=2', { referer: 'https://other.example/' });
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(directive(response, 'script-src')).toBe(`script-src ${hashOf(script)}`);
    expect(directive(response, 'style-src')).toBe(`style-src ${hashOf(style)}`);
    expect(directive(response, 'default-src')).toBe("default-src 'none'");
  });

  it('posts embedRefused to the host page at its exact origin, never to \'*\'', async () => {
    const response = await embed('/embed?movie_id=2', { referer: 'http://other.example:8201/page' });
    expect(postedByCard(response.body)).toEqual([{
      target: 'http://other.example:8201',
      message: {
        source: 'kino-player', version: 1, type: 'embedRefused',
        payload: { code: 'NotAllowedError', message: 'Владелец плеера не разрешил показывать его на other.example:8201.' },
      },
    }]);
  });

  it('escapes the host it names', async () => {
    const response = await embed('/embed?movie_id=2', { referer: 'https://x&y"z\'.example/' });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('показывать его на x&amp;y&quot;z&#39;.example.');
    expect(response.body).not.toContain('x&y"z');
    expect(postedByCard(response.body)[0]?.target).toBe('https://x&y"z\'.example');
  });

  it('takes PUBLIC_ORIGIN as the server\'s own origin too', async () => {
    const behindProxy = await startTestApp({ dataDir: 'memory://', publicOrigin: 'https://kino.example' }, t.db);
    try {
      const response = await behindProxy.app.inject({ url: '/embed?movie_id=2', headers: { referer: 'https://kino.example/demo' } });
      expect(response.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('the allowlist cache', () => {
  it('is in /caches, and a change through the admin routes shows at the next player load', async () => {
    expect((await embed('/embed?movie_id=5', { referer: 'https://late.example/' })).statusCode).toBe(200);
    const administrator = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
    const caches = expectJson(await t.app.inject({ url: `${API}/caches`, headers: administrator }), 200, cacheListSchema).caches;
    expect(caches.find((cache) => cache.name === 'embed-origins')?.entries).toBeGreaterThan(0);
    const id = await allow('https://early.example', 5);
    expect((await embed('/embed?movie_id=5', { referer: 'https://late.example/' })).statusCode).toBe(403);
    expect((await embed('/embed?movie_id=5', { referer: 'https://early.example/' })).statusCode).toBe(200);
    await disallow(id);
    expect((await embed('/embed?movie_id=5', { referer: 'https://late.example/' })).statusCode).toBe(200);
  });
});
