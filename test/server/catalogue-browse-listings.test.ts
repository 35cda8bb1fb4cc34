import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardPageSchema,
  categoryFiltersSchema,
  categoryFiltersV2Schema,
  categoryNodeSchema,
  categorySchema,
  contentTypeSchema,
  filteredListingSchema,
  shelfSchema,
  type CategoryNode,
} from '../../src/contract/schemas/browse-schema.ts';
import { LISTING_SORTS } from '../../src/contract/schemas/catalogue-schema.ts';
import { browseTestApp, FIXTURE } from './catalogue-browse-fixture.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { expectApiError, expectJson } from './helpers.ts';

coversCatalogue(
  'GET /types',
  'GET /types/{id}',
  'GET /types/by-slug/{slug}',
  'POST /types/{id}/categories/{slug}/contents',
  'POST /v2/types/{type}/categories/{slug}/contents',
  'POST /v2/types/filter-v2/{type}/categories/{slug}/contents',
  'GET /categories/{slug}/content-type/{id}',
  'GET /categories/tree/content-type/{id}',
  'GET /categories/main-mart',
  'GET /categories/main-mart/content-type/{id}',
  'GET /categories/filters/{id}',
  'GET /v2/categories/filters/{id}',
);

const { alpha, beta, gamma, delta } = FIXTURE.contents;
const CARTOON = 3;

const browse = browseTestApp();
const { get, post } = browse;
const ids = (page: { items: Array<{ id: number }> }) => page.items.map((card) => card.id);

describe('content types', () => {
  it('lists movie, series and cartoon in order, each counted as the listings count it', async () => {
    const types = expectJson(await get('/types'), 200, z.array(contentTypeSchema));
    expect(types.map((type) => type.slug)).toEqual(['movie', 'series', 'cartoon']);
    for (const type of types) {
      const listed = expectJson(await post('/v2/contents', { types: [type.slug], pageSize: 1 }), 200, cardPageSchema);
      expect(type.contentsCount).toBe(listed.total);
    }
  });

  it('finds one by id and by slug', async () => {
    const byId = expectJson(await get(`/types/${CARTOON}`), 200, contentTypeSchema);
    expect(byId).toMatchObject({ id: CARTOON, slug: 'cartoon', title: 'Мультфильмы' });
    expect(expectJson(await get('/types/by-slug/cartoon'), 200, contentTypeSchema)).toEqual(byId);
  });

  it('answers 404 for an unknown type and 400 for a malformed one', async () => {
    expect(expectApiError(await get('/types/99'), 404).message).toBe('content type 99 not found');
    expect(expectApiError(await get('/types/by-slug/opera'), 404).message).toBe('content type opera not found');
    expectApiError(await get('/types/x1'), 400);
    expectApiError(await get('/types/by-slug/no%20spaces'), 400);
  });
});

describe('a category\'s contents', () => {
  it('v1: a genre category holds the type\'s contents of its genre, a selection its editor\'s order', async () => {
    const dramas = expectJson(await post(`/types/${CARTOON}/categories/zt-drama/contents`, { pageSize: 10 }), 200, cardPageSchema);
    // The series zt-delta is a drama too, but not a cartoon.
    expect(ids(dramas)).toEqual([beta, gamma]);
    const picks = expectJson(await post(`/types/${CARTOON}/categories/zt-picks/contents`), 200, cardPageSchema);
    expect(ids(picks)).toEqual([gamma, alpha]);
    expect(picks).toMatchObject({ total: 2, page: 1, pageSize: 24 });
  });

  it('v1: takes paging only', async () => {
    expect(expectApiError(await post(`/types/${CARTOON}/categories/zt-picks/contents`, { genres: ['x'] }), 400).message).toMatch(/genres/);
    expectApiError(await post(`/types/${CARTOON}/categories/zt-picks/contents`, { page: -1 }), 400);
  });

  it('v2: the whole type\'s category, narrowed by the body\'s filters, sorted by the query string', async () => {
    const url = '/v2/types/cartoon/categories/zt-all/contents';
    const ours = expectJson(await post(url, { tags: ['zt-mark'] }), 200, cardPageSchema);
    expect(ids(ours)).toEqual([alpha, beta, gamma]);
    const byTitleDesc = expectJson(await post(`${url}?sort=title&order=desc`, { tags: ['zt-mark'], sort: 'year' }), 200, cardPageSchema);
    expect(ids(byTitleDesc)).toEqual([gamma, beta, alpha]);
    const bodySort = expectJson(await post(url, { tags: ['zt-mark'], sort: 'rating' }), 200, cardPageSchema);
    expect(ids(bodySort)).toEqual([alpha, gamma, beta]);
  });

  it('v2: a selection is sorted when asked, else kept in the editor\'s order', async () => {
    const url = '/v2/types/cartoon/categories/zt-picks/contents';
    expect(ids(expectJson(await post(url, {}), 200, cardPageSchema))).toEqual([gamma, alpha]);
    expect(ids(expectJson(await post(`${url}?sort=popular`, {}), 200, cardPageSchema))).toEqual([alpha, gamma]);
  });

  it.each([
    ['/v2/types/opera/categories/zt-all/contents', 'category zt-all of content type opera not found'],
    ['/v2/types/series/categories/zt-all/contents', 'category zt-all of content type series not found'],
    ['/v2/types/filter-v2/cartoon/categories/zt-none/contents', 'category zt-none of content type cartoon not found'],
    [`/types/${CARTOON}/categories/zt-none/contents`, `category zt-none of content type ${CARTOON} not found`],
    ['/types/77/categories/zt-all/contents', 'category zt-all of content type 77 not found'],
  ])('%s is a 404', async (url, message) => {
    expect(expectApiError(await post(url, {}), 404).message).toBe(message);
  });

  it.each([
    ['/v2/types/cartoon/categories/zt-all/contents?sort=random', {}],
    ['/v2/types/cartoon/categories/zt-all/contents?order=up', {}],
    ['/v2/types/cartoon/categories/zt-all/contents', { ratingFrom: 11 }],
    ['/v2/types/filter-v2/cartoon/categories/zt-all/contents', { genres: 'drama' }],
    ['/v2/types/filter-v2/cartoon/categories/bad%24slug/contents', {}],
  ])('%s %j is a 400', async (url, body) => {
    expectApiError(await post(url, body), 400);
  });
});

