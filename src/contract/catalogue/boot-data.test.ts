import { describe, expect, it } from 'vitest';
import { readBootData } from './boot-data.ts';
import { createCatalogueClient } from '../../api/catalogue-client.ts';

const PAGE = 'https://player.example/embed?movie_id=2';
const API = 'https://player.example/catalog-api/';
const element = (value: unknown) => ({ textContent: JSON.stringify(value) });

/** A client over the given boot data whose network calls are recorded (each answers `{ from: 'network' }`). */
function clientWith(boot: unknown, options: { baseUrl?: string; cookie?: string } = {}) {
  const calls: string[] = [];
  const fetchImpl = (async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify({ from: 'network' }), { status: 200 });
  }) as typeof fetch;
  const client = createCatalogueClient({
    baseUrl: options.baseUrl ?? '/catalog-api',
    pageUrl: PAGE,
    cookie: () => options.cookie ?? '',
    fetch: fetchImpl,
    boot: readBootData(element(boot)),
  });
  return { client, calls };
}

describe('the boot data (src/contract/catalogue/boot-data.ts)', () => {
  const boot = {
    answers: {
      [`${API}contents/2`]: { id: 2, from: 'document' },
      [`${API}episodes?content-id=2`]: [{ id: 21, from: 'document' }],
      [`${API}manifests/episodes/21.json`]: { sources: [{ link: '/catalog-api/media/series/2/master.m3u8', label: 'HLS', isDefault: true }], subtitles: [] },
    },
    playlists: { 'https://player.example/catalog-api/media/series/2/master.m3u8': '#EXTM3U\n', 'https://player.example/catalog-api/media/series/2/v1.m3u8': '#EXTM3U\n#EXTINF:4,\ns.ts\n' },
  };

  it('answers the first GET of exactly its URL, once, without the network; the second asks the network', async () => {
    const { client, calls } = clientWith(boot);
    expect(await client.content(2)).toEqual({ id: 2, from: 'document' });
    expect(calls).toEqual([]);
    // Reloaded ('Перезагрузить страницу'): the same URL goes to the network.
    expect(await client.content(2)).toEqual({ from: 'network' });
    expect(calls).toEqual([`${API}contents/2`]);
  });

  it('leaves every other URL to the network', async () => {
    const { client, calls } = clientWith(boot);
    expect(await client.content(3)).toEqual({ from: 'network' });
    expect(await client.seasons(2)).toEqual({ from: 'network' });
    expect(await client.availability(2, 'https://host.example/page')).toEqual({ from: 'network' });
    expect(calls).toEqual([`${API}contents/3`, `${API}contents/2/seasons`, `${API}contents/2/available?domain=${encodeURIComponent('https://host.example/page')}`]);
  });

  it('gives a manifest with its links made absolute, like the network\'s, and the playlists of its source once', async () => {
    const { client, calls } = clientWith(boot);
    const { manifest } = await client.manifest('/catalog-api/manifests/episodes/21.json');
    expect(manifest.sources[0]?.link).toBe('https://player.example/catalog-api/media/series/2/master.m3u8');
    expect(calls).toEqual([]);
    expect(client.bootPlaylists?.('https://player.example/catalog-api/media/other.m3u8')).toBeUndefined();
    expect(client.bootPlaylists?.('https://player.example/catalog-api/media/series/2/master.m3u8')).toEqual(boot.playlists);
    expect(client.bootPlaylists?.('https://player.example/catalog-api/media/series/2/master.m3u8')).toBeUndefined();
  });

  it('lets a logged-in viewer ask for their own episodes (their completed marks), while the rest still comes from the document', async () => {
    const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
    const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '7', exp: Math.floor(Date.now() / 1000) + 600 })}.c2ln`;
    const { client, calls } = clientWith(boot, { cookie: `device_fp=x; authToken=${token}` });
    expect(await client.content(2)).toEqual({ id: 2, from: 'document' });
    expect(await client.episodes(2)).toEqual({ from: 'network' });
    expect(calls).toEqual([`${API}episodes?content-id=2`]);
    const anonymous = clientWith(boot);
    expect(await anonymous.client.episodes(2)).toEqual([{ id: 21, from: 'document' }]);
    expect(anonymous.calls).toEqual([]);
  });

  it('answers nothing for an API on another origin, whose URLs are not the document\'s keys', async () => {
    const { client, calls } = clientWith(boot, { baseUrl: 'https://api.example/catalog-api' });
    expect(await client.content(2)).toEqual({ from: 'network' });
    expect(calls).toEqual(['https://api.example/catalog-api/contents/2']);
  });

  it('answers nothing when the document carries none or a damaged one', async () => {
    expect(readBootData(null).take(`${API}contents/2`)).toBeUndefined();
    expect(readBootData({ textContent: '{"answers":' }).take(`${API}contents/2`)).toBeUndefined();
  });

  it('keeps an aborted call aborted', async () => {
    const { client } = clientWith(boot);
    const abort = new AbortController();
    abort.abort(new Error('gone'));
    await expect(client.content(2, abort.signal)).rejects.toThrow('gone');
  });
});
