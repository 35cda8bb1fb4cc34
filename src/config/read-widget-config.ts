import { CONTENT_ID_MAX, isOutOfRangeMovieId, parseCountdown, parseFlag, parseMovieId, parsePositiveInteger, parseTimeCode } from '../contract/query-values.ts';
import { mergeConfig } from './merge-config.ts';
import type { WidgetConfig } from './widget-config.ts';

/** The page global a host may set before the widget boots (SPEC.md section 1). */
export const PAGE_GLOBAL = '__KINO_PLAYER_CONFIG__';

declare global {
  interface Window {
    [PAGE_GLOBAL]?: Record<string, unknown>;
  }
}

/**
 * The configuration from the root element's data attributes, then the page global, then the
 * query (SPEC.md sections 1, 2); later sources win where they say something. Then the path of a
 * shared link (`/season-{n}/episode-{m}`, SPEC.md section 5): naming the episode is the link's
 * whole point, so no episode_id, season or episode from elsewhere overrules it (a link shared
 * from a player opened with `episode_id` may still carry that id).
 */
export function readWidgetConfig(
  root: HTMLElement,
  pageGlobal: Record<string, unknown> | undefined,
  search: string,
  pathname = '',
  hash = '',
): WidgetConfig {
  const config = withMovieIdInRange(mergeConfig(fromDataset(root.dataset), pageGlobal ?? {}, fromQuery(new URLSearchParams(search)), fromFragment(hash)));
  const path = fromPath(pathname);
  return path ? { ...config, episodeId: undefined, ...path } : config;
}

/**
 * An id that is there but that no content can have (from the query, or a page global past the
 * catalogue's ids) is the same to the viewer as an unknown one: no id is kept, and the flag says
 * why. The query's flag wins over a page global's id, as the query wins everywhere.
 */
function withMovieIdInRange(config: WidgetConfig): WidgetConfig {
  const outOfRange = config.movieIdOutOfRange || (config.movieId !== undefined && config.movieId > CONTENT_ID_MAX);
  return outOfRange ? { ...config, movieId: undefined, movieIdOutOfRange: true } : config;
}

/** A shared link's `/season-{n}/episode-{m}` path segments; undefined when the path has none. */
function fromPath(pathname: string): { season: number; episode: number } | undefined {
  const match = /\/season-(\d+)\/episode-(\d+)(?:\/|$)/.exec(pathname);
  const season = parsePositiveInteger(match?.[1] ?? null);
  const episode = parsePositiveInteger(match?.[2] ?? null);
  return season !== undefined && episode !== undefined ? { season, episode } : undefined;
}

/**
 * The host SDK's request filters, JSON in the fragment's `request_filters` (read with the filters,
 * off the entry): a fragment never reaches a server, so a token in it stays out of access logs.
 */
function fromFragment(hash: string): Record<string, unknown> {
  return { requestFilters: new URLSearchParams(hash.slice(1)).get('request_filters') ?? undefined };
}

function fromDataset(data: DOMStringMap): Record<string, unknown> {
  return {
    apiBaseUrl: data.apiBaseUrl,
    authBaseUrl: data.authBaseUrl,
    adListUrl: data.adListUrl,
    fullscreenMode: data.fullscreenMode,
    errorProject: data.errorProject,
    errorDsn: data.errorDsn || undefined,
    errorTunnelUrl: data.errorTunnelUrl || undefined,
    collectorUrl: data.collectorUrl,
    langOrder: data.langOrder ? splitList(data.langOrder) : undefined,
    dashLibraryUrl: data.dashLibraryUrl || undefined,
    castSenderUrl: data.castSenderUrl || undefined,
  };
}

/**
 * The query is the viewer's address bar, not the host's code: a malformed value counts as not
 * given (so the player still opens) instead of failing like a wrong page global does.
 */
function fromQuery(query: URLSearchParams): Record<string, unknown> {
  const langOrder = query.getAll('lang_order').flatMap(splitList);
  const text = (name: string) => query.get(name)?.trim() || undefined;
  return {
    movieId: parseMovieId(query.get('movie_id')),
    movieIdOutOfRange: isOutOfRangeMovieId(query.get('movie_id')) || undefined,
    engine: query.get('engine') ?? undefined,
    langOrder: langOrder.length > 0 ? langOrder : undefined,
    episodeId: parsePositiveInteger(query.get('episode_id')),
    season: parsePositiveInteger(query.get('season')),
    episode: parsePositiveInteger(query.get('episode')),
    episodeVariantId: parsePositiveInteger(query.get('episode_variant_id')),
    voiceAuthor: text('voice_author'),
    timeCode: parseTimeCode(query.get('t')),
    episodeTime: parseTimeCode(query.get('episode_time')),
    nextEpisodeCountdown: parseCountdown(query.get('next_episode_countdown')),
    autoPlay: parseFlag(query.get('auto_play')),
    enabledShare: parseFlag(query.get('enabled_share')),
    userId: text('user_id'),
    checkAvailability: query.has('disable_checking_available') ? false : undefined,
    debug: query.has('debug') ? true : undefined,
    dataSaver: query.get('data_saver') === 'on' ? true : query.get('data_saver') === 'off' ? false : undefined,
    // A host asks for stretched fullscreen through the SDK (data-fullscreen-mode on its element).
    fullscreenMode: ['native', 'stretch'].includes(query.get('fullscreen_mode') ?? '') ? query.get('fullscreen_mode') : undefined,
  };
}

function splitList(value: string): string[] {
  return value.split(',').map((item) => item.trim()).filter(Boolean);
}
