import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coversCatalogue } from './catalogue-coverage.ts';
import { rebuildSearchIndex } from '../../server/catalogue/search/search-index.ts';
import { LISTING_SORTS } from '../../src/contract/schemas/catalogue-schema.ts';
import { FILTERED_SEARCH, insertContents, postSearch, search, SEARCH, startSearchApp, titlesFor, type SearchFixtureContent } from './catalogue-search-fixture.ts';
import { expectApiError, type TestApp } from './helpers.ts';

// The search's paging, its filters, and what it does with bad or odd input: a 400 that says
// what was wrong, never a 500, whatever is typed into the box.
coversCatalogue('POST /v2/contents/search', 'POST /v2/contents/search-with-filter');

/** 30 contents about one treasure hunt: enough for several pages; pairs share a popularity. */
const HUNTS: SearchFixtureContent[] = Array.from({ length: 30 }, (_, index) => ({
  id: 1100 + index,
  title: `Кладоискатели ${index + 1}`,
  description: 'Приключения кладоискателей на старом острове.',
  type: index % 3 === 0 ? 'series' : 'movie',
  year: 1990 + index,
  rating: 5 + (index % 5),
  popularity: Math.floor(index / 2),
  genres: index % 2 === 0 ? ['drama'] : ['comedy'],
}));
const OTHERS: SearchFixtureContent[] = [
  { id: 1001, title: 'Любовь и голуби', description: 'Комедия о любви и семье.', year: 1984, genres: ['comedy', 'drama'] },
  { id: 1002, title: 'Любовь в городе', description: 'Три истории о любви.', type: 'series', year: 2008, genres: ['drama'] },
  { id: 1003, title: 'Любовь и космос', description: 'Любовь среди звёзд.', type: 'cartoon', year: 2021, genres: ['fantasy'] },
  { id: 1004, title: 'Разметка <b>жирным</b> & "кавычки"', description: 'Описание с <script>alert(1)</script> внутри.', year: 2010 },
];

let t: TestApp;
beforeAll(async () => {
  t = await startSearchApp([...HUNTS, ...OTHERS]);
});
afterAll(() => t?.close());

describe('paging', () => {
  it('counts every match and pages through them without overlap or gap', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const result = await search(t, { query: 'кладоискатели', page, pageSize: 7 });
      expect(result).toMatchObject({ total: 30, page, pageSize: 7 });
      expect(result.items.length).toBe(page < 5 ? 7 : 2);
      seen.push(...result.items.map((item) => item.id));
    }
    expect(new Set(seen).size).toBe(30);
    expect([...seen].sort()).toEqual(HUNTS.map((hunt) => hunt.id).sort());
  });

  it('answers a page past the end with no items and the true total', async () => {
    expect(await search(t, { query: 'кладоискатели', page: 9, pageSize: 10 })).toEqual({ items: [], total: 30, page: 9, pageSize: 10 });
  });

  it('orders equal relevance by popularity, then id', async () => {
    const ids = (await search(t, { query: 'кладоискатели', pageSize: 4 })).items.map((item) => item.id);
    expect(ids).toEqual([1128, 1129, 1126, 1127]);
  });

  it('defaults to page 1 of 24', async () => {
    const result = await search(t, { query: 'кладоискатели' });
    expect(result).toMatchObject({ total: 30, page: 1, pageSize: 24 });
    expect(result.items).toHaveLength(24);
  });

  it('finds nothing without failing', async () => {
    expect(await search(t, { query: 'абракадабра' })).toEqual({ items: [], total: 0, page: 1, pageSize: 24 });
  });
});