describe('filter-v2: the page and the filter panel\'s counts', () => {
  const url = '/v2/types/filter-v2/cartoon/categories/zt-all/contents';

  it('counts each field under the other filters, its own selection left out', async () => {
    const listing = expectJson(await post(url, { tags: ['zt-mark'], genres: [FIXTURE.genres.drama], countries: ['de'] }), 200, filteredListingSchema);
    expect(ids(listing)).toEqual([beta, gamma]);
    // Genres under tag + country de: beta (comedy, drama) and gamma (drama).
    expect(listing.facets.genres).toEqual([
      { slug: FIXTURE.genres.drama, title: 'Зт драма', count: 2 },
      { slug: FIXTURE.genres.comedy, title: 'Зт комедия', count: 1 },
    ]);
    // Countries under tag + drama: beta (fr, de), gamma (de).
    expect(listing.facets.countries).toEqual([
      { slug: 'de', title: 'Германия', count: 2 },
      { slug: 'fr', title: 'Франция', count: 1 },
    ]);
    // Languages and years under every filter: beta and gamma.
    expect(listing.facets.languages).toEqual([
      { code: 'de', title: 'Немецкий', count: 2 },
      { code: 'fr', title: 'Французский', count: 1 },
    ]);
    expect(listing.facets.years).toEqual([{ year: 2010, count: 1 }, { year: 2005, count: 1 }]);
    expect(listing.facets.rating).toEqual({ min: 6, max: 7.2 });
    expect(listing.facets.tags).toEqual([
      { slug: 'zt-mark', title: 'Зт метка', count: 2 },
      { slug: 'zt-rare', title: 'Зт редкость', count: 1 },
    ]);
  });

  it('a year range narrows the other fields but not the years', async () => {
    const listing = expectJson(await post(url, { tags: ['zt-mark'], yearTo: 2004 }), 200, filteredListingSchema);
    expect(ids(listing)).toEqual([alpha]);
    expect(listing.facets.years.map((entry) => entry.year)).toEqual([2010, 2005, 2001]);
    expect(listing.facets.genres).toEqual([{ slug: FIXTURE.genres.comedy, title: 'Зт комедия', count: 1 }]);
  });
});

