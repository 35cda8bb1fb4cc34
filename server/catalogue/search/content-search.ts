import type { ListingFilters, Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { SearchHit, SearchPage } from '../../../src/contract/schemas/search-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { loadContentCards } from '../content-cards.ts';
import { loadHighlights } from './search-headlines.ts';
import { findContentIds } from './search-query.ts';
import { analyseQuery, buildSearchTerms, quoteLexeme } from './search-terms.ts';

export interface ContentSearch extends Paging {
  /** Trimmed, 1..200 characters (searchQuerySchema). */
  query: string;
  filters?: ListingFilters;
}

/**
 * One page of the contents matching `query` (and `filters`), each card with its highlight:
 * the query's words are stemmed and widened to near lexemes (search-terms.ts), the documents
 * ranked (search-query.ts), then the page's cards and highlights loaded.
 */
export async function searchContents(db: Queryable, search: ContentSearch): Promise<SearchPage> {
  const words = await analyseQuery(db, search.query);
  const terms = buildSearchTerms(words);
  const paging = { page: search.page, pageSize: search.pageSize };
  const { ids, total } = await findContentIds(db, {
    terms,
    titleWords: words.map((word) => quoteLexeme(word.lexeme)).join(' '),
    query: search.query,
    filters: search.filters ?? {},
    paging,
  });
  const [cards, highlights] = await Promise.all([loadContentCards(db, ids), loadHighlights(db, ids, terms.match)]);
  const items = cards.flatMap((card): SearchHit[] => {
    const highlight = highlights.get(card.id);
    return highlight ? [{ ...card, highlight }] : [];
  });
  return { items, total, ...paging };
}
