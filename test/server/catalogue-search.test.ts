import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '../../src/contract/schemas/search-schema.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { search, startSearchApp, titlesFor, type SearchFixtureContent } from './catalogue-search-fixture.ts';
import type { TestApp } from './helpers.ts';

// What a viewer typing into the catalogue's search box finds, and in which order: Russian word
// forms, typos, people's names, ranking and the highlighted words. Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL: the same answers are expected from both.
coversCatalogue('POST /v2/contents/search');

const CONTENTS: SearchFixtureContent[] = [
  { id: 1001, title: 'Любовь и голуби', description: 'Деревенский житель после травмы едет на южный курорт и встречает там другую женщину.', year: 1984, popularity: 50, people: ['Владимир Меньшов', 'Александр Михайлов'] },
  { id: 1002, title: 'Москва слезам не верит', description: 'Три подруги приезжают в столицу искать своё счастье.', year: 1979, popularity: 40, people: ['Владимир Меньшов', 'Вера Алентова'] },
  // The most popular of all: a description-only match must still rank below a title match.
  { id: 1003, title: 'Служебный роман', description: 'Как любовь меняет строгую начальницу и робкого статистика.', year: 1977, popularity: 100, people: ['Эльдар Рязанов'] },
  { id: 1004, title: 'Сталкер', description: 'Проводник ведёт писателя и профессора через запретную Зону к комнате, исполняющей желания.', year: 1979, popularity: 30, people: ['Андрей Тарковский', 'Александр Кайдановский'] },
  { id: 1005, title: 'Солярис', originalTitle: 'Solaris', description: 'Психолог прилетает на станцию над океаном далёкой планеты.', year: 1972, popularity: 20, people: ['Андрей Тарковский', 'Донатас Банионис'] },
  { id: 1006, title: 'О любви', description: 'Несколько историй об одном чувстве.', year: 2017, popularity: 90 },
  { id: 1007, title: 'Любовь', description: 'Пожилая пара переживает болезнь.', year: 2012, popularity: 1 },
  // A title made only of Russian stop words: the full-text search has nothing to match it with.
  { id: 1008, title: 'Оно', originalTitle: 'It', description: 'Клоун из канализации пугает детей маленького городка.', year: 2017, popularity: 60 },
  // Has the catalogue words 'фильм' and 'сериал': a query's 'фильмы' must not narrow to it.
  { id: 1010, title: 'Кинопробы', description: 'Документальный фильм о том, как снимали сериал.', year: 2005, popularity: 5 },
  { id: 1009, title: 'Брат', description: 'Демобилизованный солдат приезжает в Петербург к старшему брату. Москва далеко, а в Петербурге свои законы.', year: 1997, popularity: 70, people: ['Алексей Балабанов', 'Сергей Бодров'] },
];

let t: TestApp;
beforeAll(async () => {
  t = await startSearchApp(CONTENTS);
});
afterAll(() => t?.close());

function matchedWords(hit: SearchHit, part: 'title' | 'snippet'): string[] {
  return hit.highlight[part].filter((segment) => segment.match).map((segment) => segment.text);
}

describe('word forms', () => {
  it("finds 'Любовь' for 'фильмы о любви' (a different stem, and 'фильмы' only says what it is)", async () => {
    const titles = await titlesFor(t, 'фильмы о любви');
    expect(titles).toEqual(expect.arrayContaining(['Любовь', 'Любовь и голуби', 'О любви', 'Служебный роман']));
    expect(titles).not.toContain('Сталкер');
  });

  it.each([
    ['москвы', 'Москва слезам не верит'],
    ['в Москве', 'Москва слезам не верит'],
    ['голубей', 'Любовь и голуби'],
    ['подругам', 'Москва слезам не верит'],
    ['братья', 'Брат'],
  ])('%s finds %s', async (query, title) => {
    expect(await titlesFor(t, query)).toContain(title);
  });

  it('ignores catalogue words when others remain', async () => {
    expect(await titlesFor(t, 'Сталкер фильм смотреть онлайн')).toEqual(['Сталкер']);
    expect(await titlesFor(t, 'сериал')).toEqual(['Кинопробы']);
  });

  it('matches a year', async () => {
    expect(await titlesFor(t, 'москва 1979')).toEqual(['Москва слезам не верит']);
  });

  it('needs every word of the query', async () => {
    expect(await titlesFor(t, 'любовь голуби')).toEqual(['Любовь и голуби']);
  });

  it('treats the last word as possibly unfinished', async () => {
    expect(await titlesFor(t, 'стал')).toContain('Сталкер');
    expect(await titlesFor(t, 'солярис')).toEqual(['Солярис']);
  });

  it('finds a title made of stop words by the title itself', async () => {
    expect((await titlesFor(t, 'Оно'))[0]).toBe('Оно');
  });
});

