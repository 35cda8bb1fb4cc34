import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardPageSchema,
  countrySchema,
  genreSchema,
  languageSchema,
  personContentsSchema,
  personPageSchema,
  personTypeSchema,
  subtitleLanguageSchema,
  tagSchema,
  tagWithContentsSchema,
  voiceAuthorSchema,
} from '../../src/contract/schemas/browse-schema.ts';
import { browseTestApp, FIXTURE } from './catalogue-browse-fixture.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { expectApiError, expectJson } from './helpers.ts';

coversCatalogue(
  'GET /genres',
  'POST /countries',
  'GET /languages',
  'GET /tags',
  'GET /tags/{id}',
  'GET /voice-authors',
  'GET /subtitles',
  'GET /person-types',
  'POST /person-types/{slug}/persons',
  'GET /persons/{id}/contents',
);

const { alpha, beta, gamma, delta, epsilon } = FIXTURE.contents;

const browse = browseTestApp();
const { get, post } = browse;
/** How many contents a filtered listing holds: what each vocabulary's count must agree with. */
const listedTotal = async (filters: object) => expectJson(await post('/v2/contents', { ...filters, pageSize: 1 }), 200, cardPageSchema).total;

describe('GET /genres', () => {
  it('lists genres in the site\'s order with as many contents as a listing by genre finds', async () => {
    const genres = expectJson(await get('/genres'), 200, z.array(genreSchema));
    const ours = genres.filter((genre) => genre.slug.startsWith('zt-'));
    expect(ours.map((genre) => [genre.slug, genre.contentsCount])).toEqual([[FIXTURE.genres.comedy, 3], [FIXTURE.genres.drama, 3]]);
    for (const genre of genres) expect(genre.contentsCount).toBe(await listedTotal({ genres: [genre.slug] }));
  });
});

describe('POST /countries', () => {
  it('counts the contents of each country, of the types asked or all, most first', async () => {
    const all = expectJson(await post('/countries', {}), 200, z.array(countrySchema));
    const counts = all.map((country) => country.contentsCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const country of all) expect(country.contentsCount).toBe(await listedTotal({ countries: [country.slug] }));
    const series = expectJson(await post('/countries', { types: ['series'] }), 200, z.array(countrySchema));
    expect(series.find((country) => country.slug === 'jp')).toEqual({ slug: 'jp', title: 'Япония', contentsCount: await listedTotal({ countries: ['jp'], types: ['series'] }) });
    for (const country of series) expect(country.contentsCount).toBeGreaterThan(0);
  });

  it('takes no body as every type', async () => {
    expect(expectJson(await post('/countries'), 200, z.array(countrySchema))).toEqual(expectJson(await post('/countries', {}), 200, z.array(countrySchema)));
  });

  it.each([{ types: ['opera'] }, { types: 'movie' }, { genres: [] }])('%j is a 400', async (body) => {
    expectApiError(await post('/countries', body), 400);
  });
});

describe('GET /languages', () => {
  it('lists the languages the contents are in, counted as listings count them', async () => {
    const languages = expectJson(await get('/languages'), 200, z.array(languageSchema));
    expect(languages.find((language) => language.code === 'ja')?.title).toBe('Японский');
    for (const language of languages) expect(language.contentsCount).toBe(await listedTotal({ languages: [language.code] }));
  });
});

describe('tags', () => {
  it('GET /tags lists them by title with their counts', async () => {
    const tags = expectJson(await get('/tags'), 200, z.array(tagSchema));
    // Ordered by the database's collation; the fixture's two titles sort alike in any of them.
    expect(tags.filter((tag) => tag.slug.startsWith('zt-'))).toEqual([
      { id: FIXTURE.tags.mark, slug: 'zt-mark', title: 'Зт метка', contentsCount: 5 },
      { id: FIXTURE.tags.rare, slug: 'zt-rare', title: 'Зт редкость', contentsCount: 1 },
    ]);
  });

  it('GET /tags/{id} answers the tag and a page of its contents, most popular first', async () => {
    const tag = expectJson(await get(`/tags/${FIXTURE.tags.mark}?page=2&pageSize=2`), 200, tagWithContentsSchema);
    expect(tag.tag).toEqual({ id: FIXTURE.tags.mark, slug: 'zt-mark', title: 'Зт метка', contentsCount: 5 });
    expect(tag.contents).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(tag.contents.items.map((card) => card.id)).toEqual([beta, gamma]);
    const first = expectJson(await get(`/tags/${FIXTURE.tags.mark}`), 200, tagWithContentsSchema);
    expect(first.contents.items.map((card) => card.id)).toEqual([delta, alpha, beta, gamma, epsilon]);
  });

  it('GET /tags/{id}: 404 for an unknown tag, 400 for a malformed id or page', async () => {
    expect(expectApiError(await get('/tags/123456789'), 404).message).toBe('tag 123456789 not found');
    expectApiError(await get('/tags/zt-mark'), 400);
    expectApiError(await get(`/tags/${FIXTURE.tags.mark}?page=0`), 400);
    expectApiError(await get(`/tags/${FIXTURE.tags.mark}?pageSize=500`), 400);
  });
});

describe('GET /voice-authors', () => {
  it('lists the dubbing studios with how many contents each voiced', async () => {
    const authors = expectJson(await get('/voice-authors'), 200, z.array(voiceAuthorSchema));
    expect(authors.find((author) => author.id === FIXTURE.voiceAuthor)).toEqual({ id: FIXTURE.voiceAuthor, slug: 'zt-studio', title: 'Зт студия', contentsCount: 1 });
  });

  it('takes no input: a cache-busting query parameter changes nothing', async () => {
    expect((await get('/voice-authors?_=1')).body).toBe((await get('/voice-authors')).body);
  });
});

