/**
 * The access token as the player sees it (SPEC.md sections 3 and 6): a JWT whose payload carries
 * its expiry. The player never checks the signature (the server does); it only needs `exp` to
 * know when to refresh first (token-refresh.ts), and a token it cannot read, which no refresh
 * replaced, is an error that says so.
 */
export class InvalidTokenError extends Error {
  constructor() {
    super('The token is invalid');
    this.name = 'InvalidTokenError';
  }
}

/** The token's expiry in seconds since the epoch; throws InvalidTokenError for anything that is not a JWT with a numeric exp. */
export function tokenExpiry(token: string): number {
  const payload = token.split('.')[1];
  if (token.split('.').length !== 3 || !payload) throw new InvalidTokenError();
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    if (typeof exp === 'number' && Number.isFinite(exp)) return exp;
  } catch {
    // Falls through to the error below: not base64url JSON.
  }
  throw new InvalidTokenError();
}

/** Refresh this long before the expiry: a token that expires on the way is as good as expired. */
const EXPIRY_MARGIN_S = 5;

/** Whether the token can be read and lives more than 5 s past `now` (seconds since the epoch): sent as it is. */
export function isTokenFresh(token: string, now: number): boolean {
  try {
    return tokenExpiry(token) - EXPIRY_MARGIN_S > now;
  } catch {
    return false;
  }
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
