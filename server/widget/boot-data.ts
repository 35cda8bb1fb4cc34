import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { availabilityDomain } from '../../src/contract/catalogue/availability-domain.ts';
import { resolveManifestLinks } from '../../src/contract/catalogue/manifest-links.ts';
import type { Episode, MasterManifest } from '../../src/contract/schemas/schema.ts';
import { chooseInitialEpisode, chooseVariant, episodeFilePath, orderEpisodes, type EpisodeRequest } from '../../src/contract/catalogue/episode-choice.ts';
import { CONTENT_ID_MAX, parsePositiveInteger } from '../../src/contract/query-values.ts';
import type { CachedCatalogue } from '../catalogue/cached-catalogue.ts';
import type { CachedJson } from '../catalogue/catalogue-cache.ts';
import { viewerCountry } from '../catalogue/viewer-country.ts';
import { CATALOG_API_PREFIX, MANIFEST_URL_PREFIX, MEDIA_URL_PREFIX } from '../http/paths.ts';
import type { FirstSegmentsTable } from '../../src/contract/catalogue/first-segments-table.ts';
import { firstSegmentsTable } from './first-segments-table.ts';

/** At most this much playlist text (master and media playlists) goes into one document. */
export const PLAYLIST_BYTES_CAP = 128 * 1024;

/** What /embed carries (src/contract/catalogue/boot-data.ts reads it): answers by absolute URL, playlists of the first source. */
export interface BootEntries {
  answers: Record<string, unknown>;
  playlists: Record<string, string>;
  /** The first segments of the stream those playlists describe, when the engine would play it. */
  firstSegments?: FirstSegmentsTable;
}

export interface BootDataOptions {
  /** The frame's `data-api-base-url`, absolute or relative to the document. */
  apiBaseUrl: string;
  /** The edge's country header: the availability answer depends on it. */
  countryHeader: string;
  /** The country of a viewer whose edge sent none, as the availability route assumes. */
  defaultCountry: string;
}

/**
 * What the boot data of one document depends on, read from its request. Nothing of the viewer's
 * own: the frame's first load is answered as for a viewer the API does not know (no cookie, no
 * token), so one viewer's marks never reach another's document.
 */
export interface BootDataInput {
  /** The document's origin, which is the API's (another origin gets no boot data). */
  origin: string;
  movieId: number;
  /** The episode a shared link's path or the query names. */
  asked: EpisodeRequest;
  variantId: number | undefined;
  /** As the availability route reads it from the edge's header. */
  country: string;
  /** The `domain` the frame's availability call will send; undefined when it will not ask or the request does not show the page. */
  domain: string | undefined;
}