describe('typos', () => {
  it.each([
    ['масква', 'Москва слезам не верит'],
    ['салярис', 'Солярис'],
    ['сталкир', 'Сталкер'],
    ['тарковкий', 'Сталкер'],
    // Two letters swapped: two edits, forgiven in a long word.
    ['сатлкер', 'Сталкер'],
    ['меншьов', 'Москва слезам не верит'],
  ])('%s finds %s', async (query, title) => {
    expect(await titlesFor(t, query)).toContain(title);
  });

  it('forgives one typo in a short word, none in a three-letter one', async () => {
    expect(await titlesFor(t, 'брот')).toEqual(['Брат']);
    // 'брат' is one letter away from 'бат' too, but three-letter words have too many neighbours.
    expect(await titlesFor(t, 'бат')).toEqual([]);
  });
});

describe("people's names", () => {
  it('finds the contents of a director by surname, in any case', async () => {
    expect((await titlesFor(t, 'Тарковский')).sort()).toEqual(['Солярис', 'Сталкер']);
    expect((await titlesFor(t, 'фильмы Тарковского')).sort()).toEqual(['Солярис', 'Сталкер']);
  });

  it('finds by full name and ranks a shared name by popularity', async () => {
    expect(await titlesFor(t, 'Владимир Меньшов')).toEqual(['Любовь и голуби', 'Москва слезам не верит']);
  });
});

describe('ranking', () => {
  it('puts a title made exactly of the query first, then title matches, then description matches', async () => {
    const titles = await titlesFor(t, 'любовь');
    expect(titles[0]).toBe('Любовь');
    expect(titles.indexOf('Любовь и голуби')).toBeLessThan(titles.indexOf('Служебный роман'));
  });

  it('ranks the exact word above a near form in the same field', async () => {
    const titles = await titlesFor(t, 'любовь');
    // 'О любви' matches through the lexicon ('любв' is one letter off 'любов') and is more popular.
    expect(titles.indexOf('Любовь и голуби')).toBeLessThan(titles.indexOf('О любви'));
    const reverse = await titlesFor(t, 'любви');
    expect(reverse.indexOf('О любви')).toBeLessThan(reverse.indexOf('Любовь и голуби'));
  });

  it('ranks a title hit above a description hit of a more popular content', async () => {
    expect(await titlesFor(t, 'москва')).toEqual(['Москва слезам не верит', 'Брат']);
  });

  it('matches the original title', async () => {
    expect(await titlesFor(t, 'solaris')).toEqual(['Солярис']);
  });
});

describe('highlight', () => {
  it('marks the matched word in the title, as plain text segments', async () => {
    const [hit] = (await search(t, { query: 'голуби' })).items;
    expect(hit?.highlight.title).toEqual([
      { text: 'Любовь и ', match: false },
      { text: 'голуби', match: true },
    ]);
  });

  it('marks the word a typo matched', async () => {
    const [hit] = (await search(t, { query: 'масква' })).items;
    expect(hit?.title).toBe('Москва слезам не верит');
    expect(matchedWords(hit!, 'title')).toEqual(['Москва']);
  });

  it('marks a near form found through the lexicon', async () => {
    const hits = (await search(t, { query: 'фильмы о любви' })).items;
    const pigeons = hits.find((hit) => hit.title === 'Любовь и голуби');
    expect(matchedWords(pigeons!, 'title')).toEqual(['Любовь']);
  });

  it('gives a description snippet with the match marked', async () => {
    const hit = (await search(t, { query: 'начальница' })).items.find((item) => item.title === 'Служебный роман');
    expect(matchedWords(hit!, 'snippet')).toEqual(['начальницу']);
    expect(hit!.highlight.snippet.map((segment) => segment.text).join('')).toContain('строгую начальницу');
    expect(matchedWords(hit!, 'title')).toEqual([]);
  });

  it('shows the beginning of the description when the match was elsewhere', async () => {
    const hit = (await search(t, { query: 'Кайдановский' })).items[0];
    expect(hit?.title).toBe('Сталкер');
    expect(hit?.highlight.snippet).toEqual([{ text: expect.stringMatching(/^Проводник ведёт писателя/), match: false }]);
  });

  it('always joins the title segments back into the title', async () => {
    for (const query of ['любовь', 'москва', 'тарковский', 'оно']) {
      for (const hit of (await search(t, { query })).items) {
        expect(hit.highlight.title.map((segment) => segment.text).join('')).toBe(hit.title);
      }
    }
  });
});
