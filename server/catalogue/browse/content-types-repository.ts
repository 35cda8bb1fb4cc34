import type { ContentTypeInfo } from '../../../src/contract/schemas/browse-schema.ts';
import type { Queryable } from '../../db/database.ts';

/** The catalogue's content types (films, series, cartoons). */
export class ContentTypesRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** Every content type with how many contents it has, in the site's order. */
  async all(): Promise<ContentTypeInfo[]> {
    const rows = await this.db.query<{ id: number; slug: ContentTypeInfo['slug']; title: string; contents_count: number }>(
      `SELECT ct.id, ct.slug, ct.title, (SELECT count(*)::int FROM contents c WHERE c.content_type = ct.slug) AS contents_count
       FROM content_types ct ORDER BY ct.position, ct.id`,
    );
    return rows.map((row) => ({ id: row.id, slug: row.slug, title: row.title, contentsCount: row.contents_count }));
  }

  async exists(id: number): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM content_types WHERE id = $1', [id])).length > 0;
  }
}
