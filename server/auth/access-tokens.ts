import { compactVerify, errors, jwtVerify, SignJWT } from 'jose';
import { ROLES, type AccessClaims, type Role } from '../../src/contract/schemas/auth-schema.ts';

/** Who signs and who may read: a token of some other service signed with the same key is not ours. */
const ISSUER = 'kino-authenticator';
const AUDIENCE = 'kino';
/** HS256 only: a token naming another algorithm (or none) is refused before its signature is read. */
const ALGORITHMS = ['HS256'];

export interface IssuedAccessToken {
  token: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** Short-lived access tokens (JWT, HS256) carrying sub, role, sid, iat and exp. */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #lifetimeSeconds: number;

  constructor(secret: string, lifetimeSeconds: number) {
    this.#key = new TextEncoder().encode(secret);
    this.#lifetimeSeconds = lifetimeSeconds;
  }

  async issue(userId: number, role: Role, sessionId: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<IssuedAccessToken> {
    const expiresAt = nowSeconds + this.#lifetimeSeconds;
    const token = await new SignJWT({ role, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(expiresAt)
      .sign(this.#key);
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired token of ours; undefined for anything else. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ALGORITHMS, issuer: ISSUER, audience: AUDIENCE });
      return claimsOf(payload);
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  /**
   * The claims of a token we signed, expired or not: the refresh call is made with an expired
   * access token, and only wants to know which session it belonged to.
   */
  async verifySignatureOnly(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await compactVerify(token, this.#key, { algorithms: ALGORITHMS });
      return claimsOf(JSON.parse(new TextDecoder().decode(payload)) as unknown);
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }
}

function claimsOf(payload: unknown): AccessClaims | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const { sub, role, sid, exp, iat } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !/^\d{1,9}$/.test(sub)) return undefined;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return undefined;
  if (typeof sid !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return undefined;
  return { sub, role: role as Role, sid, exp, iat };
}
