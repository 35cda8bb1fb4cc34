import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { episodeSchema } from '../../src/contract/schemas/schema.ts';
import { completedMarkSchema, contentTimeProgressSchema, lastWatchedSchema, timeProgressSchema } from '../../src/contract/schemas/viewer-schema.ts';
import { bearer, newViewer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';

coversCatalogue(
  'POST /contents/{id}/episodes/{episodeId}/time-progress',
  'GET /contents/{id}/episodes/watched/last',
  'POST /contents/{id}/episodes/{episodeId}/completed',
  'DELETE /contents/{id}/episodes/{episodeId}/completed',
  'GET /episodes',
);

// Content 2 is the demo series: episodes 201–205, each with variants id × 10 + 1 and + 2.
const SERIES = 2;
const FILM = 1;

let t: TestApp;
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  t = await startAuthApp();
  alice = bearer((await newViewer(t)).session.accessToken);
  bob = bearer((await newViewer(t)).session.accessToken);
});
afterAll(async () => {
  await t.close();
});

function saveTime(headers: Record<string, string>, contentId: number, episodeId: number, body: unknown) {
  return t.app.inject({ method: 'POST', url: `${API}/contents/${contentId}/episodes/${episodeId}/time-progress`, headers, payload: body as object });
}
const progressOf = (headers: Record<string, string>, contentId: number) => t.app.inject({ url: `${API}/contents/${contentId}/time-progress`, headers });
const lastWatched = (headers: Record<string, string>, contentId: number) => t.app.inject({ url: `${API}/contents/${contentId}/episodes/watched/last`, headers });
const mark = (method: 'POST' | 'DELETE', headers: Record<string, string>, contentId: number, episodeId: number) =>
  t.app.inject({ method, url: `${API}/contents/${contentId}/episodes/${episodeId}/completed`, headers });
const episodesOf = (headers: Record<string, string>, contentId: number) => t.app.inject({ url: `${API}/episodes?content-id=${contentId}`, headers });

