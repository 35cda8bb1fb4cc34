import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouriteMarkSchema, favouritesPageSchema } from '../../src/contract/schemas/viewer-schema.ts';
import { bearer, newViewer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';
import { addManyContents, viewerAccount } from './viewer-test-data.ts';

coversCatalogue('POST /contents/favorites', 'POST /contents/favorites/{id}', 'DELETE /contents/favorites/{id}');

let t: TestApp;
let alice: Record<string, string>;

beforeAll(async () => {
  t = await startAuthApp();
  alice = bearer((await newViewer(t)).session.accessToken);
});
afterAll(async () => {
  await t.close();
});

const freshViewer = async () => bearer((await newViewer(t)).session.accessToken);
const list = (headers: Record<string, string>, body?: object) =>
  t.app.inject({ method: 'POST', url: `${API}/contents/favorites`, headers, ...(body ? { payload: body } : {}) });
const add = (headers: Record<string, string>, id: number | string) => t.app.inject({ method: 'POST', url: `${API}/contents/favorites/${id}`, headers });
const isFavourite = (headers: Record<string, string>, id: number | string) => t.app.inject({ method: 'GET', url: `${API}/contents/favorites/${id}`, headers });
const remove = (headers: Record<string, string>, id: number | string) => t.app.inject({ method: 'DELETE', url: `${API}/contents/favorites/${id}`, headers });
const idsOf = async (headers: Record<string, string>, body?: object) => expectJson(await list(headers, body), 200, favouritesPageSchema).items.map((card) => card.id);

describe('favourites', () => {
  it('lists the viewer\'s favourites as cards, the newest added first', async () => {
    const viewer = await freshViewer();
    expect(await idsOf(viewer)).toEqual([]);
    for (const id of [3, 1, 5]) expect(expectJson(await add(viewer, id), 200, favouriteMarkSchema)).toEqual({ contentId: id, isFavorite: true });
    const page = expectJson(await list(viewer), 200, favouritesPageSchema);
    expect(page.items.map((card) => card.id)).toEqual([5, 1, 3]);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 24 });
    expect(page.items[0]?.title).toBe('Потерянная плёнка');
  });

  it('adds a favourite once: adding it again changes nothing', async () => {
    const viewer = await freshViewer();
    await add(viewer, 2);
    await add(viewer, 4);
    expectJson(await add(viewer, 2), 200, favouriteMarkSchema);
    const page = expectJson(await list(viewer), 200, favouritesPageSchema);
    expect(page.items.map((card) => card.id)).toEqual([4, 2]);
    expect(page.total).toBe(2);
  });

  it('pages through the favourites', async () => {
    const viewer = await freshViewer();
    for (const id of [1, 2, 3, 4, 5]) await add(viewer, id);
    expect(await idsOf(viewer, { page: 2, pageSize: 2 })).toEqual([3, 2]);
    const last = expectJson(await list(viewer, { page: 3, pageSize: 2 }), 200, favouritesPageSchema);
    expect(last).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(last.items.map((card) => card.id)).toEqual([1]);
    expect(await idsOf(viewer, { page: 9, pageSize: 2 })).toEqual([]);
  });

  it('removes a favourite; removing it again is a 404', async () => {
    const viewer = await freshViewer();
    await add(viewer, 6);
    await add(viewer, 7);
    expect(expectJson(await remove(viewer, 6), 200, favouriteMarkSchema)).toEqual({ contentId: 6, isFavorite: false });
    expect(await idsOf(viewer)).toEqual([7]);
    expect(expectApiError(await remove(viewer, 6), 404).message).toMatch(/content 6 is not among the favourites/);
  });

  it('keeps each viewer\'s favourites to themselves', async () => {
    await add(alice, 7);
    const other = await freshViewer();
    expect(await idsOf(other)).toEqual([]);
    expectApiError(await remove(other, 7), 404);
    expect(await idsOf(alice)).toContain(7);
  });

  it('answers 404 for an unknown content', async () => {
    expect(expectApiError(await add(alice, 9999), 404).message).toMatch(/content 9999 not found/);
    expect(expectApiError(await remove(alice, 9999), 404).message).toMatch(/content 9999 not found/);
    expect(expectApiError(await isFavourite(alice, 9999), 404).message).toMatch(/content 9999 not found/);
  });

  it('says whether one content is among the viewer\'s favourites, however many newer ones there are', async () => {
    const { headers: viewer, userId } = await viewerAccount(t);
    expect(expectJson(await isFavourite(viewer, 2), 200, favouriteMarkSchema)).toEqual({ contentId: 2, isFavorite: false });
    await add(viewer, 2);
    // 150 favourites added after it: the newest page of 100 no longer holds it.
    const newer = await addManyContents(t.db, 150);
    await t.db.query(
      `INSERT INTO viewer_favourites (user_id, content_id, added_at)
       SELECT $1, id, clock_timestamp() + interval '1 minute' FROM unnest($2::int[]) AS id`,
      [userId, newer],
    );
    expect(await idsOf(viewer, { pageSize: 100 })).not.toContain(2);
    const answer = await isFavourite(viewer, 2);
    expect(expectJson(answer, 200, favouriteMarkSchema)).toEqual({ contentId: 2, isFavorite: true });
    // A viewer's own state, which changes with each toggle: kept by no cache.
    expect(answer.headers['cache-control']).toBe('private, no-store');
    // Another viewer's favourites are not this one's.
    expect(expectJson(await isFavourite(await freshViewer(), 2), 200, favouriteMarkSchema).isFavorite).toBe(false);
    await remove(viewer, 2);
    expect(expectJson(await isFavourite(viewer, 2), 200, favouriteMarkSchema).isFavorite).toBe(false);
  });

  it.each([
    ['a page size over 100', { pageSize: 101 }, /pageSize/],
    ['page 0', { page: 0 }, /page/],
    ['an unknown field', { sort: 'title' }, /sort/],
  ])('refuses a list body with %s with 400', async (_case, body, message) => {
    expect(expectApiError(await list(alice, body), 400).message).toMatch(message);
  });

  it('refuses a malformed content id with 400', async () => {
    expectApiError(await add(alice, 'abc'), 400);
    expectApiError(await remove(alice, '0'), 400);
    expectApiError(await isFavourite(alice, '-1'), 400);
    expectApiError(await isFavourite(alice, '99999999999'), 400);
  });

  it.each([
    ['POST', '/contents/favorites'],
    ['POST', '/contents/favorites/1'],
    ['DELETE', '/contents/favorites/1'],
    ['GET', '/contents/favorites/1'],
  ] as const)('%s %s answers 401 without a session', async (method, path) => {
    expectApiError(await t.app.inject({ method, url: `${API}${path}` }), 401);
    expectApiError(await t.app.inject({ method, url: `${API}${path}`, headers: bearer('a.b.c') }), 401);
  });

  it('refuses a favourite past the 10 000th with 409, but still takes one already kept', async () => {
    const { headers: viewer, userId } = await viewerAccount(t);
    const ids = await addManyContents(t.db, 10_001);
    await t.db.query(
      'INSERT INTO viewer_favourites (user_id, content_id) SELECT $1, id FROM unnest($2::int[]) AS id',
      [userId, ids.slice(0, 10_000)],
    );
    expect(expectJson(await list(viewer, { pageSize: 1 }), 200, favouritesPageSchema).total).toBe(10_000);
    expect(expectApiError(await add(viewer, ids[10_000] ?? 0), 409).message).toMatch(/at most 10000 favourites/);
    // One already kept may be added again.
    expectJson(await add(viewer, ids[0] ?? 0), 200, favouriteMarkSchema);
  });
});
