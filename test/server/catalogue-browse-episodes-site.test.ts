import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { episodeResourceSchema, freshEpisodePageSchema, mainRedirectSchema, menuItemSchema, redirectSchema } from '../../src/contract/schemas/browse-schema.ts';
import { masterManifestSchema } from '../../src/contract/schemas/schema.ts';
import { browseTestApp, FIXTURE } from './catalogue-browse-fixture.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, startTestApp } from './helpers.ts';

coversCatalogue(
  'POST /episodes/fresh',
  'GET /episodes/{id}/resource',
  'GET /menu',
  'GET /redirect-info',
  'GET /main-redirect-info',
);

const { episodes, variants } = FIXTURE;

const browse = browseTestApp();
const { get, post } = browse;

describe('POST /episodes/fresh', () => {
  it('lists released episodes of series, newest first, with their content\'s card; a film\'s one episode is no news', async () => {
    // The fixture's episodes are released in 2098, after anything real.
    const fresh = expectJson(await post('/episodes/fresh', { pageSize: 2 }), 200, freshEpisodePageSchema);
    expect(fresh.items.map((episode) => [episode.id, episode.releasedAt, episode.content.slug])).toEqual([
      [episodes.second, '2098-02-01T10:00:00.000Z', 'zt-delta'],
      [episodes.first, '2098-01-01T10:00:00.000Z', 'zt-delta'],
    ]);
    expect(fresh.items[0]).toMatchObject({ order: 2, season: { id: FIXTURE.season, order: 1 }, title: 'Зт серия 2' });
    const [counted] = await browse.app().db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM episodes e WHERE e.released_at IS NOT NULL
         AND (SELECT count(*) FROM episodes o WHERE o.content_id = e.content_id) > 1`,
    );
    expect(fresh.total).toBe(counted?.total);
  });

  it('narrows to the content types asked, and pages', async () => {
    const series = expectJson(await post('/episodes/fresh', { types: ['series', 'movie'], pageSize: 1 }), 200, freshEpisodePageSchema);
    expect(series.items.map((episode) => episode.id)).toEqual([episodes.second]);
    const cartoons = expectJson(await post('/episodes/fresh', { types: ['cartoon'], pageSize: 100 }), 200, freshEpisodePageSchema);
    expect(cartoons.items.filter((episode) => episode.content.contentType.slug !== 'cartoon' || episode.content.slug === 'zt-delta')).toEqual([]);
    const second = expectJson(await post('/episodes/fresh', { pageSize: 1, page: 2 }), 200, freshEpisodePageSchema);
    expect(second.items.map((episode) => episode.id)).toEqual([episodes.first]);
    expect(expectJson(await post('/episodes/fresh'), 200, freshEpisodePageSchema).page).toBe(1);
  });

  it.each([{ page: 0 }, { pageSize: 'ten' }, { types: ['opera'] }, { since: '2020' }])('%j is a 400', async (body) => {
    expectApiError(await post('/episodes/fresh', body), 400);
  });
});

describe('GET /episodes/{id}/resource', () => {
  it('answers the manifest, the variants with their studios, the subtitles and the duration', async () => {
    const resource = expectJson(await get(`/episodes/${episodes.first}/resource`), 200, episodeResourceSchema);
    expect(resource).toMatchObject({
      episodeId: episodes.first,
      contentId: FIXTURE.contents.delta,
      order: 1,
      season: { id: FIXTURE.season, order: 1 },
      duration: 1500,
      manifestPath: `/catalog-api/manifests/episodes/${episodes.first}.json`,
      subtitles: [{ src: '/zt/1.vtt', label: 'Клингонский', language: FIXTURE.subtitleLanguage }],
    });
    expect(resource.variants.map((variant) => [variant.id, variant.voiceAuthor?.slug ?? null])).toEqual([
      [variants.voiced, 'zt-studio'],
      [variants.anonymous, null],
    ]);
    const manifest = expectJson(await browse.app().app.inject(String(resource.manifestPath)), 200, masterManifestSchema);
    expect(manifest.sources.map((source) => source.link)).toEqual(['/zt/master.m3u8']);
  });

  it('says when an episode has no media yet', async () => {
    const resource = expectJson(await get(`/episodes/${episodes.second}/resource`), 200, episodeResourceSchema);
    expect(resource.manifestPath).toBeNull();
    expect(resource.variants).toEqual([]);
  });

  it('serves the demo series\' episodes, whose manifests the player opens', async () => {
    const [episode] = await browse.app().db.query<{ id: number }>('SELECT id FROM episodes WHERE content_id = 2 ORDER BY id LIMIT 1');
    const resource = expectJson(await get(`/episodes/${episode?.id}/resource`), 200, episodeResourceSchema);
    expect(resource.variants.length).toBeGreaterThan(1);
    for (const variant of resource.variants) expectJson(await browse.app().app.inject(variant.filepath), 200, masterManifestSchema);
  });

  it('404 for an unknown episode, 400 for a malformed id', async () => {
    expect(expectApiError(await get('/episodes/123456789/resource'), 404).message).toBe('episode 123456789 not found');
    expectApiError(await get('/episodes/first/resource'), 400);
  });
});

describe('GET /menu', () => {
  it('nests sub-items under their item, each level in order', async () => {
    const menu = expectJson(await get('/menu'), 200, z.array(menuItemSchema));
    const ours = menu.find((item) => item.id === FIXTURE.menu.top);
    expect(ours).toEqual({
      id: FIXTURE.menu.top,
      title: 'Зт раздел',
      url: '/zt',
      children: [
        { id: FIXTURE.menu.first, title: 'Зт первый', url: '/zt/1', children: [] },
        { id: FIXTURE.menu.second, title: 'Зт второй', url: '/zt/2', children: [] },
      ],
    });
    expect(menu.some((item) => item.id === FIXTURE.menu.first)).toBe(false);
  });
});

describe('redirects', () => {
  it('GET /redirect-info answers where an old path now lives', async () => {
    expect(expectJson(await get('/redirect-info?path=/zt-old'), 200, redirectSchema)).toEqual({ fromPath: '/zt-old', toPath: '/zt-new', statusCode: 308 });
  });

  it('GET /redirect-info: 404 for a path without a redirect, 400 for a missing or malformed path', async () => {
    expect(expectApiError(await get('/redirect-info?path=/zt-new'), 404).message).toBe('no redirect for /zt-new');
    expect(expectApiError(await get('/redirect-info'), 400).message).toMatch(/path: is required/);
    expect(expectApiError(await get('/redirect-info?path=zt-old'), 400).message).toMatch(/starting with \//);
    expectApiError(await get('/redirect-info?path=/a&path=/b'), 400);
  });

  it('GET /main-redirect-info: null while the home page has none, then the one marked main', async () => {
    await browse.app().db.query('UPDATE redirects SET is_main = false');
    // A fresh app on the same database: the first one may have kept an earlier answer.
    const before = await startTestApp({}, browse.app().db);
    try {
      expect(expectJson(await before.app.inject(`${API}/main-redirect-info`), 200, mainRedirectSchema)).toEqual({ redirect: null });
    } finally {
      await before.close();
    }
    await browse.app().db.query("INSERT INTO redirects (from_path, to_path, status_code, is_main) VALUES ('/', '/zt-home', 302, true) ON CONFLICT (from_path) DO UPDATE SET to_path = '/zt-home', status_code = 302, is_main = true");
    const after = await startTestApp({}, browse.app().db);
    try {
      expect(expectJson(await after.app.inject(`${API}/main-redirect-info`), 200, mainRedirectSchema)).toEqual({
        redirect: { fromPath: '/', toPath: '/zt-home', statusCode: 302 },
      });
    } finally {
      await after.close();
    }
  });
});
