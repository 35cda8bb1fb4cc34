import type { ListingFilters, Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { SearchHit, SearchPage } from '../../../src/contract/schemas/search-schema.ts';
import type { Database } from '../../db/database.ts';
import { loadContentCards } from '../content-cards.ts';
import { loadHighlights } from './search-headlines.ts';
import { ensureSearchIndex } from './search-index.ts';
import { findContentIds } from './search-query.ts';
import { analyseQuery, buildSearchTerms, quoteLexeme } from './search-terms.ts';

export interface ContentSearch extends Paging {
  /** Trimmed, 1..200 characters (searchQuerySchema). */
  query: string;
  filters?: ListingFilters;
}

/**
 * The catalogue's search: the index (search-index.ts) and the queries over it (search-terms.ts,
 * search-query.ts, search-headlines.ts).
 */
export class SearchRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Builds the index when it lacks contents (a database seeded before the search existed); true when it did. */
  ensureIndex(): Promise<boolean> {
    return ensureSearchIndex(this.db);
  }

  /**
   * One page of the contents matching `query` (and `filters`), each card with its highlight:
   * the query's words are stemmed and widened to near lexemes (search-terms.ts), the documents
   * ranked (search-query.ts), then the page's cards and highlights loaded.
   */
  async search(search: ContentSearch): Promise<SearchPage> {
    const words = await analyseQuery(this.db, search.query);
    const terms = buildSearchTerms(words);
    const paging = { page: search.page, pageSize: search.pageSize };
    const { ids, total } = await findContentIds(this.db, {
      terms,
      titleWords: words.map((word) => quoteLexeme(word.lexeme)).join(' '),
      query: search.query,
      filters: search.filters ?? {},
      paging,
    });
    const [cards, highlights] = await Promise.all([loadContentCards(this.db, ids), loadHighlights(this.db, ids, terms.match)]);
    const items = cards.flatMap((card): SearchHit[] => {
      const highlight = highlights.get(card.id);
      return highlight ? [{ ...card, highlight }] : [];
    });
    return { items, total, ...paging };
  }
}
