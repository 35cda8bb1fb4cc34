import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardPageSchema, promoSlideSchema } from '../../src/contract/schemas/browse-schema.ts';
import { contentCardSchema } from '../../src/contract/schemas/catalogue-schema.ts';
import { contentSchema } from '../../src/contract/schemas/schema.ts';
import { browseTestApp, FIXTURE } from './catalogue-browse-fixture.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson } from './helpers.ts';

coversCatalogue(
  'GET /contents/{id}',
  'GET /contents/by-slug/{slug}',
  'GET /contents/by-imdb-id/{id}',
  'GET /kinopoisk/contents/{id}',
  'GET /contents/slider-promo',
  'GET /contents/most-relevant',
  'POST /contents',
  'POST /v2/contents',
);

const { alpha, beta, gamma, delta, epsilon } = FIXTURE.contents;

const browse = browseTestApp();
const { get, post } = browse;

describe('content details', () => {
  it('carry the original title, age marking, running time, backdrop, genres, tags and credits', async () => {
    const content = expectJson(await get(`/contents/${alpha}`), 200, contentSchema);
    expect(content).toMatchObject({
      id: alpha,
      originalTitle: 'Zt zt-alpha',
      ageRating: 6,
      durationMinutes: null,
      backdropUrl: '/backdrops/zt-alpha.jpg',
      genres: [{ slug: FIXTURE.genres.comedy, title: 'Зт комедия' }],
      tags: [{ slug: 'zt-mark', title: 'Зт метка' }],
      countries: [{ slug: 'fr', title: 'Франция' }],
      languages: [{ code: 'fr', title: 'Французский' }],
    });
    // Credits in the site's order of person types: the director before the actor.
    expect(content.persons.map((person) => [person.type.slug, person.slug, person.characterName])).toEqual([
      ['director', 'zt-director', null],
      ['actor', 'zt-actor', 'Кот'],
    ]);
    expect(expectJson(await get(`/contents/${epsilon}`), 200, contentSchema).durationMinutes).toBe(95);
  });

  it('keeps the countries and genres in the order they were entered', async () => {
    const content = expectJson(await get(`/contents/${beta}`), 200, contentSchema);
    expect(content.countries.map((country) => country.slug)).toEqual(['fr', 'de']);
    expect(content.genres.map((genre) => genre.slug)).toEqual([FIXTURE.genres.comedy, FIXTURE.genres.drama]);
  });
});

describe('content by slug, IMDb id and Kinopoisk id', () => {
  it.each([
    ['slug', '/contents/by-slug/zt-gamma'],
    ['IMDb id', `/contents/by-imdb-id/tt${gamma * 10}`],
    ['Kinopoisk id', `/kinopoisk/contents/${gamma * 100}`],
  ])('by %s answers the same details as by id', async (_name, path) => {
    const byId = expectJson(await get(`/contents/${gamma}`), 200, contentSchema);
    expect(expectJson(await get(path), 200, contentSchema)).toEqual(byId);
  });

  it('finds the demo contents by the ids the seed gave them', async () => {
    const demo = expectJson(await get('/contents/2'), 200, contentSchema);
    expect(expectJson(await get(`/contents/by-slug/${demo.slug}`), 200, contentSchema).id).toBe(2);
    if (demo.kinopoiskId !== null) expect(expectJson(await get(`/kinopoisk/contents/${demo.kinopoiskId}`), 200, contentSchema).id).toBe(2);
  });

  it.each([
    ['/contents/by-slug/zt-nothing-here', 'content zt-nothing-here not found'],
    ['/contents/by-imdb-id/tt0000001', 'content with IMDb id tt0000001 not found'],
    ['/kinopoisk/contents/1999999999', 'content with Kinopoisk id 1999999999 not found'],
  ])('%s is a 404', async (path, message) => {
    expect(expectApiError(await get(path), 404).message).toBe(message);
  });

  it.each([
    ['/contents/by-slug/%20bad%20slug', /slug/],
    ['/contents/by-imdb-id/12345', /IMDb title id/],
    ['/kinopoisk/contents/abc', /positive integer/],
    ['/kinopoisk/contents/0', /between 1 and/],
  ])('%s is a 400', async (path, message) => {
    expect(expectApiError(await get(path), 400).message).toMatch(message);
  });
});

