import { describe, expect, it } from 'vitest';
import { highlightSegments, MATCH_END, MATCH_START } from '../../server/catalogue/search/highlight-segments.ts';
import { buildSearchTerms, quoteLexeme, type QueryWord } from '../../server/catalogue/search/search-terms.ts';
import { coversCatalogue } from './catalogue-coverage.ts';

// The pieces of the search that need no database: the tsquery a query's words become, and the
// highlight segments cut from ts_headline's marked text.
coversCatalogue('POST /v2/contents/search', 'POST /v2/contents/search-with-filter');

const word = (lexeme: string, extra: Partial<QueryWord> = {}): QueryWord => ({ lexeme, known: true, near: [], prefix: false, ...extra });

describe('buildSearchTerms', () => {
  it('ANDs the words and ORs each word with its near lexemes and its prefix', () => {
    const terms = buildSearchTerms([word('любв', { near: ['любов'] }), word('голуб', { prefix: true })]);
    expect(terms).toEqual({ match: "('любв' | 'любов') & ('голуб' | 'голуб':*)", exact: "'любв' | 'голуб'" });
  });

  it('leaves out a word found nowhere while another can match', () => {
    const terms = buildSearchTerms([word('абырвалг', { known: false }), word('москв')]);
    expect(terms).toEqual({ match: "'москв'", exact: "'москв'" });
  });

  it('keeps every word when none is found, so the search honestly finds nothing', () => {
    expect(buildSearchTerms([word('абырвалг', { known: false })])).toEqual({ match: "'абырвалг'", exact: null });
  });

  it('gives no query for no words', () => {
    expect(buildSearchTerms([])).toEqual({ match: null, exact: null });
  });
});

describe('quoteLexeme', () => {
  it.each([
    ['любов', "'любов'"],
    ["д'артаньян", "'д''артаньян'"],
    ['a\\b', "'a\\\\b'"],
    ['&|!:*()', "'&|!:*()'"],
  ])('%s → %s', (lexeme, quoted) => {
    expect(quoteLexeme(lexeme)).toBe(quoted);
  });
});

describe('highlightSegments', () => {
  const marked = (text: string) => text.replaceAll('[', MATCH_START).replaceAll(']', MATCH_END);

  it.each([
    ['[Любовь] и голуби', [{ text: 'Любовь', match: true }, { text: ' и голуби', match: false }]],
    ['Любовь и [голуби]', [{ text: 'Любовь и ', match: false }, { text: 'голуби', match: true }]],
    ['[Любовь] [голуби]', [{ text: 'Любовь', match: true }, { text: ' ', match: false }, { text: 'голуби', match: true }]],
    ['[Москва][Москва]', [{ text: 'МоскваМосква', match: true }]],
    ['без совпадений', [{ text: 'без совпадений', match: false }]],
    ['', []],
  ])('%s', (text, segments) => {
    expect(highlightSegments(marked(text))).toEqual(segments);
  });

  it('gives back the characters masked from the headline parser', () => {
    expect(highlightSegments('a \u0003b\u0004 \u0005 c')).toEqual([{ text: 'a <b> & c', match: false }]);
  });
});
