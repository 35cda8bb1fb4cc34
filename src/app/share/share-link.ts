/** Where the viewer is in the content when sharing (SPEC.md section 5, shared link rule). */
export interface ShareLinkOptions {
  /** The current season's order (not its id). */
  season?: number | undefined;
  /** The current episode's order within its season (not its id). */
  episode?: number | undefined;
  /** The playback position; the link carries it as `t` only when given (the box is ticked). */
  timeSeconds?: number | undefined;
}

/** A link to one social site's share page, carrying the shared URL as a parameter (SPEC.md section 7). */
export interface SocialShareLink {
  id: 'telegram' | 'whatsapp' | 'facebook' | 'x' | 'vk';
  label: string;
  href: string;
}

/**
 * Query parameters that name an episode or a place in one (SPEC.md section 2). A link to an
 * episode names it in its path; any of these left in the query could contradict it (an
 * `episode_id` of the episode the viewer started on would win over the path).
 */
const EPISODE_PARAMETERS: ReadonlySet<string> = new Set(['episode_id', 'season', 'episode', 'episode_variant_id', 'episode_time']);

/** `/season-{n}/episode-{m}` as a whole pair of path segments. */
const EPISODE_SEGMENTS = /\/season-(\d+)\/episode-(\d+)(?=\/|$)/;

/**
 * The link to share: the host page the viewer is on, pointing at the current season and episode
 * and, when `timeSeconds` is given, at the current time (SPEC.md section 5).
 *
 * - A path holding `/season-{n}/episode-{m}` gets the current orders in place; a path without
 *   them gets them appended when both orders are given (a trailing slash stays last). Films
 *   (no orders) keep their path.
 * - The query is kept byte for byte, except `t`: it is removed, then added again as whole
 *   seconds (rounded, never negative) only when `timeSeconds` is a finite number. A link to an
 *   episode also drops the parameters that name one (episode_id, season, episode,
 *   episode_variant_id, episode_time): the path says which.
 * - The hash and any user name or password are dropped.
 *
 * @throws TypeError when `pageUrl` is not an absolute http(s) URL; RangeError when an order is
 *   not a non-negative integer. The caller falls back (e.g. to another address or no sharing).
 */
export function buildShareLink(pageUrl: string, options: ShareLinkOptions): string {
  const url = parsePageUrl(pageUrl);
  const season = checkOrder('season', options.season);
  const episode = checkOrder('episode', options.episode);
  const path = withEpisodeSegments(url.pathname, season, episode);
  const dropped = season !== undefined && episode !== undefined ? new Set([...EPISODE_PARAMETERS, 't']) : new Set(['t']);
  const query = queryWithout(url.search, dropped);
  const time = options.timeSeconds;
  if (time !== undefined && Number.isFinite(time)) query.push(`t=${wholeSeconds(time)}`);
  return `${url.origin}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** Share pages of Telegram, WhatsApp, Facebook, X and VK for `url`, in that order (SPEC.md section 2). */
export function socialShareLinks(url: string): SocialShareLink[] {
  const value = encodeURIComponent(url);
  return [
    { id: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${value}` },
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${value}` },
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${value}` },
    { id: 'x', label: 'X', href: `https://twitter.com/intent/tweet?url=${value}` },
    { id: 'vk', label: 'VK', href: `https://vk.com/share.php?url=${value}` },
  ];
}

/**
 * A time as 'H:MM:SS' (0:01:05, 1:02:03), the format of the share checkbox and of the resume
 * window 'Вы остановились на H:MM:SS' (SPEC.md section 2). Rounded to whole seconds like the
 * shared link's `t`, so the label and the link agree; anything not finite or negative is 0:00:00.
 */
export function formatTimeCode(seconds: number): string {
  const total = Number.isFinite(seconds) ? wholeSeconds(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `${hours}:${pad(minutes)}:${pad(rest)}`;
}

function wholeSeconds(seconds: number): number {
  return Math.max(0, Math.round(seconds));
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function parsePageUrl(pageUrl: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(pageUrl);
  } catch {
    url = undefined;
  }
  // Only a web page makes sense on a social site: not about:srcdoc, data: or javascript:.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(`Cannot build a share link: "${pageUrl}" is not an absolute http(s) URL`);
  }
  return url;
}

function checkOrder(name: string, value: number | undefined): number | undefined {
  if (value === undefined || (Number.isSafeInteger(value) && value >= 0)) return value;
  throw new RangeError(`Cannot build a share link: ${name} order ${value} is not a non-negative integer`);
}

function withEpisodeSegments(path: string, season: number | undefined, episode: number | undefined): string {
  if (EPISODE_SEGMENTS.test(path)) {
    return path.replace(
      EPISODE_SEGMENTS,
      (_match, oldSeason: string, oldEpisode: string) => `/season-${season ?? oldSeason}/episode-${episode ?? oldEpisode}`,
    );
  }
  if (season === undefined || episode === undefined) return path;
  // '/serials/name/' → '/serials/name/season-1/episode-2/': the site's trailing slash stays last.
  const trailingSlash = path.length > 1 && path.endsWith('/');
  const base = path.replace(/\/+$/, '');
  return `${base}/season-${season}/episode-${episode}${trailingSlash ? '/' : ''}`;
}

/** The query's parts without those named in `names`, untouched otherwise (re-serialising could change the host's own parameters). */
function queryWithout(search: string, names: ReadonlySet<string>): string[] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !names.has(queryKey(part)));
}

function queryKey(part: string): string {
  const key = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}
