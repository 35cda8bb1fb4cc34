/**
 * What a host page's visit cost, from what its probes and the browser's request events saw:
 * blocking time, layout shift, and the requests by origin and kind. Pure functions, so the
 * definitions are tested apart from any browser.
 */

/** A main-thread long task (Long Tasks API), epoch ms. */
export interface PageTask {
  start: number;
  duration: number;
  /** The entry's name as the top frame saw it: self, cross-origin-descendant, unknown… */
  name?: string;
}

/** A task's share above this blocks input: the definition of total blocking time. */
export const BLOCKING_THRESHOLD_MS = 50;

/**
 * The page is quiet once its load event has fired and no request has been in flight for this
 * long; blocking time and bytes are counted from navigation to that moment.
 */
export const QUIET_MS = 5000;
/** …and at the latest this long after navigation, so a page that never settles still ends. */
export const QUIET_DEADLINE_MS = 60_000;

/**
 * Total blocking time over [from, to] (epoch ms): the sum, over the long tasks that started in
 * the window, of each one's part above 50 ms. The window is the visit's, from navigation until
 * the page was quiet (QUIET_MS, bounded by QUIET_DEADLINE_MS).
 */
export function totalBlockingTime(tasks: readonly PageTask[], from: number, to: number): number {
  return tasks
    .filter((task) => task.start >= from && task.start <= to)
    .reduce((sum, task) => sum + Math.max(0, task.duration - BLOCKING_THRESHOLD_MS), 0);
}

/** Whether the top frame's observer says an iframe of the page ran the task (not the page itself). */
export const ranInAFrame = (task: PageTask): boolean => task.name !== undefined && task.name.endsWith('-descendant');

/** One layout-shift entry of the top frame. */
export interface Shift {
  /** ms since navigation. */
  at: number;
  value: number;
  hadRecentInput: boolean;
}

/**
 * Cumulative layout shift as the web defines it: shifts without recent input grouped in session
 * windows (a gap under 1 s, a window at most 5 s long); the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let largest = 0;
  let current = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].filter((entry) => !entry.hadRecentInput).sort((a, b) => a.at - b.at)) {
    if (shift.at - previous >= 1000 || shift.at - windowStart >= 5000) {
      current = 0;
      windowStart = shift.at;
    }
    current += shift.value;
    previous = shift.at;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** Whose a request was: the host page's own origin, the player's, the third party's, or another. */
export type RequestOwner = 'host' | 'player' | 'third-party' | 'other';

/** What a request fetched, by its address (and the browser's resource type where the address says nothing). */
export type RequestKind = 'sdk' | 'poster' | 'player-document' | 'catalogue' | 'script' | 'media' | 'image' | 'document' | 'style' | 'font' | 'other';

export interface SeenRequest {
  url: string;
  /** Playwright's resourceType(): document, script, image, fetch… */
  resourceType: string;
  /** Response body and headers as transferred; 0 when it failed or never finished. */
  bytes: number;
}

export interface PageOrigins {
  host: string;
  player: string;
  thirdParty: string;
}

export function requestOwner(url: string, origins: PageOrigins): RequestOwner {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return 'other';
  }
  if (origin === origins.player) return 'player';
  if (origin === origins.host) return 'host';
  if (origin === origins.thirdParty) return 'third-party';
  return 'other';
}

const MEDIA = /\.(m3u8|mpd|ts|m4s|mp4|m4a|m4v|aac|vtt)$/;

export function requestKind(url: string, resourceType: string): RequestKind {
  const path = new URL(url).pathname;
  if (path === '/catalog-api/lib.js' || path.startsWith('/catalog-api/sdk/')) return 'sdk';
  if (/\/posters\//.test(path)) return 'poster';
  if (path === '/embed') return 'player-document';
  if (path.startsWith('/catalog-api/') && !path.startsWith('/catalog-api/media/')) return 'catalogue';
  if (MEDIA.test(path)) return 'media';
  switch (resourceType) {
    case 'script':
      return 'script';
    case 'image':
      return 'image';
    case 'document':
      return 'document';
    case 'stylesheet':
      return 'style';
    case 'font':
      return 'font';
    case 'media':
      return 'media';
    default:
      return /\.m?js$/.test(path) ? 'script' : 'other';
  }
}

/** The player's requests a facade may make before the viewer's intent: the SDK and the posters. */
export const ALLOWED_BEFORE_INTENT: ReadonlySet<RequestKind> = new Set(['sdk', 'poster']);

export interface RequestTally {
  requests: number;
  bytes: number;
  /** Per owner: how many, and bytes. */
  byOwner: Record<RequestOwner, { requests: number; bytes: number }>;
  /** The player origin's requests as `kind path`, in the order they were sent. */
  player: string[];
}

export function tallyRequests(requests: readonly SeenRequest[], origins: PageOrigins): RequestTally {
  const empty = () => ({ requests: 0, bytes: 0 });
  const byOwner: RequestTally['byOwner'] = { host: empty(), player: empty(), 'third-party': empty(), other: empty() };
  const player: string[] = [];
  for (const request of requests) {
    const owner = requestOwner(request.url, origins);
    byOwner[owner].requests += 1;
    byOwner[owner].bytes += request.bytes;
    if (owner === 'player') player.push(`${requestKind(request.url, request.resourceType)} ${new URL(request.url).pathname}`);
  }
  return {
    requests: requests.length,
    bytes: requests.reduce((sum, request) => sum + request.bytes, 0),
    byOwner,
    player,
  };
}

/** The player origin's requests that a facade should not have made before intent (entries of RequestTally.player). */
export function unexpectedBeforeIntent(player: readonly string[]): string[] {
  return player.filter((entry) => !ALLOWED_BEFORE_INTENT.has(entry.split(' ', 1)[0] as RequestKind));
}
