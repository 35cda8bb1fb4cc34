import type { FastifyInstance, FastifyRequest } from 'fastify';
import { availabilityDomain } from '../../src/contract/catalogue/availability-domain.ts';
import { resolveManifestLinks } from '../../src/contract/catalogue/manifest-links.ts';
import type { Episode, MasterManifest } from '../../src/contract/schemas/schema.ts';
import { chooseInitialEpisode, chooseVariant, episodeFilePath, orderEpisodes } from '../../src/contract/catalogue/episode-choice.ts';
import { parsePositiveInteger } from '../../src/contract/query-values.ts';
import { CATALOG_API_PREFIX, MEDIA_URL_PREFIX } from '../http/paths.ts';

/** At most this much playlist text (master and media playlists) goes into one document. */
export const PLAYLIST_BYTES_CAP = 128 * 1024;

/** What /embed carries (src/contract/catalogue/boot-data.ts reads it): answers by absolute URL, playlists of the first source. */
export interface BootEntries {
  answers: Record<string, unknown>;
  playlists: Record<string, string>;
}

export interface BootDataOptions {
  /** The frame's `data-api-base-url`, absolute or relative to the document. */
  apiBaseUrl: string;
  /** The edge's country header: the availability answer depends on it. */
  countryHeader: string;
}

/**
 * The calls the player will make on its first load of this document, answered now by the API's
 * own routes (through `app.inject`: the same handlers, validation and catalogue cache), keyed by
 * the exact absolute URL the frame will request: content details, seasons, the anonymous
 * episodes, availability when the page address the frame sends as `domain` is known, the master
 * manifest of the episode it will open with no viewer marks, and that manifest's default source's
 * playlists when they are our own media. Only successful answers are carried; the rest the frame
 * asks for and shows as usual. Undefined when there is nothing to carry (no movie_id, an unknown
 * content, an API on another origin).
 */
export async function collectBootData(app: FastifyInstance, request: FastifyRequest, options: BootDataOptions): Promise<BootEntries | undefined> {
  const page = new URL(request.url, `${request.protocol}://${request.host}`);
  const api = new URL(options.apiBaseUrl.replace(/\/?$/, '/'), page);
  // Only our own API, where the frame will find it: another origin is asked by the frame itself.
  if (api.origin !== page.origin || api.pathname !== `${CATALOG_API_PREFIX}/`) return undefined;
  const query = page.searchParams;
  const movieId = parsePositiveInteger(query.get('movie_id'));
  if (movieId === undefined) return undefined;

  const country = request.headers[options.countryHeader.toLowerCase()];
  const get = async (url: string): Promise<string | undefined> => {
    const target = new URL(url);
    const response = await app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: typeof country === 'string' ? { [options.countryHeader]: country } : {},
    });
    return response.statusCode === 200 ? response.body : undefined;
  };
  const answers: Record<string, unknown> = {};
  const answer = async <T>(url: string): Promise<T | undefined> => {
    const text = await get(url);
    if (text === undefined) return undefined;
    const value = JSON.parse(text) as T;
    answers[url] = value;
    return value;
  };

  const href = (path: string) => new URL(path, api).href;
  const domain = query.has('disable_checking_available') ? undefined : pageAddress(request, page);
  const [content, , episodes, availability] = await Promise.all([
    answer(href(`contents/${movieId}`)),
    answer(href(`contents/${movieId}/seasons`)),
    answer<Episode[]>(href(`episodes?content-id=${movieId}`)),
    domain === undefined ? undefined : answer<{ available: boolean }>(href(`contents/${movieId}/available?domain=${encodeURIComponent(availabilityDomain(domain))}`)),
  ]);
  if (content === undefined) return undefined;
  const playlists: Record<string, string> = {};
  if (episodes && episodes.length > 0 && availability?.available !== false) {
    // The episode and voice-over the frame opens with no viewer marks and nothing saved (src/app/player-app.ts).
    const path = /\/season-(\d+)\/episode-(\d+)(?:\/|$)/.exec(page.pathname);
    const link = path
      ? { season: parsePositiveInteger(path[1] ?? null), episode: parsePositiveInteger(path[2] ?? null) }
      : undefined;
    const asked = link?.season !== undefined && link.episode !== undefined
      ? link
      : { episodeId: parsePositiveInteger(query.get('episode_id')), season: parsePositiveInteger(query.get('season')), episode: parsePositiveInteger(query.get('episode')) };
    const episode = chooseInitialEpisode(orderEpisodes(episodes), asked);
    const file = episode ? episodeFilePath(episode, chooseVariant(episode, parsePositiveInteger(query.get('episode_variant_id')), undefined)) : '';
    if (file.includes('.json')) {
      const manifestUrl = href(file);
      const manifest = await answer<MasterManifest>(manifestUrl);
      const resolved = manifest && resolveManifestLinks(manifest, manifestUrl);
      const source = resolved && (resolved.sources.find((item) => item.isDefault) ?? resolved.sources[0]);
      if (source) await addPlaylists(source.link, page.origin, get, playlists);
    }
  }
  return { answers, playlists };
}

/** The page address the frame sends as the availability `domain` (src/app/main.ts), when the request shows it. */
function pageAddress(request: FastifyRequest, page: URL): string | undefined {
  const destination = request.headers['sec-fetch-dest'];
  const referer = request.headers.referer;
  // In a frame: document.referrer, which is this request's Referer (else its own address).
  if (destination === 'iframe' || destination === 'frame') return referer || page.href;
  // Opened on its own: its own address.
  if (destination === 'document') return page.href;
  return undefined;
}

/** A master playlist of our own media and its video and audio playlists, up to PLAYLIST_BYTES_CAP. */
async function addPlaylists(src: string, origin: string, get: (url: string) => Promise<string | undefined>, playlists: Record<string, string>): Promise<void> {
  const own = (url: URL) => url.origin === origin && url.pathname.startsWith(MEDIA_URL_PREFIX) && url.pathname.endsWith('.m3u8');
  const master = new URL(src);
  if (!own(master)) return;
  const text = await get(master.href);
  if (text === undefined) return;
  let room = PLAYLIST_BYTES_CAP - Buffer.byteLength(text);
  if (room < 0) return;
  playlists[master.href] = text;
  const uris = text.split(/\r?\n/).flatMap((line) => {
    if (line !== '' && !line.startsWith('#')) return [line.trim()];
    const uri = /^#EXT-X-MEDIA:.*TYPE=AUDIO.*URI="([^"]+)"/.exec(line)?.[1];
    return uri ? [uri] : [];
  });
  const urls = [...new Set(uris.map((uri) => new URL(uri, master).href))].filter((url) => own(new URL(url)));
  const texts = await Promise.all(urls.map(get));
  urls.forEach((url, index) => {
    const media = texts[index];
    if (media === undefined || !media.startsWith('#EXTM3U')) return;
    room -= Buffer.byteLength(media);
    if (room >= 0) playlists[url] = media;
  });
}

/** The inert element /embed carries; every `<` escaped, so no text in it can end the element. */
export function bootDataElement(entries: BootEntries): string {
  return `<script type="application/json" id="boot-data">${JSON.stringify(entries).replaceAll('<', '\\u003c')}</script>`;
}
