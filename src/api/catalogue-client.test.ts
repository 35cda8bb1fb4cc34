import { describe, expect, it } from 'vitest';
import { createCatalogueClient } from './catalogue-client.ts';
import { resolveManifestLinks } from '../contract/catalogue/manifest-links.ts';
import { RequestError } from './request-error.ts';
import { sessionContext } from '../contract/auth/session-context.ts';

describe('resolveManifestLinks', () => {
  it('prefixes links that do not start with http with the manifest origin (SPEC.md section 5)', () => {
    const manifest = resolveManifestLinks(
      {
        sources: [
          { link: '/media/a/master.m3u8', label: 'HLS', isDefault: true },
          { link: 'https://cdn.example/b.m3u8', label: 'CDN', isDefault: false },
        ],
        subtitles: [{ src: '/media/a/ru.vtt', label: 'Русский', language: 'ru' }],
        thumbnails: { json: '/media/a/thumbs.json', vtt: '/media/a/thumbs.vtt' },
      },
      'https://api.example:8443/catalog-api/manifests/episodes/1.json',
    );
    expect(manifest.sources.map((source) => source.link)).toEqual([
      'https://api.example:8443/media/a/master.m3u8',
      'https://cdn.example/b.m3u8',
    ]);
    expect(manifest.subtitles[0]?.src).toBe('https://api.example:8443/media/a/ru.vtt');
    expect(manifest.thumbnails?.vtt).toBe('https://api.example:8443/media/a/thumbs.vtt');
  });
});

describe('sessionContext', () => {
  it('is the device_fp cookie, or empty when there is none (SPEC.md section 7)', () => {
    expect(sessionContext('a=1; device_fp=abc%3D%3D; b=2')).toBe('abc==');
    expect(sessionContext('a=1')).toBe('');
    expect(sessionContext('')).toBe('');
  });
});

describe('createCatalogueClient', () => {
  function recordingFetch(status = 200, body: unknown = {}) {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      calls.push({ url, headers: init?.headers as Record<string, string> });
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch;
    return { calls, fetchImpl };
  }

  it('makes a response\'s root-relative link absolute on the API\'s origin', () => {
    const client = createCatalogueClient({ baseUrl: 'https://api.example/catalog-api', pageUrl: 'https://player.example/embed', cookie: () => '' });
    expect(client.absoluteUrl('/catalog-api/media/posters/content-1.jpg')).toBe('https://api.example/catalog-api/media/posters/content-1.jpg');
    expect(client.absoluteUrl('https://cdn.example/p.jpg')).toBe('https://cdn.example/p.jpg');
  });

  it('sends X-Session-Context on every call and resolves paths against the API base', async () => {
    const { calls, fetchImpl } = recordingFetch(200, []);
    const client = createCatalogueClient({
      baseUrl: '/catalog-api',
      pageUrl: 'https://player.example/embed?movie_id=2',
      cookie: () => 'device_fp=fp1',
      extraHeaders: () => ({ 'X-Partner': 'p' }),
      fetch: fetchImpl,
    });
    await client.episodes(2);
    expect(calls).toEqual([
      { url: 'https://player.example/catalog-api/episodes?content-id=2', headers: { 'X-Partner': 'p', 'X-Session-Context': 'fp1' } },
    ]);
  });

  it('asks for seasons and for availability with the page\'s origin and path as domain', async () => {
    const { calls, fetchImpl } = recordingFetch(200, { available: true });
    const client = createCatalogueClient({ baseUrl: '/catalog-api', pageUrl: 'https://player.example/embed', cookie: () => '', fetch: fetchImpl });
    await client.seasons(2);
    await client.availability(2, 'https://host.example/films/a%20b?x=1');
    expect(calls.map((call) => call.url)).toEqual([
      'https://player.example/catalog-api/contents/2/seasons',
      'https://player.example/catalog-api/contents/2/available?domain=https%3A%2F%2Fhost.example%2Ffilms%2Fa%2520b',
    ]);
  });

  it('turns a failed response into a RequestError carrying status, URL and body', async () => {
    const { fetchImpl } = recordingFetch(404, { message: 'content 9 not found' });
    const client = createCatalogueClient({ baseUrl: 'https://api.example/catalog-api/', pageUrl: 'https://p.example/', cookie: () => '', fetch: fetchImpl });
    const failure = await client.content(9).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({ status: 404, url: 'https://api.example/catalog-api/contents/9' });
    expect((failure as RequestError).body).toContain('content 9 not found');
  });
});
