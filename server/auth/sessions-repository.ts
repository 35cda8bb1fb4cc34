import type { Database, Queryable } from '../db/database.ts';
import type { Role, User } from '../../src/contract/schemas/auth-schema.ts';
import type { IssuedAccessToken } from './access-tokens.ts';
import { openSuccessor, sealSuccessor, type Successor } from './sealed-successor.ts';
import { randomToken, tokenHash } from './secret-tokens.ts';

/** Why a session ended (auth_sessions.revoked_why), for the operator reading the table. */
/**
 * A spent refresh token presented again within this many seconds is a second frame of the same
 * site refreshing at the same time (they share the cookie), not reuse (RFC 9700 section 4.14.2
 * allows for such concurrent requests; identity providers call it a reuse interval or leeway).
 */
export const REUSE_GRACE_SECONDS = 30;

export type RevokeReason = 'password' | 'blocked' | 'reuse' | 'restore' | 'logout';

/** What an authenticated request needs to know about its session, read in one indexed query. */
export interface LiveSession {
  userId: number;
  role: Role;
  userStatus: User['status'];
}

export interface IssuedRefreshToken {
  sessionId: string;
  refreshToken: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type RotationResult =
  /** The token's successor pair: new, or inside the grace the one its first use was given. */
  | { outcome: 'rotated'; userId: number; sessionId: string; successor: Successor }
  /** A token already used once: its whole session was revoked just now. */
  | { outcome: 'reused'; userId: number; sessionId: string }
  | { outcome: 'invalid' };

/** Signs the access token of a rotation (the repository holds no signing key). */
export type MintAccessToken = (userId: number, role: Role, sessionId: string) => Promise<IssuedAccessToken>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions and their refresh tokens (RFC 9700): each session is one refresh-token family; every
 * refresh uses up its token and issues the next; a used token presented again revokes the family.
 */
export class SessionsRepository {
  private readonly db: Database;
  private readonly refreshTokenDays: number;

  constructor(db: Database, refreshTokenDays: number) {
    this.db = db;
    this.refreshTokenDays = refreshTokenDays;
  }

  async create(userId: number): Promise<IssuedRefreshToken> {
    const sessionId = randomToken(16);
    const expires = new Date(Date.now() + this.refreshTokenDays * DAY_MS);
    return this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO auth_sessions (id, user_id, expires_at) VALUES ($1, $2, $3)', [sessionId, userId, expires]);
      const refreshToken = randomToken();
      await tx.query('INSERT INTO auth_refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [tokenHash(refreshToken), sessionId, expires]);
      return { sessionId, refreshToken, expiresAt: Math.floor(expires.getTime() / 1000) };
    });
  }

