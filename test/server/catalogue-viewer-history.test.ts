import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTimeProgressSchema, historyClearedSchema, historyPageSchema, historyRemovedSchema, historyVisitSchema, timeProgressSchema } from '../../src/contract/schemas/viewer-schema.ts';
import { bearer, newViewer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';

coversCatalogue('POST /contents/{id}/history', 'POST /contents/history', 'POST /contents/history/search', 'POST /v2/contents/history');

let t: TestApp;
let alice: Record<string, string>;

beforeAll(async () => {
  t = await startAuthApp();
  alice = bearer((await newViewer(t)).session.accessToken);
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const freshViewer = async () => bearer((await newViewer(t)).session.accessToken);
const post = (headers: Headers, path: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `${API}${path}`, headers, ...(payload ? { payload } : {}) });
const visit = (headers: Headers, id: number | string) => post(headers, `/contents/${id}/history`);
const saveTime = (headers: Headers, contentId: number, episodeId: number, body: object) => post(headers, `/contents/${contentId}/episodes/${episodeId}/time-progress`, body);
const historyIds = async (headers: Headers, path = '/contents/history', body?: object) =>
  expectJson(await post(headers, path, body), 200, historyPageSchema).items.map((entry) => entry.content.id);

/** A viewer who opened films 1, 3 and 5 (in that order) and then played episode 202 of the series. */
async function viewerWithHistory(): Promise<Headers> {
  const viewer = await freshViewer();
  for (const id of [1, 3, 5]) expectJson(await visit(viewer, id), 200, historyVisitSchema);
  expectJson(await saveTime(viewer, 2, 202, { time: 42, duration: 1440, variantId: 2022 }), 200, timeProgressSchema);
  return viewer;
}

describe('recording and reading the history', () => {
  it('puts each visited or played content on top, with the episode and time where the viewer stopped', async () => {
    const viewer = await viewerWithHistory();
    const page = expectJson(await post(viewer, '/contents/history'), 200, historyPageSchema);
    expect(page.items.map((entry) => entry.content.id)).toEqual([2, 5, 3, 1]);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 24 });
    expect(page.items[0]).toMatchObject({
      lastEpisode: { id: 202, order: 2, title: 'Перекрёсток', season: { id: 21, order: 1 } }, variantId: 2022, time: 42, duration: 1440,
    });
    expect(page.items[1]).toMatchObject({ lastEpisode: null, variantId: null, time: null, duration: null });

    // A later visit moves the content up again and keeps where the viewer stopped.
    const revisit = expectJson(await visit(viewer, 3), 200, historyVisitSchema);
    expect(revisit.contentId).toBe(3);
    expect(await historyIds(viewer)).toEqual([3, 2, 5, 1]);
    expectJson(await visit(viewer, 2), 200, historyVisitSchema);
    const again = expectJson(await post(viewer, '/contents/history', { pageSize: 1 }), 200, historyPageSchema);
    expect(again.items[0]).toMatchObject({ content: { id: 2 }, lastEpisode: { id: 202 }, time: 42 });
    expect(Date.parse(again.items[0]?.watchedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(revisit.watchedAt));
  });

  it('pages through the history', async () => {
    const viewer = await viewerWithHistory();
    expect(await historyIds(viewer, '/contents/history', { page: 2, pageSize: 3 })).toEqual([1]);
    const v2 = expectJson(await post(viewer, '/v2/contents/history', { page: 1, pageSize: 2 }), 200, historyPageSchema);
    expect(v2).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(v2.items.map((entry) => entry.content.id)).toEqual([2, 5]);
  });

  it('narrows the v2 history to content types', async () => {
    const viewer = await viewerWithHistory();
    expect(await historyIds(viewer, '/v2/contents/history', { types: ['series'] })).toEqual([2]);
    expect(await historyIds(viewer, '/v2/contents/history', { types: ['movie'] })).toEqual([5, 3, 1]);
    expect(await historyIds(viewer, '/v2/contents/history', { types: ['cartoon'] })).toEqual([]);
  });

  it('keeps each viewer\'s history to themselves', async () => {
    await visit(alice, 7);
    const other = await freshViewer();
    expect(await historyIds(other)).toEqual([]);
  });

  it('answers 404 for a visit of an unknown content and 400 for a malformed id', async () => {
    expect(expectApiError(await visit(alice, 9999), 404).message).toMatch(/content 9999 not found/);
    expectApiError(await visit(alice, 'abc'), 400);
  });

  it.each([
    ['/contents/history', { pageSize: 0 }, /pageSize/],
    ['/contents/history', { query: 'x' }, /query/],
    ['/v2/contents/history', { types: ['anime'] }, /types/],
    ['/v2/contents/history', { page: 'two' }, /page/],
  ])('POST %s refuses %j with 400', async (path, body, message) => {
    expect(expectApiError(await post(alice, path, body), 400).message).toMatch(message);
  });
});

describe('searching the history', () => {
  const search = (headers: Headers, query: string, paging: object = {}) => post(headers, '/contents/history/search', { query, ...paging });
  const foundIds = async (headers: Headers, query: string) => expectJson(await search(headers, query), 200, historyPageSchema).items.map((entry) => entry.content.id);

  it.each([
    ['a part of a title in another case', 'ГОРОД', [2]],
    ['a misspelt word', 'горад', [2]],
    ['a misspelt word of another title', 'севрный', [1]],
    ['a word of no title', 'подводная лодка', []],
  ])('finds %s', async (_case, query, expected) => {
    const viewer = await viewerWithHistory();
    expect(await foundIds(viewer, query)).toEqual(expected);
  });

  it('finds only the viewer\'s history, newest first, with the total', async () => {
    const viewer = await freshViewer();
    await visit(viewer, 3);
    await visit(viewer, 7);
    await visit(viewer, 1);
    // All three titles have an "а"; "Город без карты" has one too but the viewer never opened it.
    const page = expectJson(await search(viewer, 'а', { pageSize: 2 }), 200, historyPageSchema);
    expect(page.total).toBe(3);
    expect(page.items.map((entry) => entry.content.id)).toEqual([1, 7]);
    expect(await foundIds(viewer, 'Город')).toEqual([]);
  });

  it('takes % and _ as themselves', async () => {
    const viewer = await viewerWithHistory();
    expect(await foundIds(viewer, '%')).toEqual([]);
    expect(await foundIds(viewer, '_')).toEqual([]);
  });

  it.each([
    ['no query', {}, /query/],
    ['a blank query', { query: '   ' }, /query/],
    ['a query over 200 characters', { query: 'я'.repeat(201) }, /query/],
    ['a page size over 100', { query: 'сад', pageSize: 500 }, /pageSize/],
  ])('refuses %s with 400', async (_case, body, message) => {
    expect(expectApiError(await post(alice, '/contents/history/search', body), 400).message).toMatch(message);
  });
});

describe('forgetting a content of the history', () => {
  it('removes it and its saved times; a second removal is a 404', async () => {
    const viewer = await viewerWithHistory();
    expect(expectJson(await t.app.inject({ method: 'DELETE', url: `${API}/contents/2/history`, headers: viewer }), 200, historyRemovedSchema))
      .toEqual({ contentId: 2, removed: true });
    expect(await historyIds(viewer)).toEqual([5, 3, 1]);
    expect(expectJson(await t.app.inject({ url: `${API}/contents/2/time-progress`, headers: viewer }), 200, contentTimeProgressSchema).items).toEqual([]);
    expect(expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/contents/2/history`, headers: viewer }), 404).message)
      .toMatch(/not in the history/);
    expectApiError(await t.app.inject({ method: 'DELETE', url: `${API}/contents/9999/history`, headers: viewer }), 404);
  });
});

describe('clearing the history', () => {
  it('forgets every content and saved time of the viewer, and only theirs', async () => {
    const viewer = await viewerWithHistory();
    const other = await viewerWithHistory();
    expect(expectJson(await t.app.inject({ method: 'DELETE', url: `${API}/contents/history`, headers: viewer }), 200, historyClearedSchema)).toEqual({ removed: 4 });
    expect(await historyIds(viewer)).toEqual([]);
    expectApiError(await t.app.inject({ url: `${API}/contents/2/episodes/watched/last`, headers: viewer }), 404);
    expect(await historyIds(other)).toEqual([2, 5, 3, 1]);
    expect(expectJson(await t.app.inject({ method: 'DELETE', url: `${API}/contents/history`, headers: viewer }), 200, historyClearedSchema)).toEqual({ removed: 0 });
  });
});

describe('without a session', () => {
  it.each([
    ['POST', '/contents/1/history'],
    ['POST', '/contents/history'],
    ['POST', '/contents/history/search'],
    ['POST', '/v2/contents/history'],
    ['DELETE', '/contents/1/history'],
    ['DELETE', '/contents/history'],
  ] as const)('%s %s answers 401', async (method, path) => {
    expectApiError(await t.app.inject({ method, url: `${API}${path}` }), 401);
    expectApiError(await t.app.inject({ method, url: `${API}${path}`, headers: bearer('a.b.c') }), 401);
  });
});
