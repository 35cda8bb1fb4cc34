import type { Category } from '../../../src/contract/schemas/browse-schema.ts';
import type { CONTENT_TYPE_SLUGS, ListingFilters } from '../../../src/contract/schemas/catalogue-schema.ts';
import { listingFilterSql } from '../listing-filter-sql.ts';

export type ContentTypeSlug = (typeof CONTENT_TYPE_SLUGS)[number];

/** A growing list of query parameters; add() answers the placeholder of the value it stored. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Which contents a listing draws from, as conditions on `contents c`. */
export interface ScopeSql {
  conditions: string[];
  /** ORDER BY when the request names no sort; absent: the listings' default (most popular). */
  defaultOrder?: string;
}

/** A listing's source, written into a shared parameter list (filters follow it there). */
export type ContentScope = (params: SqlParams) => ScopeSql;

export const everyContent: ContentScope = () => ({ conditions: [] });

export function contentsOfType(type: ContentTypeSlug): ContentScope {
  return (params) => ({ conditions: [`c.content_type = ${params.add(type)}`] });
}

/** One tag's contents. */
export function contentsOfTag(tagId: number): ContentScope {
  return (params) => ({
    conditions: [`EXISTS (SELECT 1 FROM content_tags tct WHERE tct.content_id = c.id AND tct.tag_id = ${params.add(tagId)}::int)`],
  });
}

/**
 * A category's contents (migration 008): 'all' every content of its type, 'genre' those of the
 * type in its genre, 'selection' the editor's rows in the editor's order.
 */
export function contentsOfCategory(category: Pick<Category, 'id' | 'kind' | 'contentType'> & { genreId: number | null }): ContentScope {
  return (params) => {
    if (category.kind === 'selection') {
      const id = params.add(category.id);
      return {
        conditions: [`EXISTS (SELECT 1 FROM category_contents sel WHERE sel.category_id = ${id} AND sel.content_id = c.id)`],
        defaultOrder: `ORDER BY (SELECT sel.position FROM category_contents sel WHERE sel.category_id = ${id} AND sel.content_id = c.id), c.id`,
      };
    }
    const conditions = [`c.content_type = ${params.add(category.contentType.slug)}`];
    if (category.kind === 'genre') {
      conditions.push(`EXISTS (SELECT 1 FROM content_genres scg WHERE scg.content_id = c.id AND scg.genre_id = ${params.add(category.genreId)}::int)`);
    }
    return { conditions };
  };
}

/** The WHERE clause of a scope narrowed by filters, and the parameters it uses. */
export function scopedWhere(scope: ContentScope, filters: ListingFilters, params = new SqlParams()): { where: string; params: SqlParams; defaultOrder?: string } {
  const scoped = scope(params);
  const filtered = listingFilterSql(filters, params.values);
  const conditions = [...scoped.conditions, ...filtered.conditions];
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params, defaultOrder: scoped.defaultOrder };
}
