import type { Queryable } from '../db/database.ts';

/**
 * The admin_sessions table: one row per login of the /admin form, keyed by the hash of the
 * cookie's id and marked with the token that opened it.
 */
export class AdminSessionsRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  async deleteExpired(): Promise<void> {
    await this.db.query('DELETE FROM admin_sessions WHERE expires_at < now()');
  }

  async insert(idHash: string, tokenMark: string, lifetimeSeconds: number): Promise<void> {
    await this.db.query(
      'INSERT INTO admin_sessions (id_hash, token_mark, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))',
      [idHash, tokenMark, lifetimeSeconds],
    );
  }

  /** Whether a session with this key and mark has not expired yet. */
  async isLive(idHash: string, tokenMark: string): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM admin_sessions WHERE id_hash = $1 AND token_mark = $2 AND expires_at > now()',
      [idHash, tokenMark],
    );
    return rows.length > 0;
  }

  async delete(idHash: string): Promise<void> {
    await this.db.query('DELETE FROM admin_sessions WHERE id_hash = $1', [idHash]);
  }
}
