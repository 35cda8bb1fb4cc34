import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewDeletedSchema, reviewPageSchema, reviewSchema, type Review } from '../../src/contract/schemas/viewer-schema.ts';
import { bearer, FIRST_ADMIN, login, newViewer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';

coversCatalogue(
  'POST /v2/contents/{id}/reviews',
  'POST /v2/contents/{id}/reviews/create',
  'GET /v2/contents/{contentId}/reviews/{reviewId}',
  'PUT /v2/contents/{contentId}/reviews/{reviewId}',
  'DELETE /v2/contents/{contentId}/reviews/{reviewId}',
  'POST /v2/contents/{contentId}/reviews/{reviewId}/vote',
);

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await startAuthApp();
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
});
afterAll(async () => {
  await t.close();
});

const freshViewer = async () => bearer((await newViewer(t)).session.accessToken);
const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url: `${API}${path}`, headers, ...(payload ? { payload } : {}) });
const TEXT = 'Неторопливое и очень точное кино о памяти.';
const create = (headers: Headers, contentId: number, body: object = { text: TEXT, rating: 8 }) => request('POST', `/v2/contents/${contentId}/reviews/create`, headers, body);
const list = (contentId: number, body?: object) => request('POST', `/v2/contents/${contentId}/reviews`, {}, body);
const vote = (headers: Headers, review: Review, value: number) => request('POST', `/v2/contents/${review.contentId}/reviews/${review.id}/vote`, headers, { value });
const reviewPath = (review: Review) => `/v2/contents/${review.contentId}/reviews/${review.id}`;

async function newReview(contentId: number, body?: object): Promise<{ author: Headers; review: Review }> {
  const author = await freshViewer();
  return { author, review: expectJson(await create(author, contentId, body), 201, reviewSchema) };
}

describe('writing and reading reviews', () => {
  it('creates a review that anyone can read, stored as given', async () => {
    const text = '<b>Не HTML</b> — & "кавычки" остаются текстом.';
    const { review } = await newReview(3, { title: 'Шторм', text, rating: 9 });
    expect(review).toMatchObject({ contentId: 3, title: 'Шторм', text, rating: 9, score: 0, upvotes: 0, downvotes: 0 });
    expect(review.author.name.length).toBeGreaterThan(0);
    expect(expectJson(await request('GET', reviewPath(review)), 200, reviewSchema)).toEqual(review);
    const page = expectJson(await list(3), 200, reviewPageSchema);
    expect(page.items).toContainEqual(review);
  });

  it('takes one review per viewer and content: a second is a 409', async () => {
    const { author } = await newReview(4);
    expect(expectApiError(await create(author, 4), 409).message).toMatch(/already reviewed content 4/);
    // Another content is fine.
    expectJson(await create(author, 5), 201, reviewSchema);
  });

  it('lists the newest first, or the most helpful first, with paging', async () => {
    const reviews: Review[] = [];
    for (let index = 0; index < 3; index++) reviews.push((await newReview(6, { text: `${TEXT} Отзыв ${index}.`, rating: index + 5 })).review);
    const [oldest, middle, newest] = reviews as [Review, Review, Review];
    const newestFirst = expectJson(await list(6), 200, reviewPageSchema);
    expect(newestFirst.items.map((review) => review.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(newestFirst.total).toBe(3);

    for (const value of [1, 1]) expectJson(await vote(await freshViewer(), oldest, value), 200, reviewSchema);
    expectJson(await vote(await freshViewer(), newest, -1), 200, reviewSchema);
    const helpful = expectJson(await list(6, { sort: 'helpful' }), 200, reviewPageSchema);
    expect(helpful.items.map((review) => [review.id, review.score])).toEqual([[oldest.id, 2], [middle.id, 0], [newest.id, -1]]);
    const second = expectJson(await list(6, { sort: 'helpful', page: 2, pageSize: 2 }), 200, reviewPageSchema);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((review) => review.id)).toEqual([newest.id]);
  });

  it('answers an empty page for a content nobody reviewed', async () => {
    expect(expectJson(await list(7), 200, reviewPageSchema)).toMatchObject({ items: [], total: 0 });
  });

  it('answers 404 for an unknown content or a review of another content', async () => {
    const { review } = await newReview(1);
    expect(expectApiError(await list(9999), 404).message).toMatch(/content 9999 not found/);
    expectApiError(await create(await freshViewer(), 9999), 404);
    expect(expectApiError(await request('GET', `/v2/contents/2/reviews/${review.id}`), 404).message).toMatch(new RegExp(`review ${review.id} of content 2 not found`));
    expectApiError(await request('GET', '/v2/contents/1/reviews/99999'), 404);
  });

  it.each([
    ['a text under 10 characters', { text: 'Коротко', rating: 5 }, /text/],
    ['a text of spaces', { text: ' '.repeat(20), rating: 5 }, /text/],
    ['a text over 5000 characters', { text: 'я'.repeat(5001), rating: 5 }, /text/],
    ['a rating of 0', { text: TEXT, rating: 0 }, /rating/],
    ['a rating of 11', { text: TEXT, rating: 11 }, /rating/],
    ['a fractional rating', { text: TEXT, rating: 7.5 }, /rating/],
    ['no rating', { text: TEXT }, /rating/],
    ['an unknown field', { text: TEXT, rating: 5, html: true }, /html/],
  ])('refuses %s with 400', async (_case, body, message) => {
    expect(expectApiError(await create(await freshViewer(), 2, body), 400).message).toMatch(message);
  });

  it('refuses a bad list body or path with 400', async () => {
    expectApiError(await list(2, { sort: 'rating' }), 400);
    expectApiError(await list(2, { pageSize: 1000 }), 400);
    expectApiError(await request('GET', '/v2/contents/2/reviews/abc'), 400);
  });
});

describe('editing and deleting', () => {
  it('lets the author rewrite their review; others, an administrator too, get 403', async () => {
    const { author, review } = await newReview(2);
    const edited = expectJson(await request('PUT', reviewPath(review), author, { title: null, text: `${TEXT} Пересмотрел.`, rating: 10 }), 200, reviewSchema);
    expect(edited).toMatchObject({ id: review.id, title: null, text: `${TEXT} Пересмотрел.`, rating: 10, createdAt: review.createdAt });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(review.updatedAt));

    const body = { text: 'Чужие слова в чужом отзыве.', rating: 1 };
    expect(expectApiError(await request('PUT', reviewPath(review), await freshViewer(), body), 403).message).toMatch(/only its author/);
    expectApiError(await request('PUT', reviewPath(review), admin, body), 403);
    expect(expectJson(await request('GET', reviewPath(review)), 200, reviewSchema).text).toBe(`${TEXT} Пересмотрел.`);
  });

  it('lets the author delete their review, and then they may write a new one', async () => {
    const { author, review } = await newReview(5);
    expect(expectJson(await request('DELETE', reviewPath(review), author), 200, reviewDeletedSchema)).toEqual({ id: review.id, deleted: true });
    expectApiError(await request('GET', reviewPath(review)), 404);
    expectApiError(await request('DELETE', reviewPath(review), author), 404);
    expectJson(await create(author, 5), 201, reviewSchema);
  });

  it('lets an administrator delete any review, but not another viewer', async () => {
    const { review } = await newReview(7);
    expect(expectApiError(await request('DELETE', reviewPath(review), await freshViewer()), 403).message).toMatch(/author or an administrator/);
    expectJson(await request('DELETE', reviewPath(review), admin), 200, reviewDeletedSchema);
    expectApiError(await request('GET', reviewPath(review)), 404);
  });

  it('answers 404 for an unknown review and 400 for a bad body', async () => {
    const { author, review } = await newReview(1);
    expectApiError(await request('PUT', '/v2/contents/1/reviews/99999', author, { text: TEXT, rating: 5 }), 404);
    expectApiError(await request('DELETE', `/v2/contents/3/reviews/${review.id}`, author), 404);
    expectApiError(await request('PUT', reviewPath(review), author, { text: TEXT, rating: 'ten' }), 400);
  });
});

