import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_API_PREFIX } from '../../server/http/paths.ts';
import { bootDataElement, type BootEntries } from '../../server/widget/boot-data.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// /embed carries the API's own answers for the frame's first load (server/widget/boot-data.ts).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://player.test';
const HOST_PAGE = 'https://host.test/films/page?from=mail';
const IN_A_FRAME = { host: 'player.test', 'sec-fetch-dest': 'iframe', referer: HOST_PAGE };

/** The boot data of a document, or undefined when it has none. */
function bootDataOf(html: string): BootEntries | undefined {
  const elements = [...html.matchAll(/<script type="application\/json" id="boot-data">([^]*?)<\/script>/g)];
  expect(elements.length).toBeLessThanOrEqual(1);
  return elements[0] ? (JSON.parse(elements[0][1]!) as BootEntries) : undefined;
}

async function embed(url: string, headers: Record<string, string> = IN_A_FRAME, app = t.app): Promise<BootEntries | undefined> {
  const response = await app.inject({ url, headers });
  expect(response.statusCode).toBe(200);
  return bootDataOf(response.body);
}

/** What the API itself answers at an absolute URL of ours. */
async function apiAnswer(url: string, headers: Record<string, string> = {}, app = t.app): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  expect(target.origin).toBe(ORIGIN);
  const response = await app.inject({ url: `${target.pathname}${target.search}`, headers: { host: 'player.test', ...headers } });
  return { status: response.statusCode, body: response.body };
}

const api = (path: string) => `${ORIGIN}${CATALOG_API_PREFIX}/${path}`;

