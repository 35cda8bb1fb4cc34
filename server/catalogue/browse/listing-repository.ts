import type { Facets, Shelf } from '../../../src/contract/schemas/browse-schema.ts';
import type { ContentCard, ListingFilters, Page, Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { loadContentCards } from '../content-cards.ts';
import { listingOrderSql } from '../listing-filter-sql.ts';
import type { CategoryRecord } from './category-repository.ts';
import { scopedWhere, type ContentScope } from './content-scope.ts';
import { listingFacets } from './listing-facets.ts';

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

  /** The filter panel's counts for a scope (listing-facets.ts). */
  facets(scope: ContentScope, filters: ListingFilters): Promise<Facets> {
    return listingFacets(this.db, scope, filters);
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
