import type { PromoSlide } from '../../../src/contract/schemas/browse-schema.ts';
import type { ContentCard } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { loadContentCards } from '../content-cards.ts';

/** The column a content is looked up by: its slug or an outside id. */
export type ContentKey = 'slug' | 'imdb_id' | 'kinopoisk_id';
const CONTENT_KEYS: readonly ContentKey[] = ['slug', 'imdb_id', 'kinopoisk_id'];

/** Contents found by a key, the home page's promo slider and the most relevant contents. */
export class ContentLookupRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** The id of the content whose `key` is `value`; null when none is. */
  async idBy(key: ContentKey, value: string | number): Promise<number | null> {
    // The column is one of three fixed names, never the request's text.
    if (!CONTENT_KEYS.includes(key)) throw new Error(`contents are not looked up by ${key}`);
    const [row] = await this.db.query<{ id: number }>(`SELECT id FROM contents WHERE ${key} = $1`, [value]);
    return row ? row.id : null;
  }

  /** The promo slider's slides in order, each with its content's card. */
  async promoSlides(): Promise<PromoSlide[]> {
    const rows = await this.db.query<{ id: number; promo_position: number; image: string; description: string }>(
      `SELECT id, promo_position, COALESCE(backdrop_path, poster_path) AS image, description
       FROM contents WHERE promo_position IS NOT NULL ORDER BY promo_position`,
    );
    const cards = await loadContentCards(this.db, rows.map((row) => row.id));
    const cardsById = new Map(cards.map((card) => [card.id, card]));
    return rows.flatMap((row) => {
      const card = cardsById.get(row.id);
      return card ? [{ position: row.promo_position, imageUrl: row.image, description: row.description, content: card }] : [];
    });
  }

  /** The most popular contents (ties by id), of one type or of all (null). */
  async mostRelevant(type: string | null, limit: number): Promise<ContentCard[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM contents WHERE ($1::text IS NULL OR content_type = $1) ORDER BY popularity DESC, id LIMIT $2`,
      [type, limit],
    );
    return loadContentCards(this.db, rows.map((row) => row.id));
  }
}
