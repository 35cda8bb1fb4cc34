import type { Availability, Content, Episode, MasterManifest, Season } from '../contract/schemas/schema.ts';
import type { ContentTimeProgress } from '../contract/schemas/viewer-schema.ts';
import { availabilityDomain } from '../contract/catalogue/availability-domain.ts';
import { RequestError } from './request-error.ts';
import { extraHeadersFilter, sessionContextFilter } from '../contract/net/catalogue-filters.ts';
import { authFilter } from '../contract/auth/auth-filter.ts';
import { createRequestEngine, FetchFailure, type Download, type RequestEngine } from '../contract/net/request-engine.ts';
import type { BootData } from '../contract/catalogue/boot-data.ts';
import { resolveManifestLinks } from '../contract/catalogue/manifest-links.ts';

export interface CatalogueClientOptions {
  /** Base URL of the catalogue API, absolute or relative to the page. */
  baseUrl: string;
  /** The page's URL, to resolve relative URLs against. */
  pageUrl: string;
  /** document.cookie, read on every request (the fingerprint cookie may appear later). */
  cookie: () => string;
  /** The authentication service's base URL, absolute or relative to the page; default /authenticator. */
  authBaseUrl?: string;
  /** Extra headers the host set globally (SPEC.md section 7). */
  extraHeaders?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** The answers the embed document carried (src/contract/catalogue/boot-data.ts): each URL's first GET only. */
  boot?: BootData;
}

/** The calls the player makes to the catalogue (SPEC.md section 7). */
export interface CatalogueClient {
  content(id: number, signal?: AbortSignal): Promise<Content>;
  seasons(contentId: number, signal?: AbortSignal): Promise<Season[]>;
  episodes(contentId: number, signal?: AbortSignal): Promise<Episode[]>;
  /** Whether the viewer may watch the content here; `domain` is the page address (sent as availabilityDomain gives it). */
  availability(contentId: number, domain: string, signal?: AbortSignal): Promise<Availability>;
  /** A logged-in viewer's saved times of the content, newest first (401 without a token). */
  timeProgress(contentId: number, signal?: AbortSignal): Promise<ContentTimeProgress>;
  /** Fetches a master manifest; returns it with its links made absolute. */
  manifest(path: string, signal?: AbortSignal): Promise<{ url: string; manifest: MasterManifest }>;
  /** A link from a response (root-relative to the API's origin, e.g. a poster) as an absolute URL. */
  absoluteUrl(link: string): string;
  /** The main thread's request engine with the catalogue's headers: the ad list goes through it too. */
  readonly requests: RequestEngine;
  /** The playlists the embed document carried for the stream `src` (once). */
  bootPlaylists?(src: string): Record<string, string> | undefined;
}

export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const base = new URL(options.baseUrl.replace(/\/?$/, '/'), options.pageUrl);
  const requests = createRequestEngine({
    fetchImpl: options.fetch ?? globalThis.fetch.bind(globalThis),
    requestFilters: [
      extraHeadersFilter(options.extraHeaders),
      sessionContextFilter(options.cookie),
      authFilter({ cookie: options.cookie, extraHeaders: options.extraHeaders, authBaseUrl: new URL(options.authBaseUrl ?? '/authenticator', options.pageUrl).href, fetchImpl: options.fetch }),
    ],
  });

  async function getJson<T>(url: string, kind: 'catalogue' | 'manifest', signal?: AbortSignal, personal = false): Promise<T> {
    // The document's answer is the anonymous one: a viewer with a token asks for their own.
    const carried = personal && /\bauth(Token|Session)=/.test(options.cookie()) ? undefined : options.boot?.take(url);
    if (carried !== undefined) {
      signal?.throwIfAborted();
      return carried as T;
    }
    let download: Download;
    try {
      download = await requests.request(url, { kind, signal: signal ?? new AbortController().signal });
    } catch (error) {
      // Aborts pass through untouched: the caller's own reason, not a failed request.
      if (signal?.aborted) throw signal.reason ?? error;
      // What is not a failed request (an invalid token) is itself the error.
      if (!(error instanceof FetchFailure)) throw error;
      throw new RequestError(url, error.failure.kind === 'status' ? error.failure.status : 0, error.body);
    }
    const text = new TextDecoder().decode(download.bytes);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new RequestError(url, download.status, text);
    }
  }

  const api = (path: string) => new URL(path, base).href;

  return {
    content: (id, signal) => getJson(api(`contents/${id}`), 'catalogue', signal),
    seasons: (contentId, signal) => getJson(api(`contents/${contentId}/seasons`), 'catalogue', signal),
    episodes: (contentId, signal) => getJson(api(`episodes?content-id=${contentId}`), 'catalogue', signal, true),
    timeProgress: (contentId, signal) => getJson(api(`contents/${contentId}/time-progress`), 'catalogue', signal),
    availability: (contentId, domain, signal) => getJson(api(`contents/${contentId}/available?domain=${encodeURIComponent(availabilityDomain(domain))}`), 'catalogue', signal),
    absoluteUrl: (link) => new URL(link, base).href,
    requests,
    bootPlaylists: (src) => options.boot?.playlists(src),
    async manifest(path, signal) {
      // Root-relative paths are relative to the API's origin, not the page's.
      const url = new URL(path, base).href;
      return { url, manifest: resolveManifestLinks(await getJson<MasterManifest>(url, 'manifest', signal), url) };
    },
  };
}
