import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { randomToken, tokenHash } from '../auth/secret-tokens.ts';
import { AdminSessionsRepository } from './admin-sessions-repository.ts';

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
  private readonly sessions: AdminSessionsRepository;

  constructor(db: Queryable) {
    this.sessions = new AdminSessionsRepository(db);
  }

  /** A new session's id (the cookie's value). Expired rows are swept on the way: logins are rare. */
  async open(adminToken: string): Promise<string> {
    const id = randomToken();
    await this.sessions.deleteExpired();
    await this.sessions.insert(tokenHash(id, 'admin'), tokenMark(adminToken), ADMIN_SESSION_SECONDS);
    return id;
  }

  /** Whether the id is of a live session opened with this very token. */
  isLive(id: string, adminToken: string): Promise<boolean> {
    return this.sessions.isLive(tokenHash(id, 'admin'), tokenMark(adminToken));
  }

  async end(id: string): Promise<void> {
    await this.sessions.delete(tokenHash(id, 'admin'));
  }
}
