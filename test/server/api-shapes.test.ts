import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adListSchema,
  adTrackingRecordSchema,
  availabilitySchema,
  contentSchema,
  episodeSchema,
  masterManifestSchema,
  seasonSchema,
  type Episode,
} from '../../src/contract/schemas/schema.ts';
import { API, CONTENT_IDS, expectApiError, expectJson, startTestApp, type TestApp } from './helpers.ts';

// Every JSON response the player reads, checked against the documented (strict) schemas.
let t: TestApp;
const episodesByContent = new Map<number, Episode[]>();

beforeAll(async () => {
  t = await startTestApp();
  for (const id of CONTENT_IDS) {
    const response = await t.app.inject(`${API}/episodes?content-id=${id}`);
    episodesByContent.set(id, expectJson(response, 200, z.array(episodeSchema)));
  }
});
afterAll(() => t.close());

function episodesOf(contentId: number): Episode[] {
  return episodesByContent.get(contentId) ?? [];
}

describe.each(CONTENT_IDS)('content %i', (id) => {
  it('details match the content schema', async () => {
    const content = expectJson(await t.app.inject(`${API}/contents/${id}`), 200, contentSchema);
    expect(content.id).toBe(id);
  });

  it('seasons match the season schema', async () => {
    const seasons = expectJson(await t.app.inject(`${API}/contents/${id}/seasons`), 200, z.array(seasonSchema));
    expect(seasons.length).toBeGreaterThan(0);
    expect(seasons.every((season) => season.contentId === id)).toBe(true);
  });

  it('episodes match the episode schema', () => {
    const episodes = episodesOf(id);
    expect(episodes.length).toBeGreaterThan(0);
    expect(episodes.every((episode) => episode.contentId === id)).toBe(true);
  });

  it('availability matches the availability schema', async () => {
    const url = `${API}/contents/${id}/available?domain=${encodeURIComponent('https://host.example/page?x=1')}`;
    expectJson(await t.app.inject(url), 200, availabilitySchema);
  });

  it('every episode and variant manifest the API points at matches the manifest schema', async () => {
    const paths = episodesOf(id).flatMap((episode) => [
      episode.m3u8MasterFilePath,
      ...episode.episodeVariants.map((variant) => variant.filepath),
    ]);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path).toMatch(/^\/catalog-api\/.+\.json$/);
      const response = await t.app.inject(path);
      // Content 5 has no media on purpose: its manifest is a documented 404.
      if (id === 5) expectApiError(response, 404);
      else expect(expectJson(response, 200, masterManifestSchema).sources.length).toBeGreaterThan(0);
    }
  });
});

describe('ads', () => {
  it('the ad list matches the ad list schema', async () => {
    const list = expectJson(await t.app.inject(`${API}/ad-list.json`), 200, adListSchema);
    expect(list.prerollList.length + list.midrollList.length).toBeGreaterThan(0);
  });

  it('tracking events match the tracking record schema', async () => {
    const hit = await t.app.inject(`${API}/ads/track?creativeId=c1&event=error&code=402`);
    expect(hit.statusCode).toBe(204);
    const body = expectJson(
      await t.app.inject(`${API}/ads/tracking-events?creativeId=c1`),
      200,
      z.strictObject({ events: z.array(adTrackingRecordSchema) }),
    );
    const last = body.events.at(-1);
    expect(last).toMatchObject({ creativeId: 'c1', event: 'error', errorCode: 402 });
    expect(Number.isNaN(Date.parse(last?.receivedAt ?? ''))).toBe(false);
  });
});
