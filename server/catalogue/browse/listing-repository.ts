import type { Facets, Shelf } from '../../../src/contract/schemas/browse-schema.ts';
import type { ContentCard, ListingFilters, Page, Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { loadContentCards } from '../content-cards.ts';
import { listingOrderSql } from '../listing-filter-sql.ts';
import type { CategoryRecord } from './category-repository.ts';
import { scopedWhere, type ContentScope } from './content-scope.ts';

/**
 * How each value of a many-valued field is counted: the join from `contents c` to its values
 * (aliases of their own, so the filters' EXISTS subqueries keep theirs) and its value's key.
 */
const VALUE_FACETS = {
  genres: { select: 'fg.slug AS key, fg.title', join: 'JOIN content_genres fcg ON fcg.content_id = c.id JOIN genres fg ON fg.id = fcg.genre_id', group: 'fg.id' },
  countries: { select: 'fk.slug AS key, fk.title', join: 'JOIN content_countries fcc ON fcc.content_id = c.id JOIN countries fk ON fk.slug = fcc.slug', group: 'fk.slug' },
  languages: { select: 'fl.code AS key, fl.title', join: 'JOIN content_languages fcl ON fcl.content_id = c.id JOIN languages fl ON fl.code = fcl.code', group: 'fl.code' },
  tags: { select: 'ft.slug AS key, ft.title', join: 'JOIN content_tags fct ON fct.content_id = c.id JOIN tags ft ON ft.id = fct.tag_id', group: 'ft.id' },
} as const;

type ValueFacet = keyof typeof VALUE_FACETS;

/**
 * The catalogue's listings: a scope's contents (every content, a type's category, a tag) narrowed
 * by filters, paged as cards, counted, or counted by filter value for the filter panel.
 */
export class ListingRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /**
   * One page of a listing: the scope's contents narrowed by the filters, in the requested order
   * (ties by id, so pages neither overlap nor skip), as cards. Three queries whatever the page size.
   */
  async page(scope: ContentScope, filters: ListingFilters, paging: Paging): Promise<Page<ContentCard>> {
    const { where, params, defaultOrder } = scopedWhere(scope, filters);
    const total = await this.countWhere(where, params.values);
    const offset = (paging.page - 1) * paging.pageSize;
    if (offset >= total) return { items: [], total, page: paging.page, pageSize: paging.pageSize };
    const order = filters.sort === undefined && defaultOrder ? defaultOrder : listingOrderSql(filters.sort, filters.order);
    const rows = await this.db.query<{ id: number }>(
      `SELECT c.id FROM contents c ${where} ${order} LIMIT ${params.add(paging.pageSize)} OFFSET ${params.add(offset)}`,
      params.values,
    );
    const items = await loadContentCards(this.db, rows.map((row) => row.id));
    return { items, total, page: paging.page, pageSize: paging.pageSize };
  }

  /** How many contents a scope holds, unfiltered. */
  async total(scope: ContentScope): Promise<number> {
    const { where, params } = scopedWhere(scope, {});
    return this.countWhere(where, params.values);
  }

  /**
   * The filter panel's counts for a scope (a type's category): each field counted under every
   * other filter but its own, so a viewer sees what choosing another value would give. Six
   * grouped queries, each over the scope's contents only.
   */
  async facets(scope: ContentScope, filters: ListingFilters): Promise<Facets> {
    const valueCounts = async <Field extends ValueFacet>(field: Field) => {
      const facet = VALUE_FACETS[field];
      const { where, params } = scopedWhere(scope, { ...filters, [field]: undefined });
      const rows = await this.db.query<{ key: string; title: string; count: number }>(
        `SELECT ${facet.select}, count(*)::int AS count FROM contents c ${facet.join} ${where}
         GROUP BY ${facet.group} ORDER BY count DESC, key`,
        params.values,
      );
      return rows;
    };
    const yearCounts = async () => {
      const { where, params } = scopedWhere(scope, { ...filters, yearFrom: undefined, yearTo: undefined });
      return this.db.query<{ year: number; count: number }>(
        `SELECT c.year, count(*)::int AS count FROM contents c ${where} GROUP BY c.year ORDER BY c.year DESC`,
        params.values,
      );
    };
    const ratingRange = async () => {
      const { where, params } = scopedWhere(scope, { ...filters, ratingFrom: undefined, ratingTo: undefined });
      const [row] = await this.db.query<{ min: number | null; max: number | null }>(
        `SELECT min(c.rating_kinopoisk) AS min, max(c.rating_kinopoisk) AS max FROM contents c ${where}`,
        params.values,
      );
      return row?.min == null || row.max == null ? null : { min: row.min, max: row.max };
    };
    // Independent reads: a PostgreSQL pool runs them side by side; PGlite takes them in turn.
    const [genres, countries, languages, tags, years, rating] = await Promise.all([
      valueCounts('genres'), valueCounts('countries'), valueCounts('languages'), valueCounts('tags'), yearCounts(), ratingRange(),
    ]);
    return {
      genres: genres.map(({ key, ...counted }) => ({ slug: key, ...counted })),
      countries: countries.map(({ key, ...counted }) => ({ slug: key, ...counted })),
      languages: languages.map(({ key, ...counted }) => ({ code: key, ...counted })),
      tags: tags.map(({ key, ...counted }) => ({ slug: key, ...counted })),
      years,
      rating,
    };
  }

  /** Each category's first cards as a home page shelf: one id query per shelf (a handful, cached), one card query for all. */
  async shelves(records: readonly CategoryRecord[], limit: number): Promise<Shelf[]> {
    const firsts: Array<{ ids: number[]; total: number }> = [];
    for (const record of records) firsts.push(await this.firstCards(record.scope, limit));
    const cards = new Map((await loadContentCards(this.db, [...new Set(firsts.flatMap((first) => first.ids))])).map((card) => [card.id, card]));
    return records.map((record, index) => {
      const first = firsts[index] ?? { ids: [], total: 0 };
      return { category: record.category, total: first.total, items: first.ids.flatMap((id) => cards.get(id) ?? []) };
    });
  }

  /** The first `limit` contents of a scope in its default order, and how many it holds. */
  private async firstCards(scope: ContentScope, limit: number): Promise<{ ids: number[]; total: number }> {
    const { where, params, defaultOrder } = scopedWhere(scope, {});
    const total = await this.countWhere(where, params.values);
    const rows = await this.db.query<{ id: number }>(
      `SELECT c.id FROM contents c ${where} ${defaultOrder ?? listingOrderSql()} LIMIT ${params.add(limit)}`,
      params.values,
    );
    return { ids: rows.map((row) => row.id), total };
  }

  private async countWhere(where: string, values: readonly unknown[]): Promise<number> {
    const [counted] = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM contents c ${where}`, values);
    return counted?.total ?? 0;
  }
}
