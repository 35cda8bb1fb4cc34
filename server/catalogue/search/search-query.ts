import type { ListingFilters, Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { listingFilterSql, listingOrderSql } from '../listing-filter-sql.ts';
import type { SearchTerms } from './search-terms.ts';

/**
 * Field weights for ts_rank_cd, in its order {D, C, B, A}: the heading's people, original title
 * and title (D, the description, is not in the heading). A title hit outweighs an original
 * title's, which outweighs a name's.
 */
const RANK_WEIGHTS = '{0.1, 0.2, 0.6, 1.0}';
/** What a match only in the description (ts_rank_cd of the heading is 0) still scores. */
const DESCRIPTION_SCORE = 0.05;
/**
 * The fallback serves a query with no word the full-text search can use (only stop words: 'Оно',
 * 'Я и ты'): the query is most of a word of a title (pg_trgm's word similarity). It is not tried
 * when the words are simply not found (the lexicon has already forgiven the typos worth
 * forgiving, and scanning titles for nothing is the slowest search there is), nor for a query
 * shorter than this, which would be 'most of' far too many titles.
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
 * What one kind of match adds to the SQL: its condition on `s`, and its sort keys (whether the
 * title is exactly the query, a relevance score), each pushing its own parameters.
 */
interface Matcher {
  condition(params: unknown[]): string;
  keys(params: unknown[]): { titleExact: string; relevance: string };
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
    keys: (params) => {
      const [query, exactQuery, words] = [match, exact, titleWords].map((value) => next(params, value));
      return {
        titleExact: `(${words}::tsvector <> ''::tsvector
          AND (s.title_words = ${words}::tsvector OR s.original_title_words = ${words}::tsvector))`,
        // A document with the query's own lexemes counts double: exact over fuzzy in the same
        // field, and a fuzzy title hit still above an exact description hit.
        relevance: `(ts_rank_cd('${RANK_WEIGHTS}', s.heading, ${query}::tsquery) + ${DESCRIPTION_SCORE})
          * CASE WHEN s.document @@ ${exactQuery}::tsquery THEN 2 ELSE 1 END`,
      };
    },
  };
}

function titleSimilarityMatcher(query: string): Matcher {
  const text = query.toLowerCase();
  return {
    condition: (params) => `${next(params, text)} <% s.title_text`,
    keys: (params) => ({ titleExact: 'false', relevance: `word_similarity(${next(params, text)}, s.title_text)` }),
  };
}

/** Best first; popularity breaks ties, the id keeps pages stable. */
const RELEVANCE_ORDER = 'ORDER BY c.title_exact DESC, c.relevance DESC, c.popularity DESC, c.id';

/**
 * The page and the total in one statement: count(*) OVER () over the matches the ranking reads
 * anyway. The inner query computes the sort keys and hands on narrow rows (OFFSET 0 keeps it
 * from being merged into the outer one, which would carry every matching document into the
 * window). It is named `c` and keeps the columns listingOrderSql sorts by. A page past the end
 * has no row to carry the total, so it is counted apart.
 */
async function rankedPage(db: Queryable, plan: SearchPlan, matcher: Matcher): Promise<RankedIds> {
  const params: unknown[] = [];
  const where = [matcher.condition(params), ...listingFilterSql(plan.filters, params).conditions].join(' AND ');
  const from = 'FROM content_search s JOIN contents c ON c.id = s.content_id';
  const { page, pageSize } = plan.paging;
  const pageParams = [...params];
  // A listing sort needs no relevance: not computed then.
  const keys = plan.filters.sort ? { titleExact: 'false', relevance: '0' } : matcher.keys(pageParams);
  const order = plan.filters.sort ? listingOrderSql(plan.filters.sort, plan.filters.order) : RELEVANCE_ORDER;
  const rows = await db.query<{ id: number; total: number }>(
    `SELECT c.id, count(*) OVER ()::int AS total
     FROM (SELECT c.id, c.popularity, c.rating_kinopoisk, c.year, c.created_at, c.title,
             ${keys.titleExact} AS title_exact, ${keys.relevance} AS relevance
           ${from} WHERE ${where} OFFSET 0) c
     ${order}
     LIMIT ${next(pageParams, pageSize)}::int OFFSET ${next(pageParams, (page - 1) * pageSize)}::int`,
    pageParams,
  );
  if (rows.length > 0 || page === 1) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from} WHERE ${where}`, params);
  return { ids: [], total: count?.total ?? 0 };
}
