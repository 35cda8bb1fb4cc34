-- The catalogue search (SPEC.md section 7: /v2/contents/search and /v2/contents/search-with-filter).
-- Both tables are derived from the catalogue and rebuilt whole by rebuildSearchIndex
-- (server/catalogue/search/search-index.ts) after the catalogue is written; nothing else writes them.

-- One document per content: title (weight A), original title (B), people's names (C), the
-- description and the year (D), in the 'russian' configuration.
CREATE TABLE content_search (
  content_id           integer PRIMARY KEY REFERENCES contents (id) ON DELETE CASCADE,
  document             tsvector NOT NULL,
  -- The document without the description: what ranking reads. Ranking the whole document
  -- costs several times more on a common word, and a description hit ranks low whatever it holds.
  heading              tsvector NOT NULL,
  -- The title's and the original title's words without positions: a query made of exactly
  -- these words (in any grammatical form) is an exact title match and comes first.
  title_words          tsvector NOT NULL,
  original_title_words tsvector NOT NULL,
  -- Both titles in lower case, for the trigram fallback when the full-text search finds nothing.
  title_text           text NOT NULL
);
CREATE INDEX content_search_document_idx ON content_search USING gin (document);
CREATE INDEX content_search_title_trgm_idx ON content_search USING gin (title_text gin_trgm_ops);

-- Every distinct lexeme of the documents: a misspelt or differently stemmed query word is
-- matched to the lexemes near it ('маскв' to 'москв', 'любв' to 'любов').
CREATE TABLE search_lexicon (
  lexeme    text PRIMARY KEY,
  documents integer NOT NULL
);

-- Each lexeme and its forms with one letter deleted ('москв': 'москв', 'оскв', 'мскв', …). Two
-- words one edit apart (a letter replaced, added, dropped, or two swapped) share a form, so the
-- near lexemes of a query word are a few B-tree look-ups of its own forms; levenshtein then
-- decides. (A trigram index answers the same question but reads long posting lists for a short
-- word, tens of milliseconds on PGlite.)
CREATE TABLE search_lexicon_variants (
  variant text NOT NULL,
  lexeme  text NOT NULL,
  PRIMARY KEY (variant, lexeme)
);
