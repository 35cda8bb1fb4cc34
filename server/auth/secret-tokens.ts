import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens, restore links, session ids, XSRF tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Six digits from a CSPRNG, leading zeros kept: the signup code a person types. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * How a token or code is stored: a leaked table gives nobody a working token. `scope` keeps a
 * six-digit code's hash from matching the same digits of another account.
 */
export function tokenHash(token: string, scope = ''): string {
  return createHash('sha256').update(scope).update('\u0000').update(token).digest('hex');
}

/** Constant-time comparison of two texts of any length (both are hashed first). */
export function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
