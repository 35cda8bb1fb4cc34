import type { ListingFilters, ListingSort } from '../../src/contract/schemas/catalogue-schema.ts';

/** SQL conditions on `contents c` and the parameters they use, numbered after `firstParam - 1`. */
export interface FilterSql {
  conditions: string[];
  params: unknown[];
}

/**
 * The WHERE conditions of listing filters on the alias `c` (contents), parameterised: one
 * builder for every listing and for the filtered search, so a filter means the same everywhere.
 * `params` continues an existing parameter list (its length decides the next $n).
 */
export function listingFilterSql(filters: ListingFilters, params: unknown[] = []): FilterSql {
  const conditions: string[] = [];
  const next = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.types?.length) conditions.push(`c.content_type = ANY(${next(filters.types)}::text[])`);
  if (filters.genres?.length) {
    conditions.push(`EXISTS (SELECT 1 FROM content_genres cg JOIN genres g ON g.id = cg.genre_id
      WHERE cg.content_id = c.id AND g.slug = ANY(${next(filters.genres)}::text[]))`);
  }
  if (filters.countries?.length) {
    conditions.push(`EXISTS (SELECT 1 FROM content_countries cc WHERE cc.content_id = c.id AND cc.slug = ANY(${next(filters.countries)}::text[]))`);
  }
  if (filters.languages?.length) {
    conditions.push(`EXISTS (SELECT 1 FROM content_languages cl WHERE cl.content_id = c.id AND cl.code = ANY(${next(filters.languages)}::text[]))`);
  }
  if (filters.tags?.length) {
    conditions.push(`EXISTS (SELECT 1 FROM content_tags ct JOIN tags t ON t.id = ct.tag_id
      WHERE ct.content_id = c.id AND t.slug = ANY(${next(filters.tags)}::text[]))`);
  }
  if (filters.yearFrom !== undefined) conditions.push(`c.year >= ${next(filters.yearFrom)}::int`);
  if (filters.yearTo !== undefined) conditions.push(`c.year <= ${next(filters.yearTo)}::int`);
  if (filters.ratingFrom !== undefined) conditions.push(`c.rating_kinopoisk >= ${next(filters.ratingFrom)}::float8`);
  if (filters.ratingTo !== undefined) conditions.push(`c.rating_kinopoisk <= ${next(filters.ratingTo)}::float8`);
  return { conditions, params };
}

const SORT_COLUMNS: Record<ListingSort, { column: string; defaultOrder: 'asc' | 'desc' }> = {
  popular: { column: 'c.popularity', defaultOrder: 'desc' },
  rating: { column: 'c.rating_kinopoisk', defaultOrder: 'desc' },
  year: { column: 'c.year', defaultOrder: 'desc' },
  new: { column: 'c.created_at', defaultOrder: 'desc' },
  title: { column: 'c.title', defaultOrder: 'asc' },
};

/** ORDER BY for a listing; ties broken by id so pages never overlap or skip. */
export function listingOrderSql(sort: ListingSort = 'popular', order?: 'asc' | 'desc'): string {
  const { column, defaultOrder } = SORT_COLUMNS[sort];
  const direction = (order ?? defaultOrder).toUpperCase();
  // Ties by id ascending whatever the direction: (popularity DESC, id) is an index, and pages stay stable.
  return `ORDER BY ${column} ${direction} NULLS LAST, c.id`;
}
