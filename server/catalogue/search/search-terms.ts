import type { Queryable } from '../../db/database.ts';
import { MAX_FUZZY_LEXEME_LENGTH } from './search-index.ts';

/**
 * Words people add to a catalogue query that say nothing about which content they want
 * ('фильмы о любви смотреть онлайн'). Dropped when other words remain, since every word of a
 * query must match; a query made only of them is searched as it is.
 */
const NOISE_WORDS = 'фильм фильмы кино кинофильм сериал сериалы мультфильм мультфильмы мультик мультики смотреть онлайн бесплатно бесплатный качестве hd';
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
 * with the lexicon entries near it: those sharing a one-letter deletion with it
 * (search_lexicon_variants), kept when levenshtein allows the word's typos. One statement.
 */
const ANALYSE_QUERY = `
  WITH words AS (
    SELECT w.lexeme, w.positions[1] AS position
    FROM unnest(to_tsvector('russian', $1)) AS w
    ORDER BY w.positions[1]
    LIMIT ${MAX_QUERY_WORDS}
  ), allowed AS (
    -- Typos allowed in a stem: none in short ones, very long ones or numbers (too many
    -- neighbours, or none), one, then two as far as a shared deletion reaches (two letters
    -- swapped, one added and another dropped). A word some document has is spelt right: only
    -- its other forms are near ('любв' and 'любов' are one apart), so one.
    SELECT words.*, known.lexeme IS NOT NULL AS known,
      CASE WHEN length(words.lexeme) <= 3 OR length(words.lexeme) >= ${MAX_FUZZY_LEXEME_LENGTH} OR words.lexeme ~ '[0-9]' THEN 0
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
      SELECT v.lexeme FROM search_lexicon_variants v JOIN search_lexicon l ON l.lexeme = v.lexeme
      WHERE a.typos > 0 AND v.lexeme <> a.lexeme
        AND v.variant IN (SELECT a.lexeme UNION ALL
          SELECT overlay(a.lexeme PLACING '' FROM i FOR 1) FROM generate_series(1, length(a.lexeme)) AS i)
        AND levenshtein_less_equal(v.lexeme, a.lexeme, a.typos) <= a.typos
      GROUP BY v.lexeme, l.documents
      ORDER BY levenshtein_less_equal(v.lexeme, a.lexeme, a.typos), l.documents DESC, v.lexeme
      LIMIT ${MAX_EXPANSIONS}
    ) AS near
  FROM allowed a
  ORDER BY a.position`;

/** Reads the query's words and their near lexemes from the database (see ANALYSE_QUERY). */
export async function analyseQuery(db: Queryable, query: string): Promise<QueryWord[]> {
  const rows = await db.query<WordRow>(ANALYSE_QUERY, [query, NOISE_WORDS]);
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
