import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, startTestApp, type TestApp } from './helpers.ts';

// Text the player reads on every load travels compressed; media does not. Catalogue reads carry
// an ETag and a minute's Cache-Control, and a client that has the answer gets a 304.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('compression', () => {
  it.each([
    ['br', `${API}/episodes?content-id=2`, /^application\/json/],
    ['gzip', `${API}/episodes?content-id=2`, /^application\/json/],
    ['br', `${API}/media/films/4/v360/index.m3u8`, /^application\/vnd\.apple\.mpegurl/],
    ['gzip', `${API}/media/films/1/subs/ru.vtt`, /^text\/vtt/],
    ['br', `${API}/ads/pod.xml?creativeIds=c1,c2`, /^application\/xml/],
  ] as const)('%s for %s', async (encoding, url, type) => {
    const plain = await t.app.inject(url);
    const packed = await t.app.inject({ url, headers: { 'accept-encoding': `${encoding}, identity;q=0.1` } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-type']).toMatch(type);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
    const body = decode[encoding](packed.rawPayload).toString('utf8');
    expect(body).toBe(plain.body);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it.each([
    `${API}/media/films/1/v240/seg-000.ts`,
    `${API}/media/films/6/v360/seg-000.m4s`,
    `${API}/media/ads/creative-1.mp4`,
    `${API}/media/posters/content-1.jpg`,
  ])('never for media: %s', async (url) => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('a byte range of a segment stays a plain 206', async () => {
    const response = await t.app.inject({ url: `${API}/media/films/1/v240/seg-000.ts`, headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(100);
  });
});

describe('ETag and Cache-Control on catalogue reads', () => {
  const READS = [
    `${API}/contents/1`,
    `${API}/contents/2/seasons`,
    `${API}/episodes?content-id=2`,
    `${API}/contents/3/available?domain=host.example`,
    `${API}/manifests/episodes/101.json`,
  ];

  it.each(READS)('%s: 304 for the ETag it gave, 200 for another', async (url) => {
    const first = await t.app.inject(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');

    const again = await t.app.inject({ url, headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await t.app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('availability depends on the country header, and says so', async () => {
    const blocked = await t.app.inject({ url: `${API}/contents/3/available`, headers: { 'x-viewer-country': 'DE' } });
    const allowed = await t.app.inject({ url: `${API}/contents/3/available`, headers: { 'x-viewer-country': 'RU' } });
    expect(String(blocked.headers.vary)).toMatch(/x-viewer-country/);
    expect(blocked.headers.etag).not.toBe(allowed.headers.etag);
  });
});