/** The request's boot data input; undefined when there is nothing to carry (no movie_id, an API on another origin). */
export function bootDataInput(request: FastifyRequest, options: BootDataOptions): BootDataInput | undefined {
  const page = new URL(request.url, `${request.protocol}://${request.host}`);
  const api = new URL(options.apiBaseUrl.replace(/\/?$/, '/'), page);
  // Only our own API, where the frame will find it: another origin is asked by the frame itself.
  if (api.origin !== page.origin || api.pathname !== `${CATALOG_API_PREFIX}/`) return undefined;
  const query = page.searchParams;
  const movieId = parsePositiveInteger(query.get('movie_id'));
  if (movieId === undefined) return undefined;
  // The episode and voice-over the frame opens with no viewer marks and nothing saved (src/app/player-app.ts).
  const link = /\/season-(\d+)\/episode-(\d+)(?:\/|$)/.exec(page.pathname);
  const linked = link ? { season: parsePositiveInteger(link[1] ?? null), episode: parsePositiveInteger(link[2] ?? null) } : undefined;
  const asked = linked?.season !== undefined && linked.episode !== undefined
    ? linked
    : { episodeId: parsePositiveInteger(query.get('episode_id')), season: parsePositiveInteger(query.get('season')), episode: parsePositiveInteger(query.get('episode')) };
  const address = query.has('disable_checking_available') ? undefined : pageAddress(request, page);
  return {
    origin: page.origin,
    movieId,
    asked,
    variantId: parsePositiveInteger(query.get('episode_variant_id')),
    country: viewerCountry(request.headers[options.countryHeader.toLowerCase()], options.defaultCountry),
    domain: address === undefined ? undefined : availabilityDomain(address),
  };
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

/**
 * The boot data of one input, serialised with every `<` escaped (see bootDataElement). All of it
 * but the availability answer's URL is the same for every host page, so it is kept without it.
 */
export interface BuiltBootData {
  /** The members (`"url":answer`, comma-separated) of the answers object, availability's left out. */
  answers: string;
  /** The availability answer, when the frame will ask for it. */
  availability?: string;
  /** The playlists object. */
  playlists: string;
  /** The first segments' table (./first-segments-table.ts), when there is one. */
  firstSegments?: string;
}

/** Where the boot data's answers come from: what the API's routes answer from. */
export interface BootDataReads {
  catalogue: CachedCatalogue;
  /** The directory the media route serves under MEDIA_URL_PREFIX. */
  mediaDir: string;
}

/** The API's absolute base for a document of `origin`. */
const apiBase = (origin: string) => `${origin}${CATALOG_API_PREFIX}/`;
/** `/catalog-api/manifests/episodes/7.json`: which manifest route answers a path, and for which id. */
const MANIFEST_PATH = new RegExp(`^${MANIFEST_URL_PREFIX}/(episodes|variants)/(\\d+)\\.json$`);

/**
 * The calls the player will make on its first load of this document, answered now from what the
 * API's own routes answer from (the catalogue cache's serialised JSON, the media directory), so
 * byte for byte what those routes would send, keyed by the exact absolute URL the frame will
 * request: content details, seasons, the anonymous episodes, availability when the page address
 * the frame sends as `domain` is known, the master manifest of the episode it will open with no
 * viewer marks, and that manifest's default source's playlists when they are our own media. Only
 * what the route would answer with 200 is carried; the rest the frame asks for and shows as usual.
 * Undefined for an unknown content.
 */
export async function buildBootData(reads: BootDataReads, input: BootDataInput): Promise<BuiltBootData | undefined> {
  const { catalogue } = reads;
  const { movieId } = input;
  const href = (relative: string) => new URL(relative, apiBase(input.origin)).href;
  const [content, seasons, episodes, availability] = await Promise.all([
    catalogue.content(movieId),
    catalogue.seasons(movieId),
    catalogue.episodes(movieId),
    input.domain === undefined ? null : catalogue.availability(movieId, input.country),
  ]);
  if (content === null) return undefined;
  const answers: [string, CachedJson | null][] = [
    [href(`contents/${movieId}`), content],
    [href(`contents/${movieId}/seasons`), seasons],
    [href(`episodes?content-id=${movieId}`), episodes],
  ];
  const playlists: Record<string, string> = {};
  const available = availability === null || (JSON.parse(availability.body) as { available: boolean }).available;
  const list = episodes === null ? [] : (JSON.parse(episodes.body) as Episode[]);
  if (list.length > 0 && available) {
    const episode = chooseInitialEpisode(orderEpisodes(list), input.asked);
    const file = episode ? episodeFilePath(episode, chooseVariant(episode, input.variantId, undefined)) : '';
    if (file.includes('.json')) {
      const manifestUrl = href(file);
      const manifest = await manifestAt(catalogue, new URL(manifestUrl), input.origin);
      answers.push([manifestUrl, manifest]);
      const resolved = manifest && resolveManifestLinks(JSON.parse(manifest.body) as MasterManifest, manifestUrl);
      const source = resolved && (resolved.sources.find((item) => item.isDefault) ?? resolved.sources[0]);
      if (source) await addPlaylists(source.link, input.origin, (url) => mediaFile(reads.mediaDir, url), playlists);
    }
  }
  const table = firstSegmentsTable(playlists);
  return {
    answers: answers.flatMap(([url, answer]) => (answer === null ? [] : [member(url, answer.body)])).join(','),
    ...(availability === null ? {} : { availability: escapeLessThan(availability.body) }),
    playlists: escapeLessThan(JSON.stringify(playlists)),
    ...(table ? { firstSegments: escapeLessThan(JSON.stringify(table)) } : {}),
  };
}

/** The master manifest the manifest routes answer at `url`; null for what they would not answer with 200. */
function manifestAt(catalogue: CachedCatalogue, url: URL, origin: string): Promise<CachedJson | null> {
  const route = url.origin === origin ? MANIFEST_PATH.exec(url.pathname) : null;
  const id = Number(route?.[2]);
  if (!route || !(id >= 1 && id <= CONTENT_ID_MAX)) return Promise.resolve(null);
  return route[1] === 'episodes' ? catalogue.episodeManifest(id) : catalogue.variantManifest(id);
}

/** The text the media route serves at `url` (a file under `mediaDir`), or undefined where it answers anything else. */
async function mediaFile(mediaDir: string, url: URL): Promise<string | undefined> {
  let segments: string[];
  try {
    segments = url.pathname.slice(MEDIA_URL_PREFIX.length).split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  // The media route serves no hidden file, nothing above its directory, no directory.
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\/\0]/.test(segment))) return undefined;
  return readFile(path.join(mediaDir, ...segments), 'utf8').catch(() => undefined);
}

