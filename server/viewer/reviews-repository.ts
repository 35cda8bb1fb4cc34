import type { Page, Paging } from '../../src/contract/schemas/catalogue-schema.ts';
import type { REVIEW_SORTS, Review, ReviewBody } from '../../src/contract/schemas/viewer-schema.ts';
import type { Caller } from '../auth/session-guard.ts';
import type { Database, Queryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { requireContent } from './content-exists.ts';
import { isoTime } from './iso-time.ts';
import { pageOffset } from './viewer-limits.ts';

interface ReviewRow {
  id: number;
  content_id: number;
  user_id: number;
  author_name: string;
  title: string | null;
  body: string;
  rating: number;
  upvotes: number;
  downvotes: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const REVIEW_SELECT = `SELECT r.id, r.content_id, r.user_id, u.name AS author_name, r.title, r.body, r.rating,
  r.upvotes, r.downvotes, r.created_at, r.updated_at
  FROM reviews r JOIN users u ON u.id = r.user_id`;

/** Fixed texts only: the sort is chosen from these, never written into SQL from the request. */
const ORDER_BY: Record<(typeof REVIEW_SORTS)[number], string> = {
  newest: 'r.created_at DESC, r.id DESC',
  helpful: '(r.upvotes - r.downvotes) DESC, r.upvotes DESC, r.id DESC',
};

/** Viewers' reviews of contents: one per viewer and content, voted helpful or not by others. */
export class ReviewsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async page(contentId: number, { page, pageSize }: Paging, sort: (typeof REVIEW_SORTS)[number]): Promise<Page<Review>> {
    await requireContent(this.db, contentId);
    const [count] = await this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM reviews WHERE content_id = $1', [contentId]);
    const rows = await this.db.query<ReviewRow>(
      `${REVIEW_SELECT} WHERE r.content_id = $1 ORDER BY ${ORDER_BY[sort]} LIMIT $2 OFFSET $3`,
      [contentId, pageSize, pageOffset(page, pageSize)],
    );
    return { items: rows.map(toReview), total: count?.total ?? 0, page, pageSize };
  }

  /** 409 when the viewer already reviewed the content. */
  async create(userId: number, contentId: number, review: ReviewBody): Promise<Review> {
    await requireContent(this.db, contentId);
    const [created] = await this.db.query<{ id: number }>(
      `INSERT INTO reviews (content_id, user_id, title, body, rating) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (content_id, user_id) DO NOTHING RETURNING id`,
      [contentId, userId, review.title ?? null, review.text, review.rating],
    );
    if (!created) throw new HttpError(409, `you have already reviewed content ${contentId}: edit that review instead`);
    return this.find(contentId, created.id);
  }

  /** 404 unless the review is of that content. */
  async find(contentId: number, reviewId: number, db: Queryable = this.db): Promise<Review> {
    const [row] = await db.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.id = $1 AND r.content_id = $2`, [reviewId, contentId]);
    if (!row) throw new HttpError(404, `review ${reviewId} of content ${contentId} not found`);
    return toReview(row);
  }

  /** Only its author may edit a review (an administrator may remove it, not put words in it). */
  async update(caller: Caller, contentId: number, reviewId: number, review: ReviewBody): Promise<Review> {
    const current = await this.find(contentId, reviewId);
    if (current.author.id !== caller.userId) throw new HttpError(403, 'only its author may edit a review');
    await this.db.query(
      'UPDATE reviews SET title = $2, body = $3, rating = $4, updated_at = clock_timestamp() WHERE id = $1',
      [reviewId, review.title ?? null, review.text, review.rating],
    );
    return this.find(contentId, reviewId);
  }

  /** Its author or an administrator. */
  async remove(caller: Caller, contentId: number, reviewId: number): Promise<void> {
    const current = await this.find(contentId, reviewId);
    if (current.author.id !== caller.userId && caller.role !== 'admin') throw new HttpError(403, 'only its author or an administrator may delete a review');
    await this.db.query('DELETE FROM reviews WHERE id = $1', [reviewId]);
  }

  /** One vote per viewer and review, never on one's own; the review's counts move with it. */
  async vote(userId: number, contentId: number, reviewId: number, value: 1 | -1): Promise<Review> {
    const current = await this.find(contentId, reviewId);
    if (current.author.id === userId) throw new HttpError(403, 'you cannot vote on your own review');
    return this.db.transaction(async (tx) => {
      const cast = await tx.query(
        'INSERT INTO review_votes (review_id, user_id, value) VALUES ($1, $2, $3) ON CONFLICT (review_id, user_id) DO NOTHING RETURNING value',
        [reviewId, userId, value],
      );
      if (cast.length === 0) throw new HttpError(409, `you have already voted on review ${reviewId}`);
      await tx.query(
        `UPDATE reviews SET upvotes = upvotes + CASE WHEN $2 = 1 THEN 1 ELSE 0 END,
           downvotes = downvotes + CASE WHEN $2 = -1 THEN 1 ELSE 0 END WHERE id = $1`,
        [reviewId, value],
      );
      return this.find(contentId, reviewId, tx);
    });
  }
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    contentId: row.content_id,
    author: { id: row.user_id, name: row.author_name },
    title: row.title,
    text: row.body,
    rating: row.rating,
    score: row.upvotes - row.downvotes,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
