import type { ContentCard, Page, Paging } from '../../src/contract/schemas/catalogue-schema.ts';
import type { FavouriteMark } from '../../src/contract/schemas/viewer-schema.ts';
import { loadContentCards } from '../catalogue/content-cards.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { requireContent } from './content-exists.ts';
import { pageOffset, VIEWER_LIMITS } from './viewer-limits.ts';

/** Each viewer's favourite contents, newest added first. */
export class FavouritesRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async page(userId: number, { page, pageSize }: Paging): Promise<Page<ContentCard>> {
    const [count] = await this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM viewer_favourites WHERE user_id = $1', [userId]);
    const rows = await this.db.query<{ content_id: number }>(
      `SELECT content_id FROM viewer_favourites WHERE user_id = $1
       ORDER BY added_at DESC, content_id DESC LIMIT $2 OFFSET $3`,
      [userId, pageSize, pageOffset(page, pageSize)],
    );
    const items = await loadContentCards(this.db, rows.map((row) => row.content_id));
    return { items, total: count?.total ?? 0, page, pageSize };
  }

  /** Whether one content is among the viewer's favourites, wherever it stands in the list; 404 for an unknown content. */
  async mark(userId: number, contentId: number): Promise<FavouriteMark> {
    await requireContent(this.db, contentId);
    const rows = await this.db.query('SELECT 1 FROM viewer_favourites WHERE user_id = $1 AND content_id = $2', [userId, contentId]);
    return { contentId, isFavorite: rows.length > 0 };
  }

  /** Idempotent: adding a favourite again keeps its place. */
  async add(userId: number, contentId: number): Promise<FavouriteMark> {
    await requireContent(this.db, contentId);
    const [state] = await this.db.query<{ total: number; present: boolean }>(
      `SELECT count(*)::int AS total, bool_or(content_id = $2) AS present FROM viewer_favourites WHERE user_id = $1`,
      [userId, contentId],
    );
    if (!state?.present && (state?.total ?? 0) >= VIEWER_LIMITS.favourites) {
      throw new HttpError(409, `at most ${VIEWER_LIMITS.favourites} favourites: remove one first`);
    }
    await this.db.query(
      'INSERT INTO viewer_favourites (user_id, content_id) VALUES ($1, $2) ON CONFLICT (user_id, content_id) DO NOTHING',
      [userId, contentId],
    );
    return { contentId, isFavorite: true };
  }

  /** 404 when the content is unknown or not among the viewer's favourites. */
  async remove(userId: number, contentId: number): Promise<FavouriteMark> {
    await requireContent(this.db, contentId);
    const removed = await this.db.query('DELETE FROM viewer_favourites WHERE user_id = $1 AND content_id = $2 RETURNING content_id', [userId, contentId]);
    if (removed.length === 0) throw new HttpError(404, `content ${contentId} is not among the favourites`);
    return { contentId, isFavorite: false };
  }
}
