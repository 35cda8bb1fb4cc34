import type { ListingFilters, Paging } from '../../../src/api/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { listingFilterSql, listingOrderSql } from '../listing-filter-sql.ts';
import type { SearchTerms } from './search-terms.ts';

/**
 * Field weights for ts_rank_cd, in its order {D, C, B, A}: description and year, people,
 * original title, title. A title hit outweighs several in the description.
 */
const RANK_WEIGHTS = '{0.05, 0.2, 0.6, 1.0}';
/**
 * The fallback for a query with no word the full-text search can use (only stop words: 'Оно',
 * 'Я и ты'): the query is most of a word of a title (pg_trgm's word similarity). Not tried when
 * the words are simply not found: the lexicon has already forgiven every typo worth forgiving,
 * and scanning titles for nothing is the slowest search there is.
 */
const MIN_FALLBACK_LENGTH = 3;

export interface RankedIds {
  ids: number[];
  total: number;
}

export interface SearchPlan {
  terms: SearchTerms;
  /** The query's words as a tsvector text: a title of exactly these words comes first. */
  titleWords: string;
  /** The trimmed query, for the trigram fallback. */
  query: string;
  filters: ListingFilters;
  paging: Paging;
}

/**
 * What one kind of match adds to the SQL: its condition on `s` and its relevance order, each
 * pushing its own parameters (the order's are sent only with the page, not with a count).
 */
interface Matcher {
  condition(params: unknown[]): string;
  relevance(params: unknown[]): string;
}

/** One page of the contents the query finds, best first, and how many there are. */
export async function findContentIds(db: Queryable, plan: SearchPlan): Promise<RankedIds> {
  const { match, exact } = plan.terms;
  if (match !== null) return rankedPage(db, plan, fullTextMatcher(match, exact, plan.titleWords));
  if (plan.query.length < MIN_FALLBACK_LENGTH) return { ids: [], total: 0 };
  return rankedPage(db, plan, titleSimilarityMatcher(plan.query));
}

const next = (params: unknown[], value: unknown) => `$${params.push(value)}`;

function fullTextMatcher(match: string, exact: string | null, titleWords: string): Matcher {
  return {
    condition: (params) => `s.document @@ ${next(params, match)}::tsquery`,
    relevance: (params) => {
      const [query, exactQuery, words] = [match, exact, titleWords].map((value) => next(params, value));
      // A title of exactly the query's words comes first; a document with the query's own
      // lexemes counts double (exact over fuzzy in the same field, a fuzzy title hit still above
      // an exact description hit); popularity breaks ties, the id keeps pages stable.
      return `ORDER BY (${words}::tsvector <> ''::tsvector
          AND (s.title_words = ${words}::tsvector OR s.original_title_words = ${words}::tsvector)) DESC,
        ts_rank_cd('${RANK_WEIGHTS}', s.document, ${query}::tsquery)
          * CASE WHEN s.document @@ ${exactQuery}::tsquery THEN 2 ELSE 1 END DESC,
        c.popularity DESC, c.id`;
    },
  };
}

function titleSimilarityMatcher(query: string): Matcher {
  const text = query.toLowerCase();
  return {
    condition: (params) => `${next(params, text)} <% s.title_text`,
    relevance: (params) => `ORDER BY word_similarity(${next(params, text)}, s.title_text) DESC, c.popularity DESC, c.id`,
  };
}

/**
 * The page and the total in one statement (count(*) OVER () is computed over the matches the
 * ranking reads anyway); a page past the end has no row to carry the total, so it is counted apart.
 */
async function rankedPage(db: Queryable, plan: SearchPlan, matcher: Matcher): Promise<RankedIds> {
  const params: unknown[] = [];
  const where = [matcher.condition(params), ...listingFilterSql(plan.filters, params).conditions].join(' AND ');
  const from = 'FROM content_search s JOIN contents c ON c.id = s.content_id';
  const { page, pageSize } = plan.paging;
  const pageParams = [...params];
  const order = plan.filters.sort ? listingOrderSql(plan.filters.sort, plan.filters.order) : matcher.relevance(pageParams);
  const rows = await db.query<{ id: number; total: number }>(
    `SELECT c.id, count(*) OVER ()::int AS total ${from} WHERE ${where} ${order}
     LIMIT ${next(pageParams, pageSize)}::int OFFSET ${next(pageParams, (page - 1) * pageSize)}::int`,
    pageParams,
  );
  if (rows.length > 0 || page === 1) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from} WHERE ${where}`, params);
  return { ids: [], total: count?.total ?? 0 };
}