describe('GET /subtitles', () => {
  const ours = (list: Array<z.infer<typeof subtitleLanguageSchema>>) => list.find((entry) => entry.language === FIXTURE.subtitleLanguage);

  it('lists subtitle languages with the label most tracks carry and how many episodes have them', async () => {
    const all = expectJson(await get('/subtitles'), 200, z.array(subtitleLanguageSchema));
    expect(ours(all)).toEqual({ language: FIXTURE.subtitleLanguage, label: 'Клингонский', episodesCount: 2 });
  });

  it('narrows to a content or to an episode', async () => {
    const ofDelta = expectJson(await get(`/subtitles?content-id=${delta}`), 200, z.array(subtitleLanguageSchema));
    expect(ofDelta).toEqual([{ language: FIXTURE.subtitleLanguage, label: 'Клингонский', episodesCount: 2 }]);
    const ofFirst = expectJson(await get(`/subtitles?episode-id=${FIXTURE.episodes.first}`), 200, z.array(subtitleLanguageSchema));
    expect(ofFirst).toEqual([{ language: FIXTURE.subtitleLanguage, label: 'Клингонский', episodesCount: 1 }]);
    expect(expectJson(await get(`/subtitles?content-id=${alpha}`), 200, z.array(subtitleLanguageSchema))).toEqual([]);
  });

  it('404 for an unknown content or episode, 400 for malformed or conflicting narrowing', async () => {
    expect(expectApiError(await get('/subtitles?content-id=123456789'), 404).message).toBe('content 123456789 not found');
    expect(expectApiError(await get('/subtitles?episode-id=123456789'), 404).message).toBe('episode 123456789 not found');
    expectApiError(await get('/subtitles?content-id=x'), 400);
    expectApiError(await get(`/subtitles?content-id=${delta}&episode-id=${FIXTURE.episodes.first}`), 400);
  });
});

describe('people', () => {
  it('GET /person-types lists the kinds of credit in order with how many people have each', async () => {
    const types = expectJson(await get('/person-types'), 200, z.array(personTypeSchema));
    expect(types.map((type) => type.slug).slice(0, 2)).toEqual(['director', 'actor']);
    const [rows] = await browse.app().db.query<{ count: number }>("SELECT count(DISTINCT person_id)::int AS count FROM content_persons WHERE person_type_id = 2");
    expect(types.find((type) => type.slug === 'actor')?.personsCount).toBe(rows?.count);
    expect(types.find((type) => type.slug === 'actor')?.personsCount).toBeGreaterThanOrEqual(1);
  });

  it('POST /person-types/{slug}/persons pages the people of a role, searchable by either name', async () => {
    const found = expectJson(await post('/person-types/actor/persons', { query: 'тестов' }), 200, personPageSchema);
    expect(found.items).toEqual([{
      id: FIXTURE.persons.actor, slug: 'zt-actor', name: 'Захар Тестов', originalName: 'Zakhar 100%_Testov',
      birthYear: null, photoUrl: '/people/zt-actor.jpg', contentsCount: 2,
    }]);
    expect(found.total).toBe(1);
    // % and _ are letters to look for, not wildcards.
    expect(expectJson(await post('/person-types/actor/persons', { query: '100%_t' }), 200, personPageSchema).total).toBe(1);
    expect(expectJson(await post('/person-types/actor/persons', { query: '1%0' }), 200, personPageSchema).total).toBe(0);
    const directors = expectJson(await post('/person-types/director/persons', { query: 'Zoya', pageSize: 1 }), 200, personPageSchema);
    expect(directors.items.map((person) => [person.slug, person.contentsCount])).toEqual([['zt-director', 2]]);
  });

  it('POST /person-types/{slug}/persons: 404 for an unknown type, 400 for bad input', async () => {
    expect(expectApiError(await post('/person-types/dancer/persons', {}), 404).message).toBe('person type dancer not found');
    expectApiError(await post('/person-types/actor/persons', { query: 'x'.repeat(101) }), 400);
    expectApiError(await post('/person-types/actor/persons', { pageSize: 0 }), 400);
    expectApiError(await post('/person-types/bad%20type/persons', {}), 400);
  });

  it('GET /persons/{id}/contents: the person, their contents newest first, their roles in each', async () => {
    const actor = expectJson(await get(`/persons/${FIXTURE.persons.actor}/contents`), 200, personContentsSchema);
    expect(actor.person).toMatchObject({ slug: 'zt-actor', contentsCount: 2 });
    expect(actor.contents.items.map((entry) => [entry.content.id, entry.roles])).toEqual([
      [beta, [{ type: { slug: 'actor', title: 'Актёры' }, characterName: 'Пёс' }]],
      [alpha, [{ type: { slug: 'actor', title: 'Актёры' }, characterName: 'Кот' }]],
    ]);
    const director = expectJson(await get(`/persons/${FIXTURE.persons.director}/contents?pageSize=1&page=2`), 200, personContentsSchema);
    expect(director.contents).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(director.contents.items.map((entry) => entry.content.id)).toEqual([alpha]);
  });

  it('GET /persons/{id}/contents: 404 for an unknown person, 400 for a malformed id', async () => {
    expect(expectApiError(await get('/persons/123456789/contents'), 404).message).toBe('person 123456789 not found');
    expectApiError(await get('/persons/zt-actor/contents'), 400);
  });
});
