import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { episodeSchema, type Episode } from '../../src/contract/schemas/schema.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openTestDatabase } from './test-database.ts';
import { ADMIN_TOKEN, bearer, FIRST_ADMIN, login, newViewer, startAuthApp } from './auth-helpers.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';

// An episode's intro and credits markers: what the catalogue answers, and the operator's
// PUT /catalog-api/admin/episodes/{id}/markers.
const PILOT = 201;
const CROSSROADS = 202;

let t: TestApp;
let admin: Record<string, string>;
let viewer: Record<string, string>;
beforeAll(async () => {
  t = await startAuthApp({}, { dataDir: 'memory://' });
  admin = bearer((await login(t, FIRST_ADMIN.email, FIRST_ADMIN.password)).accessToken);
  viewer = bearer((await newViewer(t)).session.accessToken);
});
afterAll(() => t.close());

async function episodesOf(contentId: number): Promise<Episode[]> {
  return expectJson(await t.app.inject({ url: `${API}/episodes?content-id=${contentId}` }), 200, z.array(episodeSchema));
}

async function episode(contentId: number, id: number): Promise<Episode> {
  const found = (await episodesOf(contentId)).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`episode ${id} is not listed`);
  return found;
}

const put = (id: number, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `${API}/admin/episodes/${id}/markers`, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });

describe('the catalogue\'s episodes', () => {
  it('carry the demo series\' intro and credits start, a shared 8 s opening at each episode\'s own offset', async () => {
    const markers = (await episodesOf(2)).map((found) => ({ id: found.id, intro: found.intro, creditsStart: found.creditsStart }));
    expect(markers).toEqual([
      { id: 201, intro: { start: 0, end: 8 }, creditsStart: 19 },
      { id: 202, intro: { start: 3, end: 11 }, creditsStart: 19 },
      { id: 203, intro: { start: 2, end: 10 }, creditsStart: 19 },
      { id: 204, intro: { start: 4, end: 12 }, creditsStart: 19 },
      { id: 205, intro: { start: 3, end: 11 }, creditsStart: 19 },
    ]);
  });

  it('answer null for a film without markers rather than leaving the fields out', async () => {
    const [film] = await episodesOf(1);
    expect(film).toMatchObject({ intro: null, creditsStart: null });
    const text = (await t.app.inject({ url: `${API}/episodes?content-id=1` })).body;
    expect(text).toContain('"intro":null');
    expect(text).toContain('"creditsStart":null');
  });
});

describe('PUT /admin/episodes/{id}/markers', () => {
  it('sets the markers, answers the episode, and the next (cached) episodes list shows them', async () => {
    // Read first, so the old answer is in the catalogue cache when the markers change.
    expect((await episode(2, CROSSROADS)).intro).toEqual({ start: 3, end: 11 });
    const answer = expectJson(await put(CROSSROADS, { intro: { start: 2.5, end: 10.5 }, creditsStart: 18.75 }), 200, episodeSchema);
    expect(answer).toMatchObject({ id: CROSSROADS, intro: { start: 2.5, end: 10.5 }, creditsStart: 18.75 });
    expect(await episode(2, CROSSROADS)).toEqual(answer);
  });

  it('clears a marker with null', async () => {
    expectJson(await put(CROSSROADS, { intro: null, creditsStart: null }), 200, episodeSchema);
    expect(await episode(2, CROSSROADS)).toMatchObject({ intro: null, creditsStart: null });
    expectJson(await put(CROSSROADS, { intro: { start: 3, end: 11 }, creditsStart: 19 }), 200, episodeSchema);
  });

  it('takes ADMIN_TOKEN as well as an administrator\'s session', async () => {
    const answer = expectJson(await put(PILOT, { intro: { start: 0, end: 8 }, creditsStart: 20 }, bearer(ADMIN_TOKEN)), 200, episodeSchema);
    expect(answer.creditsStart).toBe(20);
    expectJson(await put(PILOT, { intro: { start: 0, end: 8 }, creditsStart: 19 }), 200, episodeSchema);
  });

  it('is 401 without credentials and 403 for a viewer, before the body is read', async () => {
    const missing = await put(PILOT, { nonsense: true }, {});
    expectApiError(missing, 401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expectApiError(await put(PILOT, { intro: null, creditsStart: null }, viewer), 403);
    expectApiError(await put(PILOT, { intro: null, creditsStart: null }, bearer('not-the-token')), 403);
    expect((await episode(2, PILOT)).intro).toEqual({ start: 0, end: 8 });
  });

  it('is 404 for an unknown episode', async () => {
    const error = expectApiError(await put(999_999, { intro: null, creditsStart: null }), 404);
    expect(error.message).toMatch(/episode 999999/);
  });

  it.each([
    ['an intro that ends before it starts', { intro: { start: 8, end: 3 }, creditsStart: 19 }, /intro\.end: must be after intro\.start/],
    ['an empty intro', { intro: { start: 5, end: 5 }, creditsStart: null }, /intro\.end/],
    ['a negative start', { intro: { start: -1, end: 8 }, creditsStart: null }, /intro\.start/],
    ['credits before the intro ends', { intro: { start: 0, end: 8 }, creditsStart: 6 }, /creditsStart: must not come before intro\.end/],
    ['an intro past the end', { intro: { start: 20, end: 25 }, creditsStart: null }, /intro\.end: must be at most the episode's duration \(24 s\)/],
    ['credits past the end', { intro: null, creditsStart: 24.5 }, /creditsStart: must be at most the episode's duration/],
    ['zero credits start', { intro: null, creditsStart: 0 }, /creditsStart/],
    ['a missing field', { intro: null }, /creditsStart/],
    ['an unknown field', { intro: null, creditsStart: null, outro: 3 }, /outro/],
    ['a text for a number', { intro: { start: '0', end: 8 }, creditsStart: null }, /intro\.start/],
  ])('is 400 for %s, naming the field, and changes nothing', async (_name, payload, message) => {
    const error = expectApiError(await put(PILOT, payload), 400);
    expect(error.message).toMatch(message);
    expect(await episode(2, PILOT)).toMatchObject({ intro: { start: 0, end: 8 }, creditsStart: 19 });
  });

  it('accepts markers at the very end and an intro that ends where the credits start', async () => {
    expectJson(await put(PILOT, { intro: { start: 0, end: 24 }, creditsStart: 24 }), 200, episodeSchema);
    expectJson(await put(PILOT, { intro: { start: 0, end: 8 }, creditsStart: 19 }), 200, episodeSchema);
  });
});

describe('migration 017', () => {
  it('gives a database seeded before the markers existed the demo series\' markers', async () => {
    const db = await openTestDatabase();
    try {
      // The state of such a database: seeded, without the columns, the migration not yet run.
      await db.exec('ALTER TABLE episodes DROP COLUMN intro_start, DROP COLUMN intro_end, DROP COLUMN credits_start');
      await db.query("DELETE FROM schema_migrations WHERE name = '017-episode-markers.sql'");
      expect(await migrate(db)).toEqual(['017-episode-markers.sql']);
      const rows = await db.query<{ id: number; intro_start: number | null; intro_end: number | null; credits_start: number | null }>(
        'SELECT id, intro_start, intro_end, credits_start FROM episodes WHERE id IN (101, 202, 204) ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 101, intro_start: null, intro_end: null, credits_start: null },
        { id: 202, intro_start: 3, intro_end: 11, credits_start: 19 },
        { id: 204, intro_start: 4, intro_end: 12, credits_start: 19 },
      ]);
    } finally {
      await db.close();
    }
  });
});
