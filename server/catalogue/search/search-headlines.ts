import type { SearchHighlight } from '../../../src/contract/schemas/search-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { highlightSegments, MASK_FROM, MASK_TO, SNIPPET_HEADLINE_OPTIONS, TITLE_HEADLINE_OPTIONS } from './highlight-segments.ts';

/**
 * The highlighted title and description snippet of each of `ids` (one page), by id. `match` is
 * the tsquery the contents were found by, so a fuzzy match ('масква') marks the word it matched
 * ('Москва'); null (found by the title fallback) marks nothing. The text is masked first
 * (highlight-segments.ts) so that only ts_headline's markers split it and no markup is lost.
 */
export async function loadHighlights(db: Queryable, ids: readonly number[], match: string | null): Promise<Map<number, SearchHighlight>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; title: string; snippet: string }>(
    `SELECT c.id,
       ts_headline('russian', translate(c.title, $5, $6), q.query, $3) AS title,
       ts_headline('russian', translate(c.description, $5, $6), q.query, $4) AS snippet
     FROM contents c, (SELECT COALESCE($2::tsquery, '!x'::tsquery) AS query) q
     WHERE c.id = ANY($1::int[])`,
    [ids, match, TITLE_HEADLINE_OPTIONS, SNIPPET_HEADLINE_OPTIONS, MASK_FROM, MASK_TO],
  );
  return new Map(rows.map((row) => [row.id, { title: highlightSegments(row.title), snippet: highlightSegments(row.snippet) }]));
}