describe('search with filters', () => {
  it('narrows by genre, type and year range', async () => {
    expect((await titlesFor(t, 'любовь', { genres: ['drama'] })).sort()).toEqual(['Любовь в городе', 'Любовь и голуби']);
    expect(await titlesFor(t, 'любовь', { types: ['series'] })).toEqual(['Любовь в городе']);
    expect(await titlesFor(t, 'любовь', { types: ['cartoon', 'series'], yearFrom: 2010 })).toEqual(['Любовь и космос']);
    expect(await titlesFor(t, 'любовь', { yearFrom: 1980, yearTo: 2010 })).toHaveLength(2);
  });

  it('counts only what the filters let through', async () => {
    const result = await search(t, { query: 'кладоискатели', genres: ['comedy'], ratingFrom: 8, pageSize: 100 }, FILTERED_SEARCH);
    const expected = HUNTS.filter((hunt) => hunt.genres?.includes('comedy') && (hunt.rating ?? 0) >= 8);
    expect(result.total).toBe(expected.length);
    expect(result.items.map((item) => item.id).sort()).toEqual(expected.map((hunt) => hunt.id).sort());
  });

  it('orders by the sort asked for instead of relevance', async () => {
    const byYear = await search(t, { query: 'кладоискатели', sort: 'year', order: 'asc', pageSize: 3 }, FILTERED_SEARCH);
    expect(byYear.items.map((item) => item.year)).toEqual([1990, 1991, 1992]);
    const byRating = await search(t, { query: 'кладоискатели', sort: 'rating', pageSize: 30 }, FILTERED_SEARCH);
    const ratings = byRating.items.map((item) => item.rating.kinopoisk ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  // The search sorts its own narrow rows: each listing sort must find its column there.
  it.each(LISTING_SORTS)('sorts by %s in either order', async (sort) => {
    for (const order of ['asc', 'desc']) {
      const result = await search(t, { query: 'кладоискатели', sort, order, pageSize: 5 }, FILTERED_SEARCH);
      expect(result.total).toBe(30);
      expect(result.items).toHaveLength(5);
    }
  });

  it('works with no filter at all', async () => {
    expect((await search(t, { query: 'кладоискатели' }, FILTERED_SEARCH)).total).toBe(30);
  });
});

describe('bad input is a 400 that says what was wrong', () => {
  it.each([
    ['an empty query', { query: '' }, /query: must not be empty/],
    ['a query of spaces', { query: '   \t ' }, /query: must not be empty/],
    ['a query of control characters', { query: '\u0001\u0002' }, /query: must not be empty/],
    // Text PostgreSQL cannot store is refused by the schema layer, whatever the route.
    ['a NUL inside', { query: 'люб\u0000овь' }, /query: text must not contain NUL/],
    ['a lone surrogate', { query: 'любовь \ud83c' }, /query: text must not contain NUL or unpaired surrogates/],
    ['no query', { page: 1 }, /query: is required/],
    ['a query too long', { query: 'я'.repeat(201) }, /query: must be at most 200 characters/],
    ['a query that is not text', { query: 42 }, /query: must be a string/],
    ['pageSize 0', { query: 'любовь', pageSize: 0 }, /pageSize/],
    ['pageSize 101', { query: 'любовь', pageSize: 101 }, /pageSize/],
    ['page 0', { query: 'любовь', page: 0 }, /page/],
    ['a page given as text', { query: 'любовь', page: '2' }, /page/],
    ['an unknown key', { query: 'любовь', limit: 5 }, /limit/],
    ['a filter where none is taken', { query: 'любовь', genres: ['drama'] }, /genres/],
  ])('%s', async (_, body, message) => {
    expect(expectApiError(await postSearch(t, body), 400).message).toMatch(message);
  });

  it.each([
    ['an unknown filter key', { query: 'любовь', genre: 'drama' }, /genre/],
    ['genres as text', { query: 'любовь', genres: 'drama' }, /genres/],
    ['an unknown type', { query: 'любовь', types: ['anime'] }, /types/],
    ['a year as text', { query: 'любовь', yearFrom: '2000' }, /yearFrom/],
    ['an unknown sort', { query: 'любовь', sort: 'relevance' }, /sort/],
    ['an empty query', { query: ' ', genres: ['drama'] }, /query: must not be empty/],
  ])('search-with-filter: %s', async (_, body, message) => {
    expect(expectApiError(await postSearch(t, body, FILTERED_SEARCH), 400).message).toMatch(message);
  });

  it('refuses a body that is not an object', async () => {
    expectApiError(await t.app.inject({ method: 'POST', url: SEARCH, payload: '["любовь"]', headers: { 'content-type': 'application/json' } }), 400);
    expectApiError(await t.app.inject({ method: 'POST', url: SEARCH }), 400);
  });
});

describe('odd queries answer, never fail', () => {
  it.each([
    ["quotes", `"любовь' ''`],
    ['tsquery operators', '&|!():* <-> любовь'],
    ['only operators', '&|!():*<->'],
    ['SQL', "любовь'; DROP TABLE contents; --"],
    ['a backslash', 'любовь \\ \\\\'],
    ['emoji', '🎬 любовь 💔'],
    ['a very long word', 'ы'.repeat(200)],
    ['many words', Array.from({ length: 40 }, (_, index) => `ёж${index}`).join(' ')],
    ['markup', '<b>жирным</b>'],
    ['a percent and an underscore', 'люб%_'],
    ['digits only', '1999'],
    ['one letter', 'я'],
  ])('%s', async (_, query) => {
    const result = await search(t, { query });
    expect(result.total).toBeGreaterThanOrEqual(result.items.length);
    // Whatever was found, nothing in the answer is database markup.
    for (const item of result.items) {
      expect(item.highlight.title.map((segment) => segment.text).join('')).toBe(item.title);
      const texts = [...item.highlight.title, ...item.highlight.snippet].map((segment) => segment.text).join('');
      for (const marker of ['\u0001', '\u0002', '\u0003', '\u0004', '\u0005']) expect(texts).not.toContain(marker);
    }
  });

  it('still finds what the odd characters surround', async () => {
    expect(await titlesFor(t, '"любовь" & (голуби)!')).toEqual(['Любовь и голуби']);
    expect(await titlesFor(t, '🎬 голуби')).toEqual(['Любовь и голуби']);
  });

  it('gives titles and descriptions holding markup back as text', async () => {
    const [hit] = (await search(t, { query: 'описание жирным' })).items;
    expect(hit?.highlight.title.map((segment) => segment.text).join('')).toBe('Разметка <b>жирным</b> & "кавычки"');
    expect(hit?.highlight.title.filter((segment) => segment.match).map((segment) => segment.text)).toEqual(['жирным']);
    expect(hit?.highlight.snippet.map((segment) => segment.text).join('')).toContain('<script>alert(1)</script>');
  });
});

describe('the search index', () => {
  it('is built when the server starts on a catalogue that has none', async () => {
    const fresh = await startSearchApp([{ id: 1001, title: 'Москва слезам не верит' }], { buildIndex: false });
    try {
      expect(await titlesFor(fresh, 'москва')).toEqual(['Москва слезам не верит']);
    } finally {
      await fresh.close();
    }
  });

  it('finds a content added to the catalogue once the index is rebuilt', async () => {
    expect(await titlesFor(t, 'звездолёт')).toEqual([]);
    await insertContents(t.db, [{ id: 1200, title: 'Звездолёт', year: 2024 }]);
    await rebuildSearchIndex(t.db);
    expect(await titlesFor(t, 'звездолёт')).toEqual(['Звездолёт']);
  });
});
