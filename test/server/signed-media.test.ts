import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MEDIA_DIR, expectApiError, startTestApp, type TestApp } from './helpers.ts';

// The demo media under /catalog-api/media-signed/: the same files, only with the operator's token.
const TOKEN = 'demo-token-123';
const SIGNED = `${API}/media-signed/`;
const FILE = 'films/6/v360/seg-000.m4s';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ mediaSignedToken: TOKEN });
});
afterAll(() => t.close());

describe('signed media', () => {
  it('serves a file with the valid token, byte ranges included, never to a shared cache', async () => {
    const bytes = await readFile(`${MEDIA_DIR}${FILE}`);
    const whole = await t.app.inject({ url: `${SIGNED}${FILE}?token=${TOKEN}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers['cache-control']).toMatch(/^private, /);
    const range = await t.app.inject({ url: `${SIGNED}${FILE}?token=${TOKEN}`, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it.each([
    ['without a token', ''],
    ['with a wrong token', '?token=guess'],
    ['with the token under another name', `?t=${TOKEN}`],
  ])('answers 403 %s', async (_case, query) => {
    expectApiError(await t.app.inject({ url: `${SIGNED}${FILE}${query}` }), 403);
  });

  it('leaves the open media path as it was', async () => {
    const response = await t.app.inject({ url: `${API}/media/${FILE}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, /);
  });

  it('does not exist without a token configured', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.app.inject({ url: `${SIGNED}${FILE}?token=${TOKEN}` })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