describe('GET /contents/slider-promo', () => {
  it('lists the promoted contents in slider order, with a backdrop or else the poster', async () => {
    const slides = expectJson(await get('/contents/slider-promo'), 200, z.array(promoSlideSchema));
    const positions = slides.map((slide) => slide.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const ours = slides.filter((slide) => slide.content.slug.startsWith('zt-'));
    expect(ours.map((slide) => slide.content.id)).toEqual([beta, alpha]);
    expect(ours.map((slide) => slide.imageUrl)).toEqual(['/posters/zt-beta.jpg', '/backdrops/zt-alpha.jpg']);
    expect(ours[0]?.description).toBe('О Зт Бета');
  });

  it('answers with an ETag and honours If-None-Match', async () => {
    const first = await get('/contents/slider-promo');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\//);
    const again = await browse.app().app.inject({ url: `${API}/contents/slider-promo`, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /contents/most-relevant', () => {
  it('orders by popularity, of every type unless one is named, as many as asked', async () => {
    const all = expectJson(await get('/contents/most-relevant?limit=5'), 200, z.array(contentCardSchema));
    expect(all.map((card) => card.id)).toEqual([delta, alpha, beta, gamma, epsilon]);
    const cartoons = expectJson(await get('/contents/most-relevant?type=cartoon&limit=2'), 200, z.array(contentCardSchema));
    expect(cartoons.map((card) => card.id)).toEqual([alpha, beta]);
  });

  it('gives 12 unless asked (the demo and the fixture hold 12 or more)', async () => {
    expect(expectJson(await get('/contents/most-relevant'), 200, z.array(contentCardSchema))).toHaveLength(12);
  });

  it.each(['limit=0', 'limit=51', 'limit=x', 'type=opera', 'other=1'])('?%s is a 400', async (query) => {
    expectApiError(await get(`/contents/most-relevant?${query}`), 400);
  });
});

describe.each(['/contents', '/v2/contents'])('POST %s', (path) => {
  const ours = { tags: ['zt-mark'] };

  it('filters by genre, country, language, year and rating, combined', async () => {
    const dramas = expectJson(await post(path, { ...ours, genres: [FIXTURE.genres.drama] }), 200, cardPageSchema);
    expect(dramas.items.map((card) => card.id)).toEqual([delta, beta, gamma]);
    expect(dramas.total).toBe(3);
    const germanCartoons = expectJson(await post(path, { ...ours, types: ['cartoon'], countries: ['de'], languages: ['de'] }), 200, cardPageSchema);
    expect(germanCartoons.items.map((card) => card.id)).toEqual([beta, gamma]);
    const ranged = expectJson(await post(path, { ...ours, yearFrom: 2001, yearTo: 2010, ratingFrom: 7 }), 200, cardPageSchema);
    expect(ranged.items.map((card) => card.id)).toEqual([alpha, gamma]);
  });

  it('sorts as asked, ties by id, and pages without overlap', async () => {
    const byYear = expectJson(await post(path, { ...ours, sort: 'year', order: 'asc' }), 200, cardPageSchema);
    expect(byYear.items.map((card) => card.year)).toEqual([1999, 2001, 2005, 2010, 2015]);
    const first = expectJson(await post(path, { ...ours, sort: 'rating', pageSize: 2 }), 200, cardPageSchema);
    const second = expectJson(await post(path, { ...ours, sort: 'rating', pageSize: 2, page: 2 }), 200, cardPageSchema);
    expect([...first.items, ...second.items].map((card) => card.id)).toEqual([epsilon, alpha, gamma, beta]);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
  });

  it('answers an empty page past the end, and the first page of everything with no body', async () => {
    const past = expectJson(await post(path, { ...ours, page: 9 }), 200, cardPageSchema);
    expect(past).toMatchObject({ items: [], total: 5, page: 9 });
    const everything = expectJson(await post(path), 200, cardPageSchema);
    expect(everything.page).toBe(1);
    expect(everything.items.length).toBe(Math.min(24, everything.total));
  });

  it.each([
    [{ page: 0 }, /page/],
    [{ pageSize: 101 }, /pageSize/],
    [{ types: ['opera'] }, /types/],
    [{ sort: 'random' }, /sort/],
    [{ yearFrom: 'old' }, /yearFrom/],
    [{ colour: 'red' }, /colour/],
  ])('%j is a 400 naming the field', async (body, message) => {
    expect(expectApiError(await post(path, body), 400).message).toMatch(message);
  });
});
