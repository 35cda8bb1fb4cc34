import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_CASES } from '../../server/ads/ad-cases.ts';
import { adListSchema } from '../../src/contract/schemas/schema.ts';
import { resolveVast, type ResolvedVast } from '../../workers/vast/vast-chain.ts';
import { API, expectJson, pathOf, startTestApp, type TestApp } from './helpers.ts';

// The demo ad cases, read by the player's own VAST reader: what each one gives the player.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function resolveCase(demoCase: string): Promise<ResolvedVast[]> {
  const list = expectJson(await t.app.inject(`${API}/ad-list.json?case=${demoCase}`), 200, adListSchema);
  return Promise.all(list.prerollList.map((item) => resolveVast({ url: item.vastUrl ?? '' }, {
    canPlay: (file) => file.type === 'video/mp4',
    async load(url) {
      const response = await t.app.inject(pathOf(url));
      return response.statusCode === 200 ? { ok: true, text: response.body, url } : { ok: false, timedOut: false, reason: `HTTP ${response.statusCode}` };
    },
  })));
}

describe('the demo ad cases', () => {
  it('refuses a case it does not know, naming those it does', async () => {
    const response = await t.app.inject(`${API}/ad-list.json?case=nope`);
    expect(response.statusCode).toBe(400);
    for (const name of Object.keys(AD_CASES)) expect(response.body).toContain(name);
  });

  it('none: no preroll, no midroll', async () => {
    expect(expectJson(await t.app.inject(`${API}/ad-list.json?case=none`), 200, adListSchema)).toEqual({ prerollList: [], midrollList: [] });
  });

  it('wrapper-2: one ad, with the two wrappers\' impressions and the creative\'s, and the Russian marking', async () => {
    const [{ ads, failures }] = (await resolveCase('wrapper-2')) as [ResolvedVast];
    expect(failures).toEqual([]);
    expect(ads).toHaveLength(1);
    expect(ads[0]?.wrapperDepth).toBe(2);
    expect(ads[0]?.impressions.map((url) => new URL(url).searchParams.get('via'))).toEqual(['wrapper-2', 'wrapper-1', null]);
    expect(ads[0]).toMatchObject({ advertiser: 'ООО «Кино Демо»', erid: expect.stringMatching(/^2Vtzq/) });
  });

  it.each([
    ['wrapper-6', 302],
    ['no-ad', 901],
    ['malformed', 100],
    ['unplayable', 403],
  ])('%s fails with %i, and names Error URLs to tell the ad server', async (demoCase, code) => {
    const [{ ads, failures }] = (await resolveCase(demoCase)) as [ResolvedVast];
    expect(ads).toEqual([]);
    expect(failures.map((failure) => failure.code)).toEqual([code]);
    expect(failures[0]?.errorUrls.length).toBeGreaterThan(0);
  });

  it('pod: two ads in sequence', async () => {
    const [{ ads }] = (await resolveCase('pod')) as [ResolvedVast];
    expect(ads.map((ad) => ad.sequence)).toEqual([1, 2]);
    expect(new Set(ads.map((ad) => ad.id)).size).toBe(2);
  });

  it('broken-media: the VAST is fine, its media file is not there', async () => {
    const [{ ads }] = (await resolveCase('broken-media')) as [ResolvedVast];
    const media = await t.app.inject(pathOf(ads[0]?.mediaFile.url ?? ''));
    expect(media.statusCode).toBe(404);
  });

  it('keeps its demo parameters bounded', async () => {
    expect((await t.app.inject(`${API}/vast.xml?creativeId=c1&delayMs=999999`)).statusCode).toBe(400);
    expect((await t.app.inject(`${API}/ads/wrapper.xml?creativeId=c1&depth=50`)).statusCode).toBe(400);
    expect((await t.app.inject(`${API}/ads/track?creativeId=c1&event=start&via=%00`)).statusCode).toBe(400);
  });
});
