import type { Database, Queryable } from '../db/database.ts';

/** An allowlist entry as the admin routes show it. */
export interface EmbedOriginEntry {
  id: number;
  origin: string;
  /** null: a global entry, for every content. */
  contentId: number | null;
  createdAt: string;
}

/** What adding an entry came to; `full` past `limit` entries in its scope. */
export type AddOutcome =
  | { kind: 'created'; entry: EmbedOriginEntry }
  | { kind: 'existing'; entry: EmbedOriginEntry }
  | { kind: 'unknown-content' }
  | { kind: 'full'; limit: number };

interface EntryRow {
  id: number;
  origin: string;
  content_id: number | null;
  created_at: Date | string;
}

/** Namespace of this table's advisory locks (the second key is the scope: a content id, 0 for global). */
const LOCK_NAMESPACE = 12_012;
const COLUMNS = 'id, origin, content_id, created_at';

const entryOf = (row: EntryRow): EmbedOriginEntry => ({
  id: row.id,
  origin: row.origin,
  contentId: row.content_id,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * embed_origins (migration 012). A scope is one content or the global list; "global" is stored as
 * NULL and matched as 0, the way the unique index reads it, so the lookups use that index.
 */
export class EmbedOriginsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** The origins that apply to a content: the global entries and its own (global only without one). */
  async originsFor(contentId: number | undefined): Promise<string[]> {
    const rows = await this.db.query<{ origin: string }>(
      'SELECT DISTINCT origin FROM embed_origins WHERE COALESCE(content_id, 0) IN (0, $1) ORDER BY origin',
      [contentId ?? 0],
    );
    return rows.map((row) => row.origin);
  }

  /** Entries in id order after `afterId`; `contentId` keeps one content's own (not the global ones). */
  async list(options: { contentId?: number | undefined; afterId: number; limit: number }): Promise<EmbedOriginEntry[]> {
    const rows = await this.db.query<EntryRow>(
      `SELECT ${COLUMNS} FROM embed_origins
       WHERE id > $1 AND ($2::integer IS NULL OR content_id = $2)
       ORDER BY id LIMIT $3`,
      [options.afterId, options.contentId ?? null, options.limit],
    );
    return rows.map(entryOf);
  }

  /**
   * Adds an entry unless the same origin is already in that scope (then answers the existing one).
   * The scope's advisory lock makes the count and the insert one step across processes, so two
   * operators adding at once cannot pass the limit together.
   */
  async add(entry: { origin: string; contentId: number | undefined }, limit: number): Promise<AddOutcome> {
    const scope = entry.contentId ?? 0;
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, scope]);
      if (entry.contentId !== undefined && !(await contentExists(tx, entry.contentId))) return { kind: 'unknown-content' };
      const [existing] = await tx.query<EntryRow>(
        `SELECT ${COLUMNS} FROM embed_origins WHERE COALESCE(content_id, 0) = $1 AND origin = $2`,
        [scope, entry.origin],
      );
      if (existing) return { kind: 'existing', entry: entryOf(existing) };
      const [counted] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM embed_origins WHERE COALESCE(content_id, 0) = $1', [scope]);
      if ((counted?.count ?? 0) >= limit) return { kind: 'full', limit };
      const [created] = await tx.query<EntryRow>(
        `INSERT INTO embed_origins (content_id, origin) VALUES ($1, $2) RETURNING ${COLUMNS}`,
        [entry.contentId ?? null, entry.origin],
      );
      if (!created) throw new Error('INSERT … RETURNING gave no row');
      return { kind: 'created', entry: entryOf(created) };
    });
  }

  /** The removed entry, or undefined when there was none with that id. */
  async remove(id: number): Promise<EmbedOriginEntry | undefined> {
    const [row] = await this.db.query<EntryRow>(`DELETE FROM embed_origins WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
    return row ? entryOf(row) : undefined;
  }
}

async function contentExists(db: Queryable, contentId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM contents WHERE id = $1', [contentId])).length > 0;
}