describe('time progress', () => {
  it('saves one time per episode and variant, answers it, and lists the content\'s times newest first', async () => {
    const viewer = bearer((await newViewer(t)).session.accessToken);
    const first = expectJson(await saveTime(viewer, SERIES, 201, { time: 12.5, duration: 24, variantId: 2011 }), 200, timeProgressSchema);
    expect(first).toMatchObject({ episodeId: 201, variantId: 2011, time: 12.5, duration: 24 });
    expect(Date.parse(first.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    expectJson(await saveTime(viewer, SERIES, 201, { time: 3 }), 200, timeProgressSchema);
    // The same (episode, variant) again replaces its time; the duration, not sent, is kept.
    const again = expectJson(await saveTime(viewer, SERIES, 201, { time: 20, duration: null, variantId: 2011 }), 200, timeProgressSchema);
    expect(again).toMatchObject({ episodeId: 201, variantId: 2011, time: 20, duration: 24 });
    expectJson(await saveTime(viewer, SERIES, 204, { time: 7, duration: 24, variantId: 2042 }), 200, timeProgressSchema);

    const { items } = expectJson(await progressOf(viewer, SERIES), 200, contentTimeProgressSchema);
    expect(items.map((item) => [item.episodeId, item.variantId, item.time])).toEqual([[204, 2042, 7], [201, 2011, 20], [201, null, 3]]);
    expect(items[1]?.updatedAt).toBe(again.updatedAt);
  });

  it('keeps each viewer\'s times to themselves', async () => {
    expectJson(await saveTime(alice, SERIES, 202, { time: 5, duration: 24 }), 200, timeProgressSchema);
    const others = expectJson(await progressOf(bob, SERIES), 200, contentTimeProgressSchema);
    expect(others.items.some((item) => item.episodeId === 202 && item.time === 5)).toBe(false);
  });

  it('answers an empty list for a content the viewer never played', async () => {
    const viewer = bearer((await newViewer(t)).session.accessToken);
    expect(expectJson(await progressOf(viewer, FILM), 200, contentTimeProgressSchema).items).toEqual([]);
  });

  it.each([
    ['an episode of another content', FILM, 201, { time: 1 }, /episode 201 of content 1/],
    ['an unknown episode', SERIES, 299, { time: 1 }, /episode 299/],
    ['an unknown content', 9999, 201, { time: 1 }, /content 9999/],
    ['a variant of another episode', SERIES, 201, { time: 1, variantId: 2021 }, /variant 2021 of episode 201/],
  ])('refuses %s with 404', async (_case, contentId, episodeId, body, message) => {
    expect(expectApiError(await saveTime(alice, contentId, episodeId, body), 404).message).toMatch(message);
  });

  it.each([
    ['a negative time', { time: -1 }, /time/],
    ['no time', { duration: 24 }, /time/],
    ['a time that is not a number', { time: '12' }, /time/],
    ['a zero duration', { time: 1, duration: 0 }, /duration/],
    ['a variant id that is not a positive integer', { time: 1, variantId: 0 }, /variantId/],
    ['an unknown field', { time: 1, position: 3 }, /position/],
  ])('refuses %s with 400', async (_case, body, message) => {
    expect(expectApiError(await saveTime(alice, SERIES, 201, body), 400).message).toMatch(message);
  });

  it('refuses a path id that is not a number with 400', async () => {
    expectApiError(await saveTime(alice, SERIES, Number.NaN, { time: 1 }), 400);
    expectApiError(await t.app.inject({ url: `${API}/contents/abc/time-progress`, headers: alice }), 400);
  });

  it('answers 404 for the times of an unknown content', async () => {
    expect(expectApiError(await progressOf(alice, 9999), 404).message).toMatch(/content 9999/);
  });
});

describe('the last watched episode', () => {
  it('is the episode whose time was saved last, with its season', async () => {
    const viewer = bearer((await newViewer(t)).session.accessToken);
    expectJson(await saveTime(viewer, SERIES, 205, { time: 10, duration: 24, variantId: 2051 }), 200, timeProgressSchema);
    expectJson(await saveTime(viewer, SERIES, 203, { time: 4 }), 200, timeProgressSchema);
    const last = expectJson(await lastWatched(viewer, SERIES), 200, lastWatchedSchema);
    expect(last).toMatchObject({ episodeId: 203, variantId: null, time: 4, duration: null });
    expect(last.episode).toEqual({ id: 203, order: 3, title: 'Серия 3', season: { id: 21, order: 1 } });

    expectJson(await saveTime(viewer, SERIES, 205, { time: 11, variantId: 2051 }), 200, timeProgressSchema);
    expect(expectJson(await lastWatched(viewer, SERIES), 200, lastWatchedSchema)).toMatchObject({
      episodeId: 205, variantId: 2051, time: 11, duration: 24, episode: { id: 205, order: 2, season: { id: 22, order: 2 } },
    });
  });

  it('answers 404 with a clear message when nothing of the content was watched', async () => {
    const viewer = bearer((await newViewer(t)).session.accessToken);
    expect(expectApiError(await lastWatched(viewer, FILM), 404).message).toMatch(/nothing of content 1 was watched/);
  });

  it('answers 404 for an unknown content and 400 for a malformed id', async () => {
    expect(expectApiError(await lastWatched(alice, 9999), 404).message).toMatch(/content 9999 not found/);
    expectApiError(await t.app.inject({ url: `${API}/contents/0/episodes/watched/last`, headers: alice }), 400);
  });
});

describe('completed marks', () => {
  const completedIn = (episodes: Array<z.infer<typeof episodeSchema>>) => episodes.filter((episode) => episode.isCompleted).map((episode) => episode.id);

  it('marks and unmarks an episode for the viewer, which GET /episodes then answers privately', async () => {
    const viewer = bearer((await newViewer(t)).session.accessToken);
    expect(expectJson(await mark('POST', viewer, SERIES, 203), 200, completedMarkSchema)).toEqual({ episodeId: 203, isCompleted: true });
    // Marking twice is the same mark.
    expectJson(await mark('POST', viewer, SERIES, 203), 200, completedMarkSchema);

    const own = await episodesOf(viewer, SERIES);
    // The viewer's own marks, and only them.
    expect(completedIn(expectJson(own, 200, z.array(episodeSchema)))).toEqual([203]);
    expect(own.headers['cache-control']).toBe('private');
    expect(own.headers.etag).toBeUndefined();

    expect(expectJson(await mark('DELETE', viewer, SERIES, 203), 200, completedMarkSchema)).toEqual({ episodeId: 203, isCompleted: false });
    expect(completedIn(expectJson(await episodesOf(viewer, SERIES), 200, z.array(episodeSchema)))).toEqual([]);
  });

  it('leaves the public, cached answer and other viewers untouched: without a token no episode is completed', async () => {
    expectJson(await mark('POST', alice, SERIES, 204), 200, completedMarkSchema);
    expectJson(await mark('POST', alice, SERIES, 201), 200, completedMarkSchema);
    expect(completedIn(expectJson(await episodesOf(alice, SERIES), 200, z.array(episodeSchema)))).toEqual([201, 204]);

    const anonymous = await episodesOf({}, SERIES);
    expect(completedIn(expectJson(anonymous, 200, z.array(episodeSchema)))).toEqual([]);
    expect(anonymous.headers['cache-control']).toMatch(/^public/);
    expect(anonymous.headers.vary).toMatch(/authorization/i);
    expect(completedIn(expectJson(await episodesOf(bob, SERIES), 200, z.array(episodeSchema)))).not.toContain(204);
  });

  it('answers the public list to an invalid or expired token', async () => {
    const forged = await episodesOf(bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'), SERIES);
    expect(completedIn(expectJson(forged, 200, z.array(episodeSchema)))).toEqual([]);
    expect(forged.headers['cache-control']).toMatch(/^public/);
  });

  it('refuses an episode of another content with 404 and a malformed id with 400', async () => {
    expect(expectApiError(await mark('POST', alice, FILM, 201), 404).message).toMatch(/episode 201 of content 1/);
    expectApiError(await mark('DELETE', alice, SERIES, 9999), 404);
    expectApiError(await t.app.inject({ method: 'POST', url: `${API}/contents/2/episodes/x/completed`, headers: alice }), 400);
  });
});

describe('without a session', () => {
  it.each([
    ['POST', `/contents/${SERIES}/episodes/201/time-progress`, { time: 1 }],
    ['GET', `/contents/${SERIES}/time-progress`, undefined],
    ['GET', `/contents/${SERIES}/episodes/watched/last`, undefined],
    ['POST', `/contents/${SERIES}/episodes/201/completed`, undefined],
    ['DELETE', `/contents/${SERIES}/episodes/201/completed`, undefined],
  ] as const)('%s %s answers 401, with or without a forged token', async (method, path, payload) => {
    expectApiError(await t.app.inject({ method, url: `${API}${path}`, payload }), 401);
    expectApiError(await t.app.inject({ method, url: `${API}${path}`, payload, headers: bearer('not.a.token') }), 401);
  });
});

describe('in the API document', () => {
  it('lists the progress calls as needing a session, and GET /episodes as open to anyone with or without one', async () => {
    const document = expectJson(await t.app.inject('/openapi.json'), 200, z.object({
      paths: z.record(z.string(), z.record(z.string(), z.object({ security: z.array(z.record(z.string(), z.array(z.string()))).optional() }))),
    }));
    const operation = (path: string, method: string) => document.paths[`${API}${path}`]?.[method];
    expect(operation('/contents/{id}/episodes/{episodeId}/time-progress', 'post')?.security).toEqual([{ bearerAuth: [] }, { accessTokenCookie: [] }]);
    expect(operation('/contents/{id}/time-progress', 'get')?.security).toEqual([{ bearerAuth: [] }, { accessTokenCookie: [] }]);
    expect(operation('/episodes', 'get')?.security).toEqual([{}, { bearerAuth: [] }]);
  });
});
