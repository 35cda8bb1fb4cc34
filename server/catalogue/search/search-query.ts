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

/** What one kind of match adds to the SQL: its condition on `s` and its relevance order. */
interface Matcher {
  condition: string;
  relevance: string;
}

/** One page of the contents the query finds, best first, and how many there are. */
export async function findContentIds(db: Queryable, plan: SearchPlan): Promise<RankedIds> {
  const { match, exact } = plan.terms;
  if (match !== null) return rankedPage(db, plan, (params) => fullTextMatcher(params, match, exact, plan.titleWords));
  if (plan.query.length < MIN_FALLBACK_LENGTH) return { ids: [], total: 0 };
  return rankedPage(db, plan, (params) => titleSimilarityMatcher(params, plan.query));
}

function fullTextMatcher(params: unknown[], match: string, exact: string | null, titleWords: string): Matcher {
  params.push(match, exact, titleWords);
  const [query, exactQuery, words] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
  return {
    condition: `s.document @@ ${query}::tsquery`,
    // A title of exactly the query's words comes first; a document with the query's own
    // lexemes counts double (exact over fuzzy in the same field, a fuzzy title hit still above
    // an exact description hit); popularity breaks ties, the id keeps pages stable.
    relevance: `ORDER BY (${words}::tsvector <> ''::tsvector
        AND (s.title_words = ${words}::tsvector OR s.original_title_words = ${words}::tsvector)) DESC,
      ts_rank_cd('${RANK_WEIGHTS}', s.document, ${query}::tsquery)
        * CASE WHEN s.document @@ ${exactQuery}::tsquery THEN 2 ELSE 1 END DESC,
      c.popularity DESC, c.id`,
  };
}

function titleSimilarityMatcher(params: unknown[], query: string): Matcher {
  params.push(query.toLowerCase());
  const text = `$${params.length}`;
  return {
    condition: `${text} <% s.title_text`,
    relevance: `ORDER BY word_similarity(${text}, s.title_text) DESC, c.popularity DESC, c.id`,
  };
}

/**
 * The page and the total in one statement (count(*) OVER () is computed over the matches the
 * ranking reads anyway); a page past the end has no row to carry the total, so it is counted apart.
 */
async function rankedPage(db: Queryable, plan: SearchPlan, matcher: (params: unknown[]) => Matcher): Promise<RankedIds> {
  const params: unknown[] = [];
  const { condition, relevance } = matcher(params);
  const { conditions } = listingFilterSql(plan.filters, params);
  const where = [condition, ...conditions].join(' AND ');
  const order = plan.filters.sort ? listingOrderSql(plan.filters.sort, plan.filters.order) : relevance;
  const from = 'FROM content_search s JOIN contents c ON c.id = s.content_id';
  const { page, pageSize } = plan.paging;
  const rows = await db.query<{ id: number; total: number }>(
    `SELECT c.id, count(*) OVER ()::int AS total ${from} WHERE ${where} ${order}
     LIMIT $${params.length + 1}::int OFFSET $${params.length + 2}::int`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  if (rows.length > 0 || page === 1) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from} WHERE ${where}`, params);
  return { ids: [], total: count?.total ?? 0 };
}
