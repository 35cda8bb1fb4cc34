import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../src/contract/schemas/site-schema.ts';
import { DiskImageStore, MemoryImageStore } from '../../server/site/images/image-cache.ts';
import { ImageResizer } from '../../server/site/images/image-resizer.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, MEDIA_DIR, expectApiError, startTestApp, type TestApp } from './helpers.ts';

coversCatalogue('GET /image');

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // A data directory of its own: resized images are kept on disk beside it.
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'kino-image-')), 'data');
  t = await startTestApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

const POSTER = 'posters/content-1.jpg';
const image = (query: string, headers: Record<string, string> = {}) => t.app.inject({ url: `${API}/image?${query}`, headers });

describe('GET /catalog-api/image', () => {
  it('resizes a poster to the asked width, keeping its aspect ratio, as JPEG', async () => {
    const source = await sharp(`${MEDIA_DIR}${POSTER}`).metadata();
    const response = await image(`src=${POSTER}&w=160&format=jpeg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const made = await sharp(response.rawPayload).metadata();
    expect(made.format).toBe('jpeg');
    expect(made.width).toBe(160);
    expect(made.height).toBe(Math.round((160 * (source.height ?? 0)) / (source.width ?? 1)));
  });

  it('makes width × height with cover (cropped) and fits inside the box with inside', async () => {
    const cover = await sharp((await image(`src=${POSTER}&w=320&h=180&fit=cover&format=webp`)).rawPayload).metadata();
    expect([cover.format, cover.width, cover.height]).toEqual(['webp', 320, 180]);
    const inside = await sharp((await image(`src=${POSTER}&w=320&h=180&fit=inside&format=webp`)).rawPayload).metadata();
    expect(inside.height).toBe(180);
    expect(inside.width).toBeLessThan(320);
  });

  it('never enlarges past the source', async () => {
    const source = await sharp(`${MEDIA_DIR}${POSTER}`).metadata();
    const widest = Math.max(...IMAGE_WIDTHS);
    expect(widest).toBeGreaterThan(source.width ?? 0);
    const made = await sharp((await image(`src=${POSTER}&w=${widest}&format=jpeg`)).rawPayload).metadata();
    expect(made.width).toBe(source.width);
  });

  it('takes the catalogue\'s own poster URL as src', async () => {
    const [content] = await t.db.query<{ poster_path: string }>('SELECT poster_path FROM contents WHERE id = 1');
    const response = await image(`src=${encodeURIComponent(content?.poster_path ?? '')}&w=160&format=jpeg`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals((await image(`src=${POSTER}&w=160&format=jpeg`)).rawPayload)).toBe(true);
  });

  it('with format=auto picks AVIF, then WebP, then JPEG from Accept, and says it varies by Accept', async () => {
    const cases = [
      ['image/avif,image/webp,*/*', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ] as const;
    for (const [accept, type, format] of cases) {
      const response = await image(`src=${POSTER}&w=160`, { accept });
      expect(response.headers['content-type'], accept).toBe(type);
      expect(response.headers.vary).toMatch(/Accept/i);
      expect((await sharp(response.rawPayload).metadata()).format).toBe(format);
    }
    expect((await image(`src=${POSTER}&w=160&format=webp`, { accept: 'image/avif' })).headers.vary ?? '').not.toMatch(/Accept/i);
  });

  it('is cached for a year as immutable, with a strong ETag that answers 304 and differs per variant', async () => {
    const first = await image(`src=${POSTER}&w=480&format=jpeg`);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await image(`src=${POSTER}&w=480&format=jpeg`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await image(`src=${POSTER}&w=320&format=jpeg`)).headers.etag).not.toBe(etag);
    expect((await image(`src=${POSTER}&w=480&format=webp`)).headers.etag).not.toBe(etag);
  });

  it('keeps each made image on disk beside the data directory and serves it again unchanged', async () => {
    const folder = path.join(`${dataDir}-cache`, 'images');
    const before = new Set(await readdir(folder).catch(() => []));
    const first = await image(`src=posters/content-2.jpg&w=640&format=jpeg`);
    const made = (await readdir(folder)).filter((name) => !before.has(name));
    expect(made).toEqual([String(first.headers.etag).replaceAll('"', '')]);
    const second = await image(`src=posters/content-2.jpg&w=640&format=jpeg`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers 400 for a size, fit or format off the list, a remote URL or a path out of the media root', async () => {
    const cases: [string, RegExp][] = [
      [`src=${POSTER}&w=161`, /w: .*160, 320/],
      [`src=${POSTER}&w=160&h=100`, /h: /],
      [`src=${POSTER}&w=160&fit=fill`, /fit/],
      [`src=${POSTER}&w=160&format=gif`, /format/],
      [`src=${POSTER}`, /w: /],
      ['w=160', /src/],
      [`src=${encodeURIComponent('https://evil.example/a.jpg')}&w=160`, /src/],
      [`src=${encodeURIComponent('//evil.example/a.jpg')}&w=160`, /src/],
      [`src=${encodeURIComponent('posters/../../../etc/passwd.jpg')}&w=160`, /src/],
      [`src=${encodeURIComponent('/etc/hosts.jpg')}&w=160`, /src/],
      [`src=${encodeURIComponent('films/1/master.m3u8')}&w=160`, /src/],
      [`src=${POSTER}&w=160&w=320`, /w/],
      [`src=${POSTER}&w=160&quality=100`, /quality/],
    ];
    for (const [query, message] of cases) expect(expectApiError(await image(query), 400).message, query).toMatch(message);
  });

  it('answers 404 for an image that does not exist', async () => {
    const response = await image('src=posters/content-999.jpg&w=160');
    expect(expectApiError(response, 404).message).toMatch(/posters\/content-999\.jpg/);
    expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('answers 422, not cached for a year, for a source that is not a readable image', async () => {
    const mediaDir = path.join(path.dirname(dataDir), 'media');
    await mkdir(path.join(mediaDir, 'posters'), { recursive: true });
    await writeFile(path.join(mediaDir, 'posters', 'broken.jpg'), 'not a picture');
    const other = await startTestApp({ dataDir: 'memory://', mediaDir }, t.db);
    try {
      const response = await other.app.inject(`${API}/image?src=posters/broken.jpg&w=160&format=jpeg`);
      expect(expectApiError(response, 422).message).toMatch(/cannot be read/);
      expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
      expect(response.headers.etag).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('the resizer and the in-memory store', () => {
  it('resizes at most `concurrency` at once and refuses past the waiting line with 503', async () => {
    const resizer = new ImageResizer({ concurrency: 1, maxWaiting: 1 });
    const job = { file: `${MEDIA_DIR}${POSTER}`, width: 160, height: undefined, fit: 'cover', format: 'avif' } as const;
    const first = resizer.resize(job);
    const second = resizer.resize(job);
    expect(resizer.load).toEqual({ running: 1, waiting: 1 });
    await expect(resizer.resize(job)).rejects.toMatchObject({ statusCode: 503 });
    await Promise.all([first, second]);
    expect(resizer.load).toEqual({ running: 0, waiting: 0 });
  });

  it('on disk: counts what it holds and forgets it all when cleared', async () => {
    const store = new DiskImageStore(path.join(path.dirname(dataDir), 'store-test'));
    expect(await store.entries()).toBe(0);
    await store.set('d'.repeat(40), Buffer.from('image bytes'));
    expect(await store.entries()).toBe(1);
    expect((await store.get('d'.repeat(40)))?.toString()).toBe('image bytes');
    await store.clear();
    expect(await store.entries()).toBe(0);
    expect(await store.get('d'.repeat(40))).toBeUndefined();
    await expect(store.set('../escape', Buffer.from('x'))).rejects.toThrow(/key/);
  });

  it('keeps at most its byte bound, dropping the least recently used', async () => {
    const store = new MemoryImageStore(250);
    await store.set('a'.repeat(16), Buffer.alloc(100));
    await store.set('b'.repeat(16), Buffer.alloc(100));
    await store.get('a'.repeat(16));
    await store.set('c'.repeat(16), Buffer.alloc(100));
    expect(store.size).toBeLessThanOrEqual(250);
    expect(await store.get('b'.repeat(16))).toBeUndefined();
    expect(await store.get('a'.repeat(16))).toBeDefined();
    expect(store.entries()).toBe(2);
  });
});
