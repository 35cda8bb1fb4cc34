import type { Database } from '../../db/database.ts';

/**
 * Words people add to a catalogue query that say nothing about which content they want
 * ('фильмы о любви смотреть онлайн'). Dropped when other words remain, since every word of a
 * query must match; a query made only of them is searched as it is.
 */
const NOISE_WORDS = 'фильм фильмы кино кинофильм сериал сериалы мультфильм мультфильмы мультик мультики смотреть онлайн бесплатно бесплатный качестве hd';
/**
 * pg_trgm's similarity floor for lexicon candidates, for this statement only. Its default 0.3
 * misses one typo in a short stem ('лубв' and 'любв' share 0.25); lower still, a four-letter
 * stem would fetch every entry sharing a single trigram with it (all words starting with its
 * letter) and the look-up grows with the lexicon. Levenshtein then decides. The price: two typos
 * close together in a long word ('торкавск' for 'тарковск', 0.2) are not forgiven.
 */
const CANDIDATE_SIMILARITY = '0.25';
/** A longer query is cut here: each word costs a lexicon look-up. */
const MAX_QUERY_WORDS = 12;
/** Close lexicon entries kept per word, nearest first. */
const MAX_EXPANSIONS = 8;
/** The shortest stem that gets a prefix alternative (typing 'матр' finds 'Матрица'). */
const MIN_PREFIX_LENGTH = 3;

/** One query word: its own lexeme and the lexicon entries it also matches. */
export interface QueryWord {
  lexeme: string;
  /** The lexeme itself is in some document. */
  known: boolean;
  /** Lexicon entries within the allowed edit distance, nearest first. */
  near: string[];
  /** The last word may be unfinished: it also matches lexemes it begins. */
  prefix: boolean;
}

/** What the database is asked: every word (AND), each by any of its forms (OR). */
export interface SearchTerms {
  /** tsquery text matching a document; null when the query has no searchable word. */
  match: string | null;
  /** tsquery text of the query's own lexemes only (OR): a document having them ranks higher. */
  exact: string | null;
}

interface WordRow {
  lexeme: string;
  position: number;
  noise: boolean;
  known: boolean;
  prefixed: boolean;
  near: string[];
}

/**
 * The query's words as the 'russian' configuration stems them (stop words gone), in order, each
 * with the lexicon entries near it: trigram candidates from the index, kept when levenshtein
 * allows (maxTypos). One statement; the CASE keeps levenshtein away from strings it refuses.
 */
const ANALYSE_QUERY = `
  WITH words AS (
    SELECT w.lexeme, w.positions[1] AS position
    FROM unnest(to_tsvector('russian', $1)) AS w
    ORDER BY w.positions[1]
    LIMIT ${MAX_QUERY_WORDS}
  ), allowed AS (
    -- Typos allowed in a stem: none in short ones or numbers (too many neighbours), one, then
    -- two. A word some document has is spelt right: only its other forms are near ('любв' and
    -- 'любов' are one apart), so one.
    SELECT words.*, known.lexeme IS NOT NULL AS known,
      CASE WHEN length(words.lexeme) <= 3 OR words.lexeme ~ '[0-9]' THEN 0
           WHEN length(words.lexeme) <= 5 OR known.lexeme IS NOT NULL THEN 1 ELSE 2 END AS typos
    FROM words LEFT JOIN search_lexicon known ON known.lexeme = words.lexeme
  )
  SELECT a.lexeme, a.position, a.known,
    a.lexeme = ANY (tsvector_to_array(to_tsvector('russian', $2))) AS noise,
    -- Only the last word may be unfinished. Asked of the documents' own index, which reads a
    -- prefix as one range of its keys.
    a.position = (SELECT max(position) FROM words) AND length(a.lexeme) >= ${MIN_PREFIX_LENGTH} AND EXISTS (
      SELECT 1 FROM content_search s
      WHERE s.document @@ ('''' || replace(replace(a.lexeme, '\\', '\\\\'), '''', '''''') || ''':*')::tsquery
    ) AS prefixed,
    ARRAY(
      SELECT l.lexeme FROM search_lexicon l
      WHERE a.typos > 0 AND l.lexeme % a.lexeme AND l.lexeme <> a.lexeme
        AND CASE WHEN abs(length(l.lexeme) - length(a.lexeme)) <= a.typos
                 THEN levenshtein_less_equal(l.lexeme, a.lexeme, a.typos) <= a.typos ELSE false END
      ORDER BY levenshtein_less_equal(l.lexeme, a.lexeme, a.typos), l.documents DESC, l.lexeme
      LIMIT ${MAX_EXPANSIONS}
    ) AS near
  FROM allowed a
  ORDER BY a.position`;

/** Reads the query's words and their near lexemes from the database (see ANALYSE_QUERY). */
export async function analyseQuery(db: Database, query: string): Promise<QueryWord[]> {
  const rows = await db.transaction(async (tx) => {
    await tx.query("SELECT set_config('pg_trgm.similarity_threshold', $1, true)", [CANDIDATE_SIMILARITY]);
    // The planner prices a trigram comparison like an equality and reads a small lexicon
    // through, computing the trigrams of every entry for every word; the trigram index reads a
    // few hundred entries whatever the lexicon's size. Both settings end with the transaction.
    await tx.query("SELECT set_config('enable_seqscan', 'off', true)");
    return tx.query<WordRow>(ANALYSE_QUERY, [query, NOISE_WORDS]);
  });
  const meaningful = rows.some((row) => !row.noise) ? rows.filter((row) => !row.noise) : rows;
  return meaningful.map((row) => ({ lexeme: row.lexeme, known: row.known, near: row.near, prefix: row.prefixed }));
}

/**
 * The tsquery texts for the words. A word found nowhere (not in the lexicon, nothing near it)
 * would make the AND fail, so it is left out while other words can still match.
 */
export function buildSearchTerms(words: readonly QueryWord[]): SearchTerms {
  const findable = words.filter((word) => word.known || word.near.length > 0 || word.prefix);
  const used = findable.length > 0 ? findable : words;
  if (used.length === 0) return { match: null, exact: null };
  const groups = used.map((word) => {
    const forms = [quoteLexeme(word.lexeme), ...word.near.map(quoteLexeme)];
    if (word.prefix) forms.push(`${quoteLexeme(word.lexeme)}:*`);
    return forms.length === 1 ? forms[0] : `(${forms.join(' | ')})`;
  });
  const exact = used.filter((word) => word.known).map((word) => quoteLexeme(word.lexeme));
  return { match: groups.join(' & '), exact: exact.length > 0 ? exact.join(' | ') : null };
}

/** A lexeme as a tsquery operand, taken verbatim (not stemmed again, no operator read in it). */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