describe('the boot data of /embed', () => {
  it('carries, for a series in a frame, exactly what the API answers at each URL the frame will request', async () => {
    const boot = await embed('/embed?movie_id=2&enabled_share');
    expect(boot).toBeDefined();
    const urls = Object.keys(boot!.answers);
    expect(urls).toEqual(expect.arrayContaining([
      api('contents/2'),
      api('contents/2/seasons'),
      api('episodes?content-id=2'),
      // The frame sends the host page's origin and path (src/contract/catalogue/availability-domain.ts).
      api(`contents/2/available?domain=${encodeURIComponent('https://host.test/films/page')}`),
    ]));
    // One manifest: the episode a viewer with no marks of their own opens.
    const manifests = urls.filter((url) => url.includes('/manifests/'));
    expect(manifests).toHaveLength(1);
    for (const url of urls) {
      const answer = await apiAnswer(url);
      expect(answer.status, url).toBe(200);
      expect(boot!.answers[url], url).toEqual(JSON.parse(answer.body));
    }
  });

  it('carries the default source\'s master playlist and its media playlists, as the media route serves them', async () => {
    const boot = (await embed('/embed?movie_id=1'))!;
    const manifestUrl = Object.keys(boot.answers).find((url) => url.includes('/manifests/'))!;
    const manifest = boot.answers[manifestUrl] as { sources: { link: string; isDefault: boolean }[] };
    const source = manifest.sources.find((item) => item.isDefault) ?? manifest.sources[0]!;
    const master = new URL(source.link, ORIGIN).href;
    const playlists = Object.keys(boot.playlists);
    expect(playlists[0]).toBe(master);
    // Film 1: three video levels and two audio renditions.
    expect(playlists).toHaveLength(6);
    for (const url of playlists) {
      const answer = await apiAnswer(url);
      expect(answer.status, url).toBe(200);
      expect(boot.playlists[url], url).toBe(answer.body);
    }
    const total = playlists.reduce((sum, url) => sum + Buffer.byteLength(boot.playlists[url]!), 0);
    expect(total).toBeLessThanOrEqual(128 * 1024);
  });

  it('carries the first segment of each level and of the default audio, each one the media route serves', async () => {
    const boot = (await embed('/embed?movie_id=1'))!;
    const table = boot.firstSegments!;
    expect(table.src).toBe(Object.keys(boot.playlists)[0]);
    expect(table.levels).toHaveLength(3);
    const bitrates = table.levels.map((level) => level.bitrate);
    expect(bitrates).toEqual([...bitrates].sort((a, b) => a - b));
    const requests = [...table.levels.map((level) => level.segment!), table.audioSegment!];
    for (const { url } of requests) expect((await apiAnswer(url)).status, url).toBe(200);
  });

  it('opens the episode a shared link or the query names', async () => {
    const episodes = JSON.parse((await apiAnswer(api('episodes?content-id=2'))).body) as { id: number; order: number; season: { order: number }; m3u8MasterFilePath: string; episodeVariants: { filepath: string }[] }[];
    const fileOf = (episode: (typeof episodes)[number]) => new URL(episode.episodeVariants[0]?.filepath ?? episode.m3u8MasterFilePath, ORIGIN).href;
    const manifestOf = (boot: BootEntries | undefined) => Object.keys(boot!.answers).filter((url) => url.includes('/manifests/'));
    const second = episodes.find((episode) => episode.season.order === 1 && episode.order === 2)!;
    expect(manifestOf(await embed('/embed/season-1/episode-2?movie_id=2'))).toEqual([fileOf(second)]);
    expect(manifestOf(await embed('/embed?movie_id=2&season=1&episode=2'))).toEqual([fileOf(second)]);
    const last = episodes.at(-1)!;
    expect(manifestOf(await embed(`/embed?movie_id=2&episode_id=${last.id}`))).toEqual([fileOf(last)]);
  });

  it('keys availability by the document\'s own address when it is opened on its own, and leaves it out when the request does not show the page', async () => {
    const own = await embed('/embed?movie_id=1&t=5', { host: 'player.test', 'sec-fetch-dest': 'document' });
    expect(Object.keys(own!.answers)).toContain(api(`contents/1/available?domain=${encodeURIComponent(`${ORIGIN}/embed`)}`));
    const unknown = await embed('/embed?movie_id=1', { host: 'player.test' });
    expect(Object.keys(unknown!.answers).some((url) => url.includes('/available'))).toBe(false);
    const disabled = await embed('/embed?movie_id=1&disable_checking_available');
    expect(Object.keys(disabled!.answers).some((url) => url.includes('/available'))).toBe(false);
  });

  it('does not carry a failing answer: content 5\'s missing manifest is left to the frame', async () => {
    const boot = (await embed('/embed?movie_id=5'))!;
    expect(Object.keys(boot.answers)).toContain(api('contents/5'));
    expect(Object.keys(boot.answers).some((url) => url.includes('/manifests/'))).toBe(false);
    expect(boot.playlists).toEqual({});
  });

  it('is absent for an unknown content, without movie_id, and when the API is on another origin', async () => {
    expect(await embed('/embed?movie_id=999999')).toBeUndefined();
    expect(await embed('/embed')).toBeUndefined();
    const other = await startTestApp({ widget: { apiBaseUrl: 'https://api.example.test/catalog-api' } }, t.db);
    try {
      expect(await embed('/embed?movie_id=1', IN_A_FRAME, other.app)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('goes compressed to a browser that accepts it, varying on what it was read from', async () => {
    const response = await t.app.inject({ url: '/embed?movie_id=2', headers: { ...IN_A_FRAME, 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(String(response.headers.vary).toLowerCase().split(/\s*,\s*/)).toEqual(expect.arrayContaining(['referer', 'sec-fetch-dest', t.config.countryHeader, 'accept-encoding']));
    expect(bootDataOf(gunzipSync(response.rawPayload).toString('utf8'))?.answers[api('contents/2')]).toBeDefined();
  });

  it('escapes every < so nothing in an answer can end the element or open another', async () => {
    await t.db.query(`UPDATE contents SET description = $1 WHERE id = 3`, ['</script><script>alert(1)</script><!--']);
    // A fresh app over the same database: its catalogue cache reads the new text.
    const fresh = await startTestApp({}, t.db);
    try {
      const response = await fresh.app.inject({ url: '/embed?movie_id=3', headers: IN_A_FRAME });
      const element = /<script type="application\/json" id="boot-data">([^]*?)<\/script>/.exec(response.body)![1]!;
      expect(element).not.toContain('<');
      expect(element).toContain('\\u003c/script>');
      const boot = JSON.parse(element) as BootEntries;
      expect(boot.answers[api('contents/3')]).toEqual(JSON.parse((await apiAnswer(api('contents/3'), {}, fresh.app)).body));
      expect((boot.answers[api('contents/3')] as { description: string }).description).toBe('</script><script>alert(1)</script><!--');
      // The document's own scripts are still the only ones it runs.
      expect(response.body.match(/<script\b/g)).toHaveLength(2);
    } finally {
      await fresh.close();
    }
    expect(bootDataElement({ answers: { a: '<b>' }, playlists: {} })).toBe('<script type="application/json" id="boot-data">{"answers":{"a":"\\u003cb>"},"playlists":{}}</script>');
  });
});
