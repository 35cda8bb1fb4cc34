import type { Category } from '../../../src/contract/schemas/browse-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { contentsOfCategory, type ContentScope } from './content-scope.ts';

/** A category as the API shows it, and what its contents are drawn from. */
export interface CategoryRecord {
  category: Category;
  scope: ContentScope;
}

interface CategoryRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  kind: Category['kind'];
  parent_id: number | null;
  position: number;
  main_mart_position: number | null;
  genre_id: number | null;
  genre_slug: string | null;
  genre_title: string | null;
  type_id: number;
  type_slug: Category['contentType']['slug'];
  type_title: string;
}

const CATEGORY_SQL = `SELECT cat.id, cat.slug, cat.title, cat.description, cat.kind, cat.parent_id, cat.position,
   cat.main_mart_position, cat.genre_id, g.slug AS genre_slug, g.title AS genre_title,
   ct.id AS type_id, ct.slug AS type_slug, ct.title AS type_title
 FROM categories cat JOIN content_types ct ON ct.id = cat.content_type_id LEFT JOIN genres g ON g.id = cat.genre_id`;

/** Reads categories; a lookup answers null for an unknown one. */
export class CategoryRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  async byId(id: number): Promise<CategoryRecord | null> {
    const [row] = await this.db.query<CategoryRow>(`${CATEGORY_SQL} WHERE cat.id = $1`, [id]);
    return row ? toRecord(row) : null;
  }

  /** A category is named by its type and its slug (unique within the type). */
  async bySlug(type: { id: number } | { slug: string }, slug: string): Promise<CategoryRecord | null> {
    const [row] = 'id' in type
      ? await this.db.query<CategoryRow>(`${CATEGORY_SQL} WHERE ct.id = $1 AND cat.slug = $2`, [type.id, slug])
      : await this.db.query<CategoryRow>(`${CATEGORY_SQL} WHERE ct.slug = $1 AND cat.slug = $2`, [type.slug, slug]);
    return row ? toRecord(row) : null;
  }

  /** Every category of a type, in position order (the tree is built from parentId). */
  async ofType(typeId: number): Promise<Category[]> {
    const rows = await this.db.query<CategoryRow>(`${CATEGORY_SQL} WHERE ct.id = $1 ORDER BY cat.position, cat.id`, [typeId]);
    return rows.map((row) => toRecord(row).category);
  }

  /** The home page's shelves, in their order; of one type, or of all. */
  async mainMart(typeId?: number): Promise<CategoryRecord[]> {
    const rows = typeId === undefined
      ? await this.db.query<CategoryRow>(`${CATEGORY_SQL} WHERE cat.main_mart_position IS NOT NULL ORDER BY cat.main_mart_position, cat.id`)
      : await this.db.query<CategoryRow>(
        `${CATEGORY_SQL} WHERE cat.main_mart_position IS NOT NULL AND ct.id = $1 ORDER BY cat.main_mart_position, cat.id`,
        [typeId],
      );
    return rows.map(toRecord);
  }
}

function toRecord(row: CategoryRow): CategoryRecord {
  const category: Category = {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    kind: row.kind,
    contentType: { id: row.type_id, slug: row.type_slug, title: row.type_title },
    genre: row.genre_slug === null || row.genre_title === null ? null : { slug: row.genre_slug, title: row.genre_title },
    parentId: row.parent_id,
    position: row.position,
    mainMartPosition: row.main_mart_position,
  };
  return { category, scope: contentsOfCategory({ ...category, genreId: row.genre_id }) };
}
