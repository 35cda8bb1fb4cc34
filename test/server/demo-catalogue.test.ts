import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  availabilitySchema,
  contentSchema,
  episodeSchema,
  masterManifestSchema,
  seasonSchema,
  type MasterManifest,
} from '../../src/contract/schemas/schema.ts';
import { API, CONTENT_IDS, expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';

// Facts about the seeded demo catalogue that the player, the e2e tests and the docs rely on.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function content(id: number) {
  return expectJson(await t.app.inject(`${API}/contents/${id}`), 200, contentSchema);
}
async function episodes(id: number) {
  return expectJson(await t.app.inject(`${API}/episodes?content-id=${id}`), 200, z.array(episodeSchema));
}
async function manifest(path: string): Promise<MasterManifest> {
  return expectJson(await t.app.inject(path), 200, masterManifestSchema);
}
async function available(id: number, headers: Record<string, string> = {}): Promise<boolean> {
  const response = await t.app.inject({ url: `${API}/contents/${id}/available?domain=example.com`, headers });
  return expectJson(response, 200, availabilitySchema).available;
}
function defaultSource(m: MasterManifest) {
  const defaults = m.sources.filter((source) => source.isDefault);
  expect(defaults).toHaveLength(1);
  return defaults[0]!;
}

describe('content 1 (film)', () => {
  it('is a movie with a single episode', async () => {
    expect((await content(1)).contentType.slug).toBe('movie');
    expect(await episodes(1)).toHaveLength(1);
  });

  it('its manifest has a default HLS source, ru and en subtitles and thumbnails', async () => {
    const [episode] = await episodes(1);
    const m = await manifest(episode!.m3u8MasterFilePath);
    expect(defaultSource(m).link).toMatch(/^\/catalog-api\/media\/.+\.m3u8$/);
    expect(m.subtitles.map((subtitle) => subtitle.language)).toEqual(['ru', 'en']);
    expect(m.subtitles.every((subtitle) => subtitle.src.endsWith(`/${subtitle.language}.vtt`))).toBe(true);
    expect(m.thumbnails?.json).toMatch(/\.json$/);
    expect(m.thumbnails?.vtt).toMatch(/\.vtt$/);
  });
});

describe('content 2 (series)', () => {
  it('has seasons with orders 1 and 2', async () => {
    const seasons = expectJson(await t.app.inject(`${API}/contents/2/seasons`), 200, z.array(seasonSchema));
    expect(seasons.map((season) => season.order)).toEqual([1, 2]);
  });

  it('lists 5 episodes ordered by season order, then episode order (3 + 2)', async () => {
    const list = await episodes(2);
    expect(list.map((episode) => [episode.season.order, episode.order])).toEqual([
      [1, 1], [1, 2], [1, 3], [2, 1], [2, 2],
    ]);
    expect(list.map((episode) => episode.id)).toEqual([201, 202, 203, 204, 205]);
  });

  it('marks no episode completed for a caller without a token: marks are a viewer\'s own', async () => {
    const completed = (await episodes(2)).filter((episode) => episode.isCompleted).map((episode) => episode.id);
    expect(completed).toEqual([]);
  });

  it('gives every episode 2 variants whose manifests point at different master playlists', async () => {
    for (const episode of await episodes(2)) {
      expect(episode.episodeVariants, `episode ${episode.id}`).toHaveLength(2);
      const links = [];
      for (const variant of episode.episodeVariants) {
        links.push(defaultSource(await manifest(variant.filepath)).link);
      }
      expect(links.every((link) => link.endsWith('.m3u8'))).toBe(true);
      expect(new Set(links).size, `episode ${episode.id}: ${links.join(', ')}`).toBe(2);
    }
  });
});

describe('hasMultipleEpisodes', () => {
  it.each(CONTENT_IDS.map((id) => [id, id === 2] as const))('content %i → %s (true only for the series)', async (id, expected) => {
    expect((await content(id)).hasMultipleEpisodes).toBe(expected);
  });
});

describe('availability of content 3 (blocked in RU and BY)', () => {
  it.each([
    ['no country header (default RU)', {}, false],
    ['DE', { 'x-viewer-country': 'DE' }, true],
    ['BY', { 'x-viewer-country': 'BY' }, false],
    ['RU', { 'x-viewer-country': 'RU' }, false],
    ['malformed "Germany" (falls back to RU)', { 'x-viewer-country': 'Germany' }, false],
    ['malformed "D" (falls back to RU)', { 'x-viewer-country': 'D' }, false],
    ['malformed "12" (falls back to RU)', { 'x-viewer-country': '12' }, false],
    ['empty (falls back to RU)', { 'x-viewer-country': '' }, false],
  ] as const)('%s → available %s', async (_name, headers, expected) => {
    expect(await available(3, headers)).toBe(expected);
  });

  it('is unaffected by a header of another name', async () => {
    expect(await available(3, { 'x-country': 'DE' })).toBe(false);
  });

  it('other contents stay available in RU', async () => {
    for (const id of CONTENT_IDS.filter((id) => id !== 3)) {
      expect(await available(id, { 'x-viewer-country': 'RU' }), `content ${id}`).toBe(true);
    }
  });
});

describe('availability with another configuration', () => {
  it('uses DEFAULT_COUNTRY and COUNTRY_HEADER from the config', async () => {
    const other = await startTestApp({ defaultCountry: 'DE', countryHeader: 'cf-ipcountry' }, t.db);
    try {
      const ask = async (headers: Record<string, string>) =>
        expectJson(await other.app.inject({ url: `${API}/contents/3/available`, headers }), 200, availabilitySchema).available;
      expect(await ask({})).toBe(true);
      expect(await ask({ 'cf-ipcountry': 'BY' })).toBe(false);
      expect(await ask({ 'x-viewer-country': 'BY' })).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('contents without playable media and other formats', () => {
  it("content 5's manifest path answers 404 JSON", async () => {
    const [episode] = await episodes(5);
    expectApiError(await t.app.inject(episode!.m3u8MasterFilePath), 404);
  });

  it.each([
    [6, /\.m3u8$/],
    [7, /\.mpd$/],
  ] as const)("content %i's default source is %s", async (id, pattern) => {
    const [episode] = await episodes(id);
    expect(defaultSource(await manifest(episode!.m3u8MasterFilePath)).link).toMatch(pattern);
  });
});
