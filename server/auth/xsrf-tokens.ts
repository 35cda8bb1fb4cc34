import { createHmac } from 'node:crypto';
import { randomToken, sameText } from './secret-tokens.ts';

/**
 * XSRF tokens signed for one session (OWASP's signed double-submit cookie): a random nonce and
 * HMAC(key, session id, nonce), written one after the other. Whoever can set cookies for our site (a sibling subdomain, a
 * network on plain HTTP) can still choose a cookie and header pair, but cannot sign one for a
 * viewer's session, so the pair passes only with that session's cookies.
 */
/** 18 bytes are 24 base64url characters, without padding. */
const NONCE_BYTES = 18;
const NONCE_CHARS = 24;

export class XsrfTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the service's secret: an XSRF signature is no token signature.
    this.#key = createHmac('sha256', secret).update('kino xsrf token key').digest();
  }

  /** The nonce then the signature, both base64url of fixed length: a plain [\w-] token as before. */
  issue(sessionId: string): string {
    const nonce = randomToken(NONCE_BYTES);
    return `${nonce}${this.#signature(sessionId, nonce)}`;
  }

  /** Whether `token` was issued for this session. */
  isFor(token: string, sessionId: string): boolean {
    const nonce = token.slice(0, NONCE_CHARS);
    return nonce.length === NONCE_CHARS && sameText(token.slice(NONCE_CHARS), this.#signature(sessionId, nonce));
  }

  #signature(sessionId: string, nonce: string): string {
    return createHmac('sha256', this.#key).update(sessionId).update('\u0000').update(nonce).digest('base64url');
  }
}
