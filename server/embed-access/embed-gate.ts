import type { FastifyRequest } from 'fastify';
import type { EmbedAccessCache } from './embed-access-cache.ts';
import { frameAncestors, mayEmbed } from './embed-policy.ts';
import { httpOrigin } from './origin-text.ts';

/** PostgreSQL's integer: a larger movie_id names no content. */
const INT32_MAX = 2_147_483_647;

/** What /embed answers: the player with its frame-ancestors, or the refusal card for `origin`. */
export type EmbedVerdict = { kind: 'player'; frameAncestors: string } | { kind: 'refused'; origin: string };

/** The headers the verdict is read from, for Vary. */
export const EMBED_VARY = 'Referer, Sec-Fetch-Dest';

/**
 * The content the player is asked for, from the raw query (the route's schema keeps only what it
 * reads). A missing, repeated or malformed movie_id names none: only the global entries apply,
 * and the player shows its own error for it.
 */
function requestedContent(url: string): number | undefined {
  const values = new URL(url, 'http://embed.invalid').searchParams.getAll('movie_id');
  const [value] = values;
  if (values.length !== 1 || value === undefined || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= INT32_MAX ? id : undefined;
}

/**
 * Decides one /embed request. The browser enforces frame-ancestors whatever we answer; the
 * Referer (the host page's origin, sent on the iframe's request by default) lets us answer a
 * refused host with a card that says why, instead of a frame the browser leaves blank. A
 * top-level visit (Sec-Fetch-Dest: document, e.g. a shared link opened from another site) is
 * framed by nobody, so its Referer refuses nothing.
 */
export async function embedVerdict(request: FastifyRequest, access: EmbedAccessCache, publicOrigin: string | undefined): Promise<EmbedVerdict> {
  const allowed = await access.accessFor(requestedContent(request.url));
  const player = { kind: 'player', frameAncestors: frameAncestors(allowed) } as const;
  if (allowed.open || request.headers['sec-fetch-dest'] === 'document') return player;
  const origin = httpOrigin(request.headers.referer);
  if (origin === undefined) return player;
  // This server's own pages (the catalogue site, the demo page) frame the player from its origin.
  const selfOrigins = [httpOrigin(`${request.protocol}://${request.host}`), publicOrigin].filter((each) => each !== undefined);
  return mayEmbed(allowed, origin, selfOrigins) ? player : { kind: 'refused', origin };
}
