import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { randomToken, tokenHash } from '../auth/secret-tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by installAuth (server/auth/install-auth.ts) on the root instance: the /admin login sessions. */
    adminSessions: AdminSessions;
  }
}

/** How long one login of the /admin form lasts. */
export const ADMIN_SESSION_SECONDS = 12 * 60 * 60;

/** Ties a session to the token that opened it, without storing anything the token can be read from. */
function tokenMark(adminToken: string): string {
  return createHmac('sha256', adminToken).update('kino admin session').digest('base64url');
}

/**
 * The operator's sessions, stored: a cookie is a random id (256 bits) whose SHA-256 is the row's
 * key, so a read of the table gives no working cookie; logout deletes the row, and the stored
 * expiry decides however long the browser keeps the cookie.
 */
export class AdminSessions {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** A new session's id (the cookie's value). Expired rows are swept on the way: logins are rare. */
  async open(adminToken: string): Promise<string> {
    const id = randomToken();
    await this.db.query('DELETE FROM admin_sessions WHERE expires_at < now()');
    await this.db.query(
      'INSERT INTO admin_sessions (id_hash, token_mark, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))',
      [tokenHash(id, 'admin'), tokenMark(adminToken), ADMIN_SESSION_SECONDS],
    );
    return id;
  }

  /** Whether the id is of a live session opened with this very token. */
  async isLive(id: string, adminToken: string): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM admin_sessions WHERE id_hash = $1 AND token_mark = $2 AND expires_at > now()',
      [tokenHash(id, 'admin'), tokenMark(adminToken)],
    );
    return rows.length > 0;
  }

  async end(id: string): Promise<void> {
    await this.db.query('DELETE FROM admin_sessions WHERE id_hash = $1', [tokenHash(id, 'admin')]);
  }
}
