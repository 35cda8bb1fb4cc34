import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderOfMediaLink } from '../../server/catalogue/media/progressive-media.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, MEDIA_DIR, expectApiError, startTestApp, type TestApp } from './helpers.ts';

coversCatalogue('GET /proxy/{a}/{b}/index.mp4', 'HEAD /proxy/{a}/{b}/index.mp4');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ dataDir: 'memory://' });
});
afterAll(() => t.close());

const proxy = (episodeId: number | string, height: number | string = 360) => `${API}/proxy/${episodeId}/${height}/index.mp4`;
/** The file an episode with its own media plays, as make-media wrote it. */
const fileOf = (mediaDir: string) => `${MEDIA_DIR}progressive/${mediaDir}/360.mp4`;

/** Episodes of the demo catalogue that have media, read from the database. */
async function episodesWithMedia(): Promise<{ id: number; media_dir: string }[]> {
  return t.db.query<{ id: number; media_dir: string }>('SELECT id, media_dir FROM episodes WHERE media_dir IS NOT NULL ORDER BY id');
}

describe('GET /catalog-api/proxy/{episode}/{height}/index.mp4', () => {
  it('answers each episode with media as a whole MP4 whose index comes first (faststart)', async () => {
    const episodes = await episodesWithMedia();
    expect(episodes.length).toBeGreaterThan(0);
    for (const { id, media_dir: dir } of episodes) {
      const response = await t.app.inject({ url: proxy(id), headers: { origin: 'https://tv.example' } });
      expect(response.statusCode, `episode ${id}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^video\/mp4/);
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.rawPayload.equals(await readFile(fileOf(dir)))).toBe(true);
      const body = response.rawPayload;
      expect(body.indexOf('moov')).toBeGreaterThan(0);
      expect(body.indexOf('moov')).toBeLessThan(body.indexOf('mdat'));
    }
  });

  it('answers a byte range with 206 and Content-Range, and an unsatisfiable one with 416', async () => {
    const [episode] = await episodesWithMedia();
    if (!episode) throw new Error('no episode with media');
    const whole = await readFile(fileOf(episode.media_dir));
    const partial = await t.app.inject({ url: proxy(episode.id), headers: { range: 'bytes=100-199' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-199/${whole.length}`);
    expect(partial.rawPayload.equals(whole.subarray(100, 200))).toBe(true);
    const beyond = await t.app.inject({ url: proxy(episode.id), headers: { range: `bytes=${whole.length + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
    expect(beyond.headers['cache-control'] ?? '').not.toMatch(/max-age/);
    expect(partial.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('carries validators: the same ETag again is a 304', async () => {
    const [episode] = await episodesWithMedia();
    const first = await t.app.inject(proxy(episode?.id ?? 0));
    expect(first.headers['last-modified']).toBeTruthy();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await t.app.inject({ url: proxy(episode?.id ?? 0), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('plays an episode without media of its own from the stream its source links to', async () => {
    // Like the generated catalogue's episodes: no media_dir, a source pointing at a demo stream.
    const [film] = await t.db.query<{ link: string; media_dir: string }>(
      "SELECT s.link, e.media_dir FROM media_sources s JOIN episodes e ON e.id = s.episode_id WHERE e.media_dir = 'films/3' AND s.variant_id IS NULL",
    );
    if (!film) throw new Error('film 3 has no source');
    await t.db.query("INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES (990010, 'proxy-test', 'Прокси', 'movie', 2026, '/p.jpg')");
    await t.db.query('INSERT INTO seasons (id, content_id, season_order) VALUES (990010, 990010, 1)');
    await t.db.query("INSERT INTO episodes (id, content_id, season_id, episode_order, title, duration) VALUES (990010, 990010, 990010, 1, 'Фильм', 12)");
    await t.db.query("INSERT INTO media_sources (episode_id, link, label, is_default, position) VALUES (990010, $1, 'HLS', true, 0)", [film.link]);
    const response = await t.app.inject(proxy(990010));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await readFile(fileOf(film.media_dir)))).toBe(true);
  });

  it('answers 404 for an unknown episode, an episode without media, and a height it was not made in', async () => {
    expectApiError(await t.app.inject(proxy(999_999)), 404);
    await t.db.query("INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES (990012, 'proxy-none', 'Без видео', 'movie', 2026, '/p.jpg')");
    await t.db.query('INSERT INTO seasons (id, content_id, season_order) VALUES (990012, 990012, 1)');
    await t.db.query("INSERT INTO episodes (id, content_id, season_id, episode_order, title, duration) VALUES (990012, 990012, 990012, 1, 'Без видео', 12)");
    expect(expectApiError(await t.app.inject(proxy(990012)), 404).message).toMatch(/no media/);
    const [episode] = await episodesWithMedia();
    expect(expectApiError(await t.app.inject(proxy(episode?.id ?? 0, 1080)), 404).message).toMatch(/1080p/);
  });

  it('answers 400 for an episode or height that is not a number', async () => {
    expectApiError(await t.app.inject(proxy('abc')), 400);
    expectApiError(await t.app.inject(proxy(101, 'hd')), 400);
    expectApiError(await t.app.inject(proxy(0)), 400);
  });

  it('never serves a file outside its folder, whatever the database says', async () => {
    expect(folderOfMediaLink('/catalog-api/media/films/1/master.m3u8')).toBe('films/1');
    expect(folderOfMediaLink('https://cdn.example/catalog-api/media/series/2/s1e1/master-v1.m3u8')).toBe('series/2/s1e1');
    expect(folderOfMediaLink('https://cdn.example/elsewhere/master.m3u8')).toBeUndefined();
    await t.db.query("INSERT INTO contents (id, slug, title, content_type, year, poster_path) VALUES (990011, 'proxy-escape', 'Побег', 'movie', 2026, '/p.jpg')");
    await t.db.query('INSERT INTO seasons (id, content_id, season_order) VALUES (990011, 990011, 1)');
    await t.db.query("INSERT INTO episodes (id, content_id, season_id, episode_order, title, duration, media_dir) VALUES (990011, 990011, 990011, 1, 'Побег', 12, '../../server')");
    expectApiError(await t.app.inject(proxy(990011)), 404);
  });
});

describe('HEAD /catalog-api/proxy/{episode}/{height}/index.mp4', () => {
  it('answers the headers of GET, the file\'s length, and no body', async () => {
    const [episode] = await episodesWithMedia();
    if (!episode) throw new Error('no episode with media');
    const response = await t.app.inject({ method: 'HEAD', url: proxy(episode.id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^video\/mp4/);
    expect(Number(response.headers['content-length'])).toBe((await stat(fileOf(episode.media_dir))).size);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers 404 and 400 as GET does', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: proxy(999_999) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: proxy('abc') })).statusCode).toBe(400);
  });
});