  /** The session's owner and role while it is live and its account active; undefined otherwise. */
  async live(sessionId: string): Promise<LiveSession | undefined> {
    const rows = await this.db.query<{ user_id: number; role: Role; status: User['status'] }>(
      `SELECT u.id AS user_id, u.role, u.status FROM auth_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [sessionId],
    );
    const row = rows[0];
    return row && { userId: row.user_id, role: row.role, userStatus: row.status };
  }

  /**
   * Uses up a refresh token. The conditional UPDATE is the whole race: of two calls with the same
   * token exactly one finds it unused and seals the pair it issues into the spent row, in the
   * same transaction; the other then reads that row. The account must still be active. With
   * `expectedSessionId` a token of another session is refused and left unused.
   */
  async rotate(refreshToken: string, expectedSessionId: string | undefined, mintAccess: MintAccessToken): Promise<RotationResult> {
    const hash = tokenHash(refreshToken);
    return this.db.transaction(async (tx): Promise<RotationResult> => {
      const used = await tx.query<{ session_id: string; user_id: number; role: Role; status: User['status'] }>(
        `UPDATE auth_refresh_tokens t SET used_at = now()
         FROM auth_sessions s JOIN users u ON u.id = s.user_id
         WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
           AND s.id = t.session_id AND s.revoked_at IS NULL AND ($2::text IS NULL OR s.id = $2)
         RETURNING t.session_id, s.user_id, u.role, u.status`,
        [hash, expectedSessionId ?? null],
      );
      const row = used[0];
      if (!row) return this.#spentAgain(tx, refreshToken, expectedSessionId);
      if (row.status !== 'active') return { outcome: 'invalid' };
      const expires = new Date(Date.now() + this.refreshTokenDays * DAY_MS);
      const next = randomToken();
      const access = await mintAccess(row.user_id, row.role, row.session_id);
      const successor: Successor = {
        refreshToken: next, refreshExpiresAt: Math.floor(expires.getTime() / 1000), accessToken: access.token, accessExpiresAt: access.expiresAt,
      };
      await tx.query('INSERT INTO auth_refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [tokenHash(next), row.session_id, expires]);
      await tx.query('UPDATE auth_refresh_tokens SET successor_sealed = $2 WHERE token_hash = $1', [hash, sealSuccessor(refreshToken, successor)]);
      await tx.query('UPDATE auth_sessions SET expires_at = $2 WHERE id = $1', [row.session_id, expires]);
      return { outcome: 'rotated', userId: row.user_id, sessionId: row.session_id, successor };
    });
  }

  /**
   * A token that is not unused. The players of one site share its cookie jar and may refresh with
   * the same token at once: a second use moments after the first is that, not a thief, and gets
   * the very pair the first use got (RFC 9700 section 4.14.2 allows for such concurrent
   * requests; it never starts a second branch). Later, it is reuse, and the whole session ends.
   */
  async #spentAgain(tx: Queryable, refreshToken: string, expectedSessionId: string | undefined): Promise<RotationResult> {
    const earlier = await tx.query<{
      session_id: string; user_id: number; status: User['status']; in_grace: boolean; live: boolean; successor_sealed: string | null;
    }>(
      `SELECT t.session_id, s.user_id, u.status, t.used_at > now() - make_interval(secs => $2) AS in_grace,
              (s.revoked_at IS NULL AND t.expires_at > now() AND ($3::text IS NULL OR s.id = $3)) AS live, t.successor_sealed
       FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id JOIN users u ON u.id = s.user_id
       WHERE t.token_hash = $1 AND t.used_at IS NOT NULL`,
      [tokenHash(refreshToken), REUSE_GRACE_SECONDS, expectedSessionId ?? null],
    );
    const reused = earlier[0];
    if (!reused) return { outcome: 'invalid' };
    if (reused.in_grace && reused.live) {
      const successor = openSuccessor(refreshToken, reused.successor_sealed);
      if (!successor || reused.status !== 'active') return { outcome: 'invalid' };
      return { outcome: 'rotated', userId: reused.user_id, sessionId: reused.session_id, successor };
    }
    await revoke(tx, 'WHERE id = $1', [reused.session_id], 'reuse');
    return { outcome: 'reused', userId: reused.user_id, sessionId: reused.session_id };
  }

  /** The session a refresh token (spent or not) belongs to, whatever its state. */
  async sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const rows = await this.db.query<{ session_id: string }>('SELECT session_id FROM auth_refresh_tokens WHERE token_hash = $1', [tokenHash(refreshToken)]);
    return rows[0]?.session_id;
  }

  /** Ends the given sessions (those still live); answers the ones it ended. */
  async revokeSessions(sessionIds: readonly string[], reason: RevokeReason): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    return revoke(this.db, 'WHERE id = ANY($1::text[])', [[...sessionIds]], reason);
  }

  /** Ends every live session of an account, but `except` (the caller's own, on a password change). */
  async revokeAllOf(userId: number, reason: RevokeReason, except?: string): Promise<string[]> {
    return revoke(this.db, 'WHERE user_id = $1 AND id <> $2', [userId, except ?? ''], reason);
  }

  /** Refresh tokens past their expiry are of no use, not even for spotting reuse. */
  async deleteExpiredTokens(): Promise<number> {
    const rows = await this.db.query('DELETE FROM auth_refresh_tokens WHERE expires_at < now() RETURNING 1');
    return rows.length;
  }
}

async function revoke(db: Pick<Database, 'query'>, where: string, params: unknown[], reason: RevokeReason): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_why = $${params.length + 1} ${where} AND revoked_at IS NULL RETURNING id`,
    [...params, reason],
  );
  return rows.map((row) => row.id);
}
