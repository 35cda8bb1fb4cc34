/**
 * The access token as the player sees it (SPEC.md sections 3 and 6): a JWT whose payload carries
 * its expiry. The player never checks the signature (the server does); it only needs `exp` to
 * know when to refresh first, and a token it cannot read is an error that says so.
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