/** A master playlist of our own media and its video and audio playlists, up to PLAYLIST_BYTES_CAP. */
async function addPlaylists(src: string, origin: string, get: (url: URL) => Promise<string | undefined>, playlists: Record<string, string>): Promise<void> {
  const own = (url: URL) => url.origin === origin && url.pathname.startsWith(MEDIA_URL_PREFIX) && url.pathname.endsWith('.m3u8');
  const master = new URL(src);
  if (!own(master)) return;
  const text = await get(master);
  if (text === undefined) return;
  let room = PLAYLIST_BYTES_CAP - Buffer.byteLength(text);
  if (room < 0) return;
  playlists[master.href] = text;
  const uris = text.split(/\r?\n/).flatMap((line) => {
    if (line !== '' && !line.startsWith('#')) return [line.trim()];
    const uri = /^#EXT-X-MEDIA:.*TYPE=AUDIO.*URI="([^"]+)"/.exec(line)?.[1];
    return uri ? [uri] : [];
  });
  const urls = [...new Set(uris.map((uri) => new URL(uri, master).href))].map((url) => new URL(url)).filter(own);
  const texts = await Promise.all(urls.map(get));
  urls.forEach((url, index) => {
    const media = texts[index];
    if (media === undefined || !media.startsWith('#EXTM3U')) return;
    room -= Buffer.byteLength(media);
    if (room >= 0) playlists[url.href] = media;
  });
}

/** One member of the answers object: the URL and the answer's JSON as the route sends it. */
function member(url: string, body: string): string {
  return `${escapeLessThan(JSON.stringify(url))}:${escapeLessThan(body)}`;
}

/** The boot data's JSON for a document whose frame sends `domain` (if any) with its availability call. */
export function bootDataJson(built: BuiltBootData, input: BootDataInput): string {
  const availability = built.availability !== undefined && input.domain !== undefined
    ? member(new URL(`contents/${input.movieId}/available?domain=${encodeURIComponent(input.domain)}`, apiBase(input.origin)).href, built.availability)
    : '';
  const answers = [built.answers, availability].filter((part) => part !== '').join(',');
  const table = built.firstSegments === undefined ? '' : `,"firstSegments":${built.firstSegments}`;
  return `{"answers":{${answers}},"playlists":${built.playlists}${table}}`;
}

/** JSON with every `<` written as \u003c: the same value, and no text in it can end the element. */
function escapeLessThan(json: string): string {
  return json.replaceAll('<', '\\u003c');
}

/** The inert element /embed carries, from its JSON text (every `<` already escaped). */
export function bootDataScript(json: string): string {
  return `<script type="application/json" id="boot-data">${json}</script>`;
}

/** The inert element /embed carries; every `<` escaped, so no text in it can end the element. */
export function bootDataElement(entries: BootEntries): string {
  return bootDataScript(escapeLessThan(JSON.stringify(entries)));
}
