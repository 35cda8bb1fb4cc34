import type { Queryable } from '../db/database.ts';
import type { Role, User } from '../../src/contract/schemas/auth-schema.ts';

export interface StoredUser extends User {
  passwordHash: string;
}

interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  status: User['status'];
  password_hash: string;
  created_at: Date | string;
  plan: string | null;
  subscription_status: 'active' | 'cancelled' | 'expired' | null;
  paid_until: Date | string | null;
}

const SELECT_USER = `SELECT u.id, u.email, u.name, u.role, u.status, u.password_hash, u.created_at,
    s.plan, s.status AS subscription_status, s.paid_until
  FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id`;

export interface UsersPageQuery {
  page: number;
  pageSize: number;
  query?: string | undefined;
}

/** Accounts (table users, migration 006). Emails arrive lower-cased from the request schema. */
export class UsersRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  async findByEmail(email: string): Promise<StoredUser | undefined> {
    const rows = await this.db.query<UserRow>(`${SELECT_USER} WHERE u.email = $1`, [email]);
    return rows[0] && storedUserOf(rows[0]);
  }

  async findById(id: number): Promise<StoredUser | undefined> {
    const rows = await this.db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id]);
    return rows[0] && storedUserOf(rows[0]);
  }

  /** A new pending account; undefined when the address is taken (by anyone, in any state). */
  async insertPending(email: string, name: string, passwordHash: string): Promise<number | undefined> {
    const rows = await this.db.query<{ id: number }>(
      'INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id',
      [email, name, passwordHash],
    );
    return rows[0]?.id;
  }

  /** A second signup of a still pending account takes the newer password and name. */
  async updatePending(id: number, name: string, passwordHash: string): Promise<void> {
    await this.db.query(
      "UPDATE users SET name = $2, password_hash = $3, updated_at = now() WHERE id = $1 AND status = 'pending'",
      [id, name, passwordHash],
    );
  }

  async activate(id: number): Promise<void> {
    await this.db.query("UPDATE users SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'pending'", [id]);
  }

  /** A restore link proves the mailbox, so it also confirms a pending account. */
  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db.query(
      `UPDATE users SET password_hash = $2, updated_at = now(),
         status = CASE WHEN status = 'pending' THEN 'active' ELSE status END
       WHERE id = $1`,
      [id, passwordHash],
    );
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [id, name]);
  }

  async block(id: number): Promise<void> {
    await this.db.query("UPDATE users SET status = 'blocked', updated_at = now() WHERE id = $1", [id]);
  }

  /**
   * The operator's first administrator (ADMIN_EMAIL): created active, or an existing account
   * promoted. An existing password is kept (it may have been changed since), and a blocked
   * account stays blocked. Answers what was done.
   */
  async ensureAdmin(email: string, name: string, passwordHash: () => Promise<string>): Promise<'created' | 'promoted' | 'kept'> {
    const existing = await this.findByEmail(email);
    if (!existing) {
      await this.db.query(
        "INSERT INTO users (email, name, password_hash, role, status) VALUES ($1, $2, $3, 'admin', 'active') ON CONFLICT (email) DO NOTHING",
        [email, name, await passwordHash()],
      );
      return 'created';
    }
    if (existing.role === 'admin' && existing.status !== 'pending') return 'kept';
    await this.db.query(
      `UPDATE users SET role = 'admin', updated_at = now(),
         status = CASE WHEN status = 'pending' THEN 'active' ELSE status END
       WHERE id = $1`,
      [existing.id],
    );
    return 'promoted';
  }

  /** An active viewer, unless the address is taken. */
  async insertActiveViewer(email: string, name: string, passwordHash: string): Promise<boolean> {
    const rows = await this.db.query(
      "INSERT INTO users (email, name, password_hash, status) VALUES ($1, $2, $3, 'active') ON CONFLICT (email) DO NOTHING RETURNING id",
      [email, name, passwordHash],
    );
    return rows.length > 0;
  }

  /** One page by id; `query` matches part of the email or the name, case-insensitively. */
  async page({ page, pageSize, query }: UsersPageQuery): Promise<{ items: User[]; total: number }> {
    const pattern = query === undefined ? null : `%${query.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
    const where = 'WHERE ($1::text IS NULL OR u.email ILIKE $1 OR u.name ILIKE $1)';
    const [rows, counted] = await Promise.all([
      this.db.query<UserRow>(`${SELECT_USER} ${where} ORDER BY u.id LIMIT $2 OFFSET $3`, [pattern, pageSize, (page - 1) * pageSize]),
      this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, [pattern]),
    ]);
    return { items: rows.map((row) => publicUserOf(row)), total: counted[0]?.total ?? 0 };
  }
}

/** The account as its owner and the operator see it: never the hash. */
export function publicUser(user: StoredUser): User {
  const { passwordHash: _hidden, ...visible } = user;
  return visible;
}

function storedUserOf(row: UserRow): StoredUser {
  return { ...publicUserOf(row), passwordHash: row.password_hash };
}

function publicUserOf(row: UserRow): User {
  const paidUntil = row.paid_until === null ? null : new Date(row.paid_until);
  // An active subscription whose time ran out before the provider said so is expired all the same.
  const lapsed = row.subscription_status === 'active' && paidUntil !== null && paidUntil.getTime() <= Date.now();
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    subscription: row.plan === null || row.subscription_status === null
      ? null
      : { plan: row.plan, status: lapsed ? 'expired' : row.subscription_status, until: paidUntil?.toISOString() ?? null },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
