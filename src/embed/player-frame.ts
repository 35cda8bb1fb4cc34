/**
 * The player's iframe as the SDK creates it: the address with the query parameters the widget
 * reads (SPEC.md section 2), and the attributes a player frame needs.
 */

import type { RequestFilter } from '../contract/embed/host-api.ts';

/** What opens in the frame. Every field but movieId is optional; see SPEC.md sections 2 and 5. */
export interface PlayerFrameOptions {
  /** The content's id (movie_id). */
  movieId: number;
  /** Opens this episode (episode_id); wins over season and episode. */
  episodeId?: number;
  /** Season and episode numbers (1-based). */
  season?: number;
  episode?: number;
  /** The voice-over to open (episode_variant_id). */
  variantId?: number;
  /** Start here, in whole seconds (t); the resume window does not show. */
  time?: number;
  /** Play at once where the browser allows (auto_play). Default false. */
  autoPlay?: boolean;
  /** Offer 'Поделиться' (enabled_share). Default false. */
  enabledShare?: boolean;
  /** Prefer this voice-over studio's track (voice_author). */
  voiceAuthor?: string;
  /** Preferred languages, in order (lang_order). */
  langOrder?: readonly string[];
  /** The player's origin, e.g. 'https://player.example'. Default: where the SDK was loaded from. */
  playerOrigin?: string;
  /** Load the frame only when it comes near the viewport (loading="lazy"). Default false. */
  lazy?: boolean;
  /**
   * 'stretch': the player's fullscreen stretches the frame over this page (as on iPhone, where it
   * is always so) instead of the browser's fullscreen. Default: the player's own setting.
   */
  fullscreenMode?: 'native' | 'stretch';
  /** The frame's accessible title. Default 'Видеоплеер'. The facade (loading 'facade') shows it as the content's title. */
  title?: string;
  /**
   * What the frame learns of this page's address. Default 'strict-origin-when-cross-origin': the
   * origin only, which is all the allowlist and the messages need. 'no-referrer-when-downgrade'
   * lets 'Поделиться' link to this page (with the episode and time) instead of the player's own.
   */
  referrerPolicy?: ReferrerPolicy;
  /**
   * Filters every media request goes through from the first one on, in every engine: a token in
   * the query, a header, a CDN's address prefix swapped (docs/embedding.md, "Request filters").
   * They travel in the frame address's fragment, which no server sees; setRequestFilters()
   * replaces them later.
   */
  requestFilters?: readonly RequestFilter[];
  /**
   * The data saver ('Экономия трафика': Auto at 480p at most, 20 s buffered ahead): true or false
   * wins over the viewer's menu and the browser's Save-Data; unset, they decide (data_saver).
   */
  dataSaver?: boolean;
}

/** What a player frame may use: autoplay, fullscreen, picture-in-picture, DRM, share and copy. */
export const FRAME_ALLOW = 'autoplay; fullscreen; picture-in-picture; encrypted-media; web-share; clipboard-write';

/** The player reads only the host's origin (its allowlist, its messages): never the page's path. */
export const FRAME_REFERRER_POLICY = 'strict-origin-when-cross-origin';

const positiveInteger = (value: number | undefined, name: string): string | undefined => {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${String(value)}`);
  return String(value);
};

/** The frame's address on `playerOrigin`. @throws TypeError for a movieId or number that is not a positive integer. */
export function playerFrameUrl(options: PlayerFrameOptions, playerOrigin: string): string {
  const url = new URL('/embed', playerOrigin);
  const set = (name: string, value: string | undefined) => value !== undefined && url.searchParams.set(name, value);
  set('movie_id', positiveInteger(options.movieId, 'movieId'));
  set('episode_id', positiveInteger(options.episodeId, 'episodeId'));
  set('season', positiveInteger(options.season, 'season'));
  set('episode', positiveInteger(options.episode, 'episode'));
  set('episode_variant_id', positiveInteger(options.variantId, 'variantId'));
  if (options.time !== undefined && Number.isFinite(options.time) && options.time >= 0) set('t', String(Math.floor(options.time)));
  if (options.voiceAuthor) set('voice_author', options.voiceAuthor);
  if (options.fullscreenMode === 'native' || options.fullscreenMode === 'stretch') set('fullscreen_mode', options.fullscreenMode);
  for (const language of options.langOrder ?? []) url.searchParams.append('lang_order', language);
  // Flags are present-or-absent query parameters.
  if (options.autoPlay) set('auto_play', '');
  if (options.enabledShare) set('enabled_share', '');
  if (options.dataSaver !== undefined) set('data_saver', options.dataSaver ? 'on' : 'off');
  if (options.requestFilters?.length) url.hash = new URLSearchParams({ request_filters: JSON.stringify(options.requestFilters) }).toString();
  return url.href;
}

/** A new player frame for `options` (not yet in the document). */
export function createPlayerFrame(doc: Document, options: PlayerFrameOptions, playerOrigin: string): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.src = playerFrameUrl(options, playerOrigin);
  frame.title = options.title ?? 'Видеоплеер';
  frame.allow = FRAME_ALLOW;
  frame.allowFullscreen = true;
  frame.referrerPolicy = options.referrerPolicy ?? FRAME_REFERRER_POLICY;
  if (options.lazy) frame.loading = 'lazy';
  // Fills its container at 16:9 unless the host styles it otherwise.
  frame.style.cssText = 'display:block;width:100%;aspect-ratio:16/9;height:auto;border:0;background:#000';
  return frame;
}

/** The exact origin of an http(s) URL; undefined for anything else. */
export function originOf(url: string, base?: string): string | undefined {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