describe('votes', () => {
  it('counts one vote per viewer: the score and counts move, a second vote is a 409', async () => {
    const { review } = await newReview(3, { text: `${TEXT} Для голосов.`, rating: 6 });
    const voter = await freshViewer();
    expect(expectJson(await vote(voter, review, 1), 200, reviewSchema)).toMatchObject({ score: 1, upvotes: 1, downvotes: 0 });
    expect(expectApiError(await vote(voter, review, -1), 409).message).toMatch(/already voted/);
    expect(expectJson(await vote(await freshViewer(), review, -1), 200, reviewSchema)).toMatchObject({ score: 0, upvotes: 1, downvotes: 1 });
    expect(expectJson(await request('GET', reviewPath(review)), 200, reviewSchema)).toMatchObject({ score: 0, upvotes: 1, downvotes: 1 });
  });

  it('refuses a vote on one\'s own review with 403', async () => {
    const { author, review } = await newReview(4, { text: `${TEXT} Сам себе.`, rating: 6 });
    expect(expectApiError(await vote(author, review, 1), 403).message).toMatch(/your own review/);
  });

  it.each([[0], [2], ['1']])('refuses the value %j with 400', async (value) => {
    const { review } = await newReview(2, { text: `${TEXT} Значения.`, rating: 6 });
    expect(expectApiError(await request('POST', `${reviewPath(review)}/vote`, await freshViewer(), { value }), 400).message).toMatch(/value/);
  });

  it('answers 404 for an unknown review', async () => {
    expectApiError(await request('POST', '/v2/contents/2/reviews/99999/vote', await freshViewer(), { value: 1 }), 404);
  });
});

describe('without a session', () => {
  it.each([
    ['POST', '/v2/contents/1/reviews/create', { text: TEXT, rating: 5 }],
    ['PUT', '/v2/contents/1/reviews/1', { text: TEXT, rating: 5 }],
    ['DELETE', '/v2/contents/1/reviews/1', undefined],
    ['POST', '/v2/contents/1/reviews/1/vote', { value: 1 }],
  ] as const)('%s %s answers 401', async (method, path, body) => {
    expectApiError(await request(method, path, {}, body), 401);
    expectApiError(await request(method, path, bearer('a.b.c'), body), 401);
  });
});
