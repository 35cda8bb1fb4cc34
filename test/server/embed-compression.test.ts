import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/widget/compressed-documents.ts';
import { API, startTestApp, type TestApp } from './helpers.ts';

// The player's document is compressed once per distinct text (server/widget/compressed-documents.ts),
// with the encoding the app's compression would choose for any other answer.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HEADERS = ['gzip, deflate, br', 'gzip, deflate, br, zstd', 'gzip', 'br', 'br;q=0.5, gzip', 'gzip;q=0.8, br;q=0.8', 'BR;Q=0.9, gzip;q=0.1',
  'br;q=0, gzip;q=0', 'br;q=0', 'identity', 'deflate', '*', '*;q=0', 'x-gzip', 'gzip;q=0, br', ''];
const FRAME = { 'sec-fetch-dest': 'iframe', referer: 'https://host.test/page' };

describe('the embed document\'s compression', () => {
  it('picks the encoding the app picks for its other answers', async () => {
    for (const header of HEADERS) {
      const answer = await t.app.inject({ url: `${API}/episodes?content-id=2`, headers: { 'accept-encoding': header } });
      const document = await t.app.inject({ url: '/embed?movie_id=2', headers: { ...FRAME, 'accept-encoding': header } });
      expect(preferredEncoding(header), header).toBe(answer.headers['content-encoding']);
      expect(document.headers['content-encoding'], header).toBe(answer.headers['content-encoding']);
    }
  });

  it('sends, in brotli and in gzip, the very document it sends uncompressed, saying it varies on the encodings once', async () => {
    const plain = await t.app.inject({ url: '/embed?movie_id=2', headers: FRAME });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decompress] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      // Twice: the second is the kept bytes.
      for (let round = 0; round < 2; round += 1) {
        const response = await t.app.inject({ url: '/embed?movie_id=2', headers: { ...FRAME, 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(decompress(response.rawPayload).toString('utf8')).toBe(plain.body);
        const vary = String(response.headers.vary).toLowerCase().split(/\s*,\s*/);
        expect(vary.filter((name) => name === 'accept-encoding')).toHaveLength(1);
        expect(vary).toEqual(expect.arrayContaining(['referer', 'sec-fetch-dest', t.config.countryHeader]));
      }
    }
  });

  it('compresses each host page\'s document apart: its availability URL is its own', async () => {
    const of = async (page: string) => brotliDecompressSync((await t.app.inject({ url: '/embed?movie_id=2', headers: { ...FRAME, referer: page, 'accept-encoding': 'br' } })).rawPayload).toString('utf8');
    const [first, second] = [await of('https://first.example/a'), await of('https://second.example/b')];
    expect(first).toContain(encodeURIComponent('https://first.example/a'));
    expect(second).toContain(encodeURIComponent('https://second.example/b'));
    expect(second).not.toContain('first.example');
  });
});
