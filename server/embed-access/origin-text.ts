/** The longest origin an entry may name (the column's CHECK says the same). */
export const MAX_ORIGIN_LENGTH = 255;

/** A host name or an IPv4 address as new URL() writes it: lower case, punycode. */
const PLAIN_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

export type OriginParse = { ok: true; origin: string } | { ok: false; reason: string };

/**
 * An allowlist entry as stored and as written into frame-ancestors: scheme, host and port only,
 * the way `new URL(x).origin` writes it (lower case, default port dropped). No path, query,
 * credentials or wildcard: an entry names one site exactly, and an empty list already means
 * "any site". IPv6 literals are refused because a CSP source expression cannot name one.
 */
export function parseOrigin(text: string): OriginParse {
  if (text.length > MAX_ORIGIN_LENGTH) return { ok: false, reason: `must be at most ${MAX_ORIGIN_LENGTH} characters` };
  if (text.includes('*')) return { ok: false, reason: 'must name one site exactly: wildcards are not allowed (an empty list already lets any site embed the player)' };
  if (/\s/.test(text)) return { ok: false, reason: 'must not contain spaces' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'must be an origin such as https://partner.example or http://localhost:3000' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'must start with http:// or https://' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry a user name or password' };
  // new URL keeps "?" and "#" out of search/hash when nothing follows them: look at the text too.
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(text)) {
    return { ok: false, reason: `must be an origin without a path, query or fragment (${url.origin})` };
  }
  if (!PLAIN_HOST.test(url.hostname)) return { ok: false, reason: 'must name a host name or an IPv4 address' };
  // Punycode can make a short name long.
  if (url.origin.length > MAX_ORIGIN_LENGTH) return { ok: false, reason: `must be at most ${MAX_ORIGIN_LENGTH} characters once written as an origin` };
  return { ok: true, origin: url.origin };
}

/** The origin of an http(s) URL (a Referer header, say), or undefined: absent, "null", unparseable, another scheme. */
export function httpOrigin(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
