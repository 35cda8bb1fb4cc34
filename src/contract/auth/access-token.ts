/**
 * The access token as the player sees it (SPEC.md sections 3 and 6): a JWT whose payload carries
 * its expiry. The player never checks the signature (the server does); it only needs `exp` to
 * know when to refresh first (token-refresh.ts, which also raises the error for a token it cannot
 * read that no refresh replaced).
 */

/** The token's expiry in seconds since the epoch; undefined for anything that is not a JWT with a numeric exp. */
export function tokenExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const exp = (JSON.parse(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }).exp;
    // Number.isFinite does not convert: a string or null is not an expiry.
    if (Number.isFinite(exp)) return exp as number;
  } catch {
    // Not base64url JSON: unreadable, as below.
  }
  return undefined;
}

/** Refresh this long before the expiry: a token that expires on the way is as good as expired. */
const EXPIRY_MARGIN_S = 5;

/** Whether the token can be read and lives more than 5 s past `now` (seconds since the epoch): sent as it is. */
export function isTokenFresh(token: string, now: number): boolean {
  return (tokenExpiry(token) ?? Number.NEGATIVE_INFINITY) - EXPIRY_MARGIN_S > now;
}

/** A cookie's value from document.cookie, or undefined. */
export function cookieValue(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The XSRF-TOKEN cookie echoed as X-XSRF-TOKEN (SPEC.md section 7), when there is one. */
export function xsrfHeader(cookie: string): Record<string, string> {
  const xsrf = cookieValue(cookie, 'XSRF-TOKEN');
  return xsrf ? { 'X-XSRF-TOKEN': xsrf } : {};
}
