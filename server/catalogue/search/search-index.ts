import type { Database, Queryable } from '../../db/database.ts';

/** Serialises rebuilds: two processes starting on one PostgreSQL database would collide on the keys. */
const REBUILD_LOCK = 8009;
/** Longer lexemes are URLs and noise. */
const MAX_LEXICON_LEXEME_LENGTH = 40;
/**
 * Lexemes a query word may be one typo away from (search-terms.ts forgives none in a stem of
 * three letters or fewer, nor past this length, so nothing shorter or longer can be near one).
 */
export const MIN_FUZZY_LEXEME_LENGTH = 3;
export const MAX_FUZZY_LEXEME_LENGTH = 25;

/**
 * The search document of every content (migration 009). People's names are joined into one
 * text per content; each field keeps its own weight, so a title hit ranks above a description hit.
 */
const FILL_DOCUMENTS = `
  INSERT INTO content_search (content_id, document, heading, title_words, original_title_words, title_text)
  SELECT id, heading || setweight(to_tsvector('russian', description || ' ' || year::text), 'D'),
    heading, title_words, original_title_words, title_text
  FROM (
    SELECT c.id, c.description, c.year,
      setweight(to_tsvector('russian', c.title), 'A')
        || setweight(to_tsvector('russian', c.original_title), 'B')
        || setweight(to_tsvector('russian', COALESCE(people.names, '')), 'C') AS heading,
      strip(to_tsvector('russian', c.title)) AS title_words,
      strip(to_tsvector('russian', c.original_title)) AS original_title_words,
      lower(c.title || ' ' || c.original_title) AS title_text
    FROM contents c
    LEFT JOIN (
      SELECT cp.content_id, string_agg(DISTINCT p.name || ' ' || p.original_name, ' ') AS names
      FROM content_persons cp JOIN persons p ON p.id = cp.person_id
      GROUP BY cp.content_id
    ) people ON people.content_id = c.id
  ) parts`;

const FILL_LEXICON = `
  INSERT INTO search_lexicon (lexeme, documents)
  SELECT word, ndoc FROM ts_stat('SELECT document FROM content_search')
  WHERE length(word) <= ${MAX_LEXICON_LEXEME_LENGTH}`;

/** Each lexeme of a length typos are forgiven in, and its one-letter deletions (migration 009). */
const FILL_VARIANTS = `
  INSERT INTO search_lexicon_variants (variant, lexeme)
  SELECT forms.variant, l.lexeme
  FROM search_lexicon l
  CROSS JOIN LATERAL (
    SELECT l.lexeme AS variant
    UNION
    SELECT overlay(l.lexeme PLACING '' FROM i FOR 1) FROM generate_series(1, length(l.lexeme)) AS i
  ) forms
  WHERE length(l.lexeme) BETWEEN ${MIN_FUZZY_LEXEME_LENGTH} AND ${MAX_FUZZY_LEXEME_LENGTH}
  -- In key order: the B-tree grows at its right edge instead of splitting pages all over.
  ORDER BY 1, 2`;

/**
 * Rebuilds the search documents and the lexicon from the catalogue, in one transaction (a search
 * meanwhile waits for it, then sees the new index). Call it after writing contents or people.
 * The 6 000 generated contents take two to three seconds on PGlite.
 */
export async function rebuildSearchIndex(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [REBUILD_LOCK]);
    await fillSearchIndex(tx);
  });
  generation += 1;
}

/** Bumped by each rebuild in this process: kept search answers name it, so a rebuild outdates them. */
let generation = 0;

export function searchIndexGeneration(): number {
  return generation;
}

async function fillSearchIndex(tx: Queryable): Promise<void> {
  // TRUNCATE, not DELETE: fresh files instead of a table of dead rows, which PGlite (no
  // autovacuum) would carry from one rebuild to the next.
  await tx.query('TRUNCATE content_search, search_lexicon, search_lexicon_variants');
  await tx.query(FILL_DOCUMENTS);
  await tx.query(FILL_LEXICON);
  await tx.query(FILL_VARIANTS);
  // Fresh statistics, or the planner guesses and may pass the indexes by.
  await tx.query('ANALYZE content_search, search_lexicon, search_lexicon_variants');
}

/**
 * Rebuilds the index when it is missing contents, e.g. a database seeded before migration 009
 * existed: checked once when the server starts, so the search never silently finds nothing.
 * Checked under the rebuild lock, so of several servers starting together only one rebuilds.
 */
export async function ensureSearchIndex(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [REBUILD_LOCK]);
    const [row] = await tx.query<{ stale: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM contents c WHERE NOT EXISTS
         (SELECT 1 FROM content_search s WHERE s.content_id = c.id)) AS stale`,
    );
    if (!row?.stale) return false;
    await fillSearchIndex(tx);
    return true;
  });
}
