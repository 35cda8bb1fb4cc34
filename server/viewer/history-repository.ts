import type { ListingFilters, Page, Paging } from '../../src/contract/schemas/catalogue-schema.ts';
import type { HistoryEntry } from '../../src/contract/schemas/viewer-schema.ts';
import { loadContentCards } from '../catalogue/content-cards.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { requireContent } from './content-exists.ts';
import { isoTime } from './iso-time.ts';
import { recordWatch } from './progress-repository.ts';
import { pageOffset } from './viewer-limits.ts';

/** What a history page may be narrowed by. */
export interface HistoryFilter {
  /** Only contents of these types. */
  types?: ListingFilters['types'];
  /** Only titles (or original titles) like this: a part of one, any case, or a close misspelling. */
  query?: string | undefined;
}

interface HistoryRow {
  content_id: number;
  watched_at: Date | string;
  episode_id: number | null;
  episode_order: number | null;
  episode_title: string | null;
  season_id: number | null;
  season_order: number | null;
  variant_id: number | null;
  time_seconds: number | null;
  duration_seconds: number | null;
}

/**
 * How alike a misspelt query and a title must be (pg_trgm's word_similarity, 0..1): 0.45 lets
 * one or two wrong letters of a word through without matching unrelated titles.
 */
const TYPO_SIMILARITY = 0.45;

/** The contents each viewer opened or played, newest first, with where they stopped. */
export class HistoryRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** A visit (opening the content's page or player): on top of the history, the last episode kept. */
  async recordVisit(userId: number, contentId: number): Promise<{ contentId: number; watchedAt: string }> {
    await requireContent(this.db, contentId);
    await recordWatch(this.db, userId, contentId, null);
    const [row] = await this.db.query<{ watched_at: Date | string }>(
      'SELECT watched_at FROM viewer_history WHERE user_id = $1 AND content_id = $2',
      [userId, contentId],
    );
    if (!row) throw new Error('the visit was not recorded');
    return { contentId, watchedAt: isoTime(row.watched_at) };
  }

  async page(userId: number, { page, pageSize }: Paging, filter: HistoryFilter = {}): Promise<Page<HistoryEntry>> {
    const params: unknown[] = [userId];
    const conditions = ['h.user_id = $1'];
    if (filter.types?.length) {
      params.push(filter.types);
      conditions.push(`c.content_type = ANY($${params.length}::text[])`);
    }
    if (filter.query) {
      params.push(filter.query, `%${escapeLike(filter.query)}%`);
      const [text, pattern] = [`$${params.length - 1}`, `$${params.length}`];
      conditions.push(`(c.title ILIKE ${pattern} OR c.original_title ILIKE ${pattern}
        OR word_similarity(${text}, c.title) >= ${TYPO_SIMILARITY} OR word_similarity(${text}, c.original_title) >= ${TYPO_SIMILARITY})`);
    }
    const where = conditions.join(' AND ');
    const [count] = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM viewer_history h JOIN contents c ON c.id = h.content_id WHERE ${where}`,
      params,
    );
    const rows = await this.db.query<HistoryRow>(
      `SELECT h.content_id, h.watched_at, h.episode_id, e.episode_order, e.title AS episode_title, s.id AS season_id, s.season_order,
         p.variant_id, p.time_seconds, p.duration_seconds
       FROM viewer_history h
       JOIN contents c ON c.id = h.content_id
       LEFT JOIN episodes e ON e.id = h.episode_id
       LEFT JOIN seasons s ON s.id = e.season_id
       LEFT JOIN LATERAL (
         SELECT variant_id, time_seconds, duration_seconds FROM episode_progress
         WHERE user_id = h.user_id AND episode_id = h.episode_id ORDER BY updated_at DESC LIMIT 1
       ) p ON true
       WHERE ${where}
       ORDER BY h.watched_at DESC, h.content_id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, pageOffset(page, pageSize)],
    );
    const cards = new Map((await loadContentCards(this.db, rows.map((row) => row.content_id))).map((card) => [card.id, card]));
    const items = rows.flatMap((row) => {
      const content = cards.get(row.content_id);
      return content ? [toEntry(row, content)] : [];
    });
    return { items, total: count?.total ?? 0, page, pageSize };
  }

  /** Forgets one content of the history, with its saved times; 404 when it is not there. */
  async remove(userId: number, contentId: number): Promise<void> {
    await requireContent(this.db, contentId);
    const removed = await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM episode_progress WHERE user_id = $1 AND content_id = $2', [userId, contentId]);
      return tx.query('DELETE FROM viewer_history WHERE user_id = $1 AND content_id = $2 RETURNING content_id', [userId, contentId]);
    });
    if (removed.length === 0) throw new HttpError(404, `content ${contentId} is not in the history`);
  }

  /** Forgets the whole history and every saved time; how many contents it held. */
  async clear(userId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM episode_progress WHERE user_id = $1', [userId]);
      const [row] = await tx.query<{ removed: number }>(
        'WITH gone AS (DELETE FROM viewer_history WHERE user_id = $1 RETURNING 1) SELECT count(*)::int AS removed FROM gone',
        [userId],
      );
      return row?.removed ?? 0;
    });
  }
}

function toEntry(row: HistoryRow, content: HistoryEntry['content']): HistoryEntry {
  const { episode_id: id, episode_order: order, season_id: seasonId, season_order: seasonOrder } = row;
  const lastEpisode = id !== null && order !== null && seasonId !== null && seasonOrder !== null
    ? { id, order, title: row.episode_title ?? '', season: { id: seasonId, order: seasonOrder } }
    : null;
  return {
    content,
    lastEpisode,
    variantId: row.variant_id,
    time: row.time_seconds,
    duration: row.duration_seconds,
    watchedAt: isoTime(row.watched_at),
  };
}

/** The query is text to find, not a pattern: its % and _ match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