describe('categories', () => {
  it('one by slug within a type', async () => {
    const category = expectJson(await get(`/categories/zt-drama/content-type/${CARTOON}`), 200, categorySchema);
    expect(category).toEqual({
      id: FIXTURE.categories.drama,
      slug: 'zt-drama',
      title: 'Зт драмы',
      description: '',
      kind: 'genre',
      contentType: { id: CARTOON, slug: 'cartoon', title: 'Мультфильмы' },
      genre: { slug: FIXTURE.genres.drama, title: 'Зт драма' },
      parentId: FIXTURE.categories.all,
      position: 9002,
      mainMartPosition: 900001,
    });
    expect(expectApiError(await get('/categories/zt-drama/content-type/2'), 404).message).toBe('category zt-drama of content type 2 not found');
    expectApiError(await get('/categories/zt-drama/content-type/zero'), 400);
  });

  it('a type\'s tree nests subcategories under their parents', async () => {
    const tree = expectJson(await get(`/categories/tree/content-type/${CARTOON}`), 200, z.array(categoryNodeSchema));
    const all = tree.find((node) => node.id === FIXTURE.categories.all);
    const path = (node: CategoryNode | undefined): string[] => (node ? [node.slug, ...path(node.children[0])] : []);
    expect(path(all)).toEqual(['zt-all', 'zt-drama', 'zt-picks']);
    expect(tree.some((node) => node.id === FIXTURE.categories.drama)).toBe(false);
    expect(tree.every((node) => node.contentType.id === CARTOON && node.parentId === null)).toBe(true);
    expect(expectApiError(await get('/categories/tree/content-type/42'), 404).message).toBe('content type 42 not found');
    expectApiError(await get('/categories/tree/content-type/-1'), 400);
  });

  it('the home page\'s shelves come in their order, each with its first cards and its size', async () => {
    const shelves = expectJson(await get('/categories/main-mart?limit=2'), 200, z.array(shelfSchema));
    const positions = shelves.map((shelf) => shelf.category.mainMartPosition ?? 0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const ours = shelves.filter((shelf) => shelf.category.slug.startsWith('zt-'));
    expect(ours.map((shelf) => shelf.category.slug)).toEqual(['zt-drama', 'zt-all']);
    expect(ours[0]?.items.map((card) => card.id)).toEqual([beta, gamma]);
    expect(ours[0]?.total).toBe(2);
    expect(ours[1]?.items.map((card) => card.id)).toEqual([alpha, beta]);
    expect(shelves.every((shelf) => shelf.items.length <= 2)).toBe(true);
  });

  it('a type\'s shelves are its own only', async () => {
    const cartoon = expectJson(await get(`/categories/main-mart/content-type/${CARTOON}`), 200, z.array(shelfSchema));
    expect(cartoon.filter((shelf) => shelf.category.slug.startsWith('zt-')).map((shelf) => shelf.category.slug)).toEqual(['zt-drama', 'zt-all']);
    expect(cartoon.every((shelf) => shelf.category.contentType.id === CARTOON)).toBe(true);
    const series = expectJson(await get('/categories/main-mart/content-type/2'), 200, z.array(shelfSchema));
    expect(series.some((shelf) => shelf.category.slug.startsWith('zt-'))).toBe(false);
    expect(expectApiError(await get('/categories/main-mart/content-type/9'), 404).message).toBe('content type 9 not found');
    expectApiError(await get('/categories/main-mart?limit=25'), 400);
    expectApiError(await get(`/categories/main-mart/content-type/${CARTOON}?limit=0`), 400);
  });

  it('filters v1: the values the category\'s contents have, the year and rating ranges, the sorts', async () => {
    const filters = expectJson(await get(`/categories/filters/${FIXTURE.categories.picks}`), 200, categoryFiltersSchema);
    expect(filters.category.slug).toBe('zt-picks');
    // The selection holds gamma (drama, de) and alpha (comedy, fr).
    expect(filters.genres.map((genre) => genre.slug).sort()).toEqual([FIXTURE.genres.comedy, FIXTURE.genres.drama]);
    expect(filters.countries.map((country) => country.slug).sort()).toEqual(['de', 'fr']);
    expect(filters.languages.map((language) => language.code).sort()).toEqual(['de', 'fr']);
    expect(filters.years).toEqual({ min: 2001, max: 2010 });
    expect(filters.rating).toEqual({ min: 7.2, max: 8.5 });
    expect(filters.sorts).toEqual([...LISTING_SORTS]);
  });

  it('filters v2: the same with counts and the category\'s size', async () => {
    const filters = expectJson(await get(`/v2/categories/filters/${FIXTURE.categories.drama}`), 200, categoryFiltersV2Schema);
    expect(filters.total).toBe(2);
    expect(filters.facets.genres).toEqual([
      { slug: FIXTURE.genres.drama, title: 'Зт драма', count: 2 },
      { slug: FIXTURE.genres.comedy, title: 'Зт комедия', count: 1 },
    ]);
    expect(filters.years).toEqual({ min: 2005, max: 2010 });
  });

  it.each(['/categories/filters', '/v2/categories/filters'])('%s/{id}: 404 for an unknown category, 400 for a malformed id', async (path) => {
    expect(expectApiError(await get(`${path}/987654`), 404).message).toBe('category 987654 not found');
    expectApiError(await get(`${path}/1.5`), 400);
  });

  it('the delta series is no cartoon: not in the cartoon dramas shelf nor its filters', async () => {
    const filters = expectJson(await get(`/v2/categories/filters/${FIXTURE.categories.drama}`), 200, categoryFiltersV2Schema);
    expect(filters.facets.countries.some((country) => country.slug === 'jp')).toBe(false);
    const listed = expectJson(await post('/v2/types/cartoon/categories/zt-drama/contents', {}), 200, cardPageSchema);
    expect(ids(listed)).not.toContain(delta);
  });
});
