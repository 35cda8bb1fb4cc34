import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, startTestApp, type TestApp } from './helpers.ts';

coversCatalogue('GET /lib.js');

// The host SDK's build as the server finds it (the real one is checked in the browser tests).
const LIB = '(()=>{window.KinoPlayer={};})();\n';
let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sdk-'));
  await mkdir(path.join(dir, 'types'));
  await writeFile(path.join(dir, 'lib.js'), LIB);
  await writeFile(path.join(dir, 'kino-player.js'), 'export class KinoPlayer {}\n');
  await writeFile(path.join(dir, 'types/index.d.ts'), 'export declare class KinoPlayer {}\n');
  t = await startTestApp({ sdkDir: dir });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /catalog-api/lib.js (SPEC.md section 7)', () => {
  it('is the SDK script, loadable by any site, re-checked every few minutes', async () => {
    const response = await t.app.inject(`${API}/lib.js`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript\b/);
    expect(response.body).toBe(LIB);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 to its own ETag', async () => {
    const first = await t.app.inject(`${API}/lib.js`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: `${API}/lib.js`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('says 503 with the way out when the SDK is not built', async () => {
    const unbuilt = await startTestApp({ sdkDir: path.join(dir, 'missing') }, t.db);
    try {
      const response = await unbuilt.app.inject(`${API}/lib.js`);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/npm run build/);
    } finally {
      await unbuilt.close();
    }
  });
});

describe('GET /catalog-api/sdk/', () => {
  it('serves the ES module and its types to any site', async () => {
    const module = await t.app.inject(`${API}/sdk/kino-player.js`);
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toMatch(/javascript/);
    expect(module.headers['access-control-allow-origin']).toBe('*');
    const types = await t.app.inject(`${API}/sdk/types/index.d.ts`);
    expect(types.statusCode).toBe(200);
    expect(types.body).toContain('KinoPlayer');
  });

  it('lists nothing and serves nothing outside the build', async () => {
    const listing = await t.app.inject(`${API}/sdk/`);
    expect([403, 404]).toContain(listing.statusCode);
    expect(listing.body).not.toContain('kino-player.js');
    expect((await t.app.inject(`${API}/sdk/../../package.json`)).statusCode).toBe(404);
  });
});
