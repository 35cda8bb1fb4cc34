import type { ContentCard, ListingFilters, Page, Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { loadContentCards } from '../content-cards.ts';
import { listingFilterSql, listingOrderSql } from '../listing-filter-sql.ts';
import { SqlParams, type ContentScope } from './content-scope.ts';

/** The WHERE clause of a scope narrowed by filters, and the parameters it uses. */
export function scopedWhere(scope: ContentScope, filters: ListingFilters, params = new SqlParams()): { where: string; params: SqlParams; defaultOrder?: string } {
  const scoped = scope(params);
  const filtered = listingFilterSql(filters, params.values);
  const conditions = [...scoped.conditions, ...filtered.conditions];
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params, defaultOrder: scoped.defaultOrder };
}

/**
 * One page of a listing: the scope's contents narrowed by the filters, in the requested order
 * (ties by id, so pages neither overlap nor skip), as cards. Three queries whatever the page size.
 */
export async function listContentPage(db: Queryable, scope: ContentScope, filters: ListingFilters, paging: Paging): Promise<Page<ContentCard>> {
  const { where, params, defaultOrder } = scopedWhere(scope, filters);
  const [counted] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM contents c ${where}`, params.values);
  const total = counted?.total ?? 0;
  const offset = (paging.page - 1) * paging.pageSize;
  if (offset >= total) return { items: [], total, page: paging.page, pageSize: paging.pageSize };
  const order = filters.sort === undefined && defaultOrder ? defaultOrder : listingOrderSql(filters.sort, filters.order);
  const rows = await db.query<{ id: number }>(
    `SELECT c.id FROM contents c ${where} ${order} LIMIT ${params.add(paging.pageSize)} OFFSET ${params.add(offset)}`,
    params.values,
  );
  const items = await loadContentCards(db, rows.map((row) => row.id));
  return { items, total, page: paging.page, pageSize: paging.pageSize };
}

/** The first `limit` cards of a scope in its default order, and how many it holds (a home page shelf). */
export async function firstCards(db: Queryable, scope: ContentScope, limit: number): Promise<{ ids: number[]; total: number }> {
  const { where, params, defaultOrder } = scopedWhere(scope, {});
  const [counted] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM contents c ${where}`, params.values);
  const rows = await db.query<{ id: number }>(
    `SELECT c.id FROM contents c ${where} ${defaultOrder ?? listingOrderSql()} LIMIT ${params.add(limit)}`,
    params.values,
  );
  return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
}
