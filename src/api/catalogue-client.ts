import type { Availability, Content, Episode, MasterManifest, Season } from './schema.ts';
import { availabilityDomain } from './availability-domain.ts';
import { RequestError } from './request-error.ts';
import { sessionContext } from './session-context.ts';

export interface CatalogueClientOptions {
  /** Base URL of the catalogue API, absolute or relative to the page. */
  baseUrl: string;
  /** The page's URL, to resolve relative URLs against. */
  pageUrl: string;
  /** document.cookie, read on every request (the fingerprint cookie may appear later). */
  cookie: () => string;
  /** Extra headers the host set globally (SPEC.md section 7). */
  extraHeaders?: () => Record<string, string>;
  fetch?: typeof fetch;
}

/** The calls the player makes to the catalogue (SPEC.md section 7). */
export interface CatalogueClient {
  content(id: number, signal?: AbortSignal): Promise<Content>;
  seasons(contentId: number, signal?: AbortSignal): Promise<Season[]>;
  episodes(contentId: number, signal?: AbortSignal): Promise<Episode[]>;
  /** Whether the viewer may watch the content here; `domain` is the page address (sent as availabilityDomain gives it). */
  availability(contentId: number, domain: string, signal?: AbortSignal): Promise<Availability>;
  /** Fetches a master manifest; returns it with its links made absolute. */
  manifest(path: string, signal?: AbortSignal): Promise<{ url: string; manifest: MasterManifest }>;
  /** A link from a response (root-relative to the API's origin, e.g. a poster) as an absolute URL. */
  absoluteUrl(link: string): string;
}

export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = new URL(options.baseUrl.replace(/\/?$/, '/'), options.pageUrl);

  async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
    const headers = { ...options.extraHeaders?.(), 'X-Session-Context': sessionContext(options.cookie()) };
    let response: Response;
    try {
      response = await doFetch(url, { headers, signal: signal ?? null });
    } catch (error) {
      if (signal?.aborted) throw error; // aborts pass through untouched
      throw new RequestError(url, 0, '');
    }
    if (!response.ok) throw new RequestError(url, response.status, await response.text().catch(() => ''));
    return (await response.json()) as T;
  }

  const api = (path: string) => new URL(path, base).href;

  return {
    content: (id, signal) => getJson(api(`contents/${id}`), signal),
    seasons: (contentId, signal) => getJson(api(`contents/${contentId}/seasons`), signal),
    episodes: (contentId, signal) => getJson(api(`episodes?content-id=${contentId}`), signal),
    availability: (contentId, domain, signal) => getJson(api(`contents/${contentId}/available?domain=${encodeURIComponent(availabilityDomain(domain))}`), signal),
    absoluteUrl: (link) => new URL(link, base).href,
    async manifest(path, signal) {
      // Root-relative paths are relative to the API's origin, not the page's.
      const url = new URL(path, base).href;
      return { url, manifest: resolveManifestLinks(await getJson<MasterManifest>(url, signal), url) };
    },
  };
}

/** Links not starting with http are prefixed with the manifest's origin (SPEC.md section 5). */
export function resolveManifestLinks(manifest: MasterManifest, manifestUrl: string): MasterManifest {
  const origin = new URL(manifestUrl).origin;
  const absolute = (link: string) => (link.startsWith('http') ? link : `${origin}${link.startsWith('/') ? '' : '/'}${link}`);
  return {
    ...manifest,
    sources: manifest.sources.map((source) => ({ ...source, link: absolute(source.link) })),
    subtitles: manifest.subtitles.map((subtitle) => ({ ...subtitle, src: absolute(subtitle.src) })),
    ...(manifest.thumbnails
      ? { thumbnails: { json: absolute(manifest.thumbnails.json), vtt: absolute(manifest.thumbnails.vtt) } }
      : {}),
  };
}
