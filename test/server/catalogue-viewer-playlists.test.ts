import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playlistContentsPageSchema, playlistEntrySchema, playlistPageSchema, playlistSchema, type Playlist,
} from '../../src/contract/schemas/viewer-schema.ts';
import { bearer, startAuthApp } from './auth-helpers.ts';
import { coversCatalogue } from './catalogue-coverage.ts';
import { API, expectApiError, expectJson, type TestApp } from './helpers.ts';
import { addManyContents, viewerAccount } from './viewer-test-data.ts';

coversCatalogue(
  'POST /playlists/new',
  'POST /playlists/{id}',
  'POST /playlists/{id}/contents',
  'POST /playlists/{id}/contents/{contentId}',
  'POST /playlists/by-slug/{slug}',
  'POST /v2/playlists',
  'POST /v2/playlists/{id}/contents',
);

type Headers = Record<string, string>;
let t: TestApp;
let owner: Headers;
let stranger: Headers;
let editorial: number;

beforeAll(async () => {
  t = await startAuthApp();
  owner = (await viewerAccount(t)).headers;
  stranger = (await viewerAccount(t)).headers;
  const [row] = await t.db.query<{ id: number }>(
    "INSERT INTO playlists (slug, title, description) VALUES ('vybor-redakcii', 'Выбор редакции', 'Что смотреть сегодня') RETURNING id",
  );
  editorial = row?.id ?? 0;
  await t.db.query('INSERT INTO playlist_contents (playlist_id, content_id, position) VALUES ($1, 4, 1), ($1, 2, 2)', [editorial]);
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, headers: Headers = {}, payload?: object) => t.app.inject({ method: 'POST', url: `${API}${path}`, headers, ...(payload ? { payload } : {}) });
const create = (headers: Headers, body: object) => post('/playlists/new', headers, body);
async function newPlaylist(headers: Headers, body: object = { title: 'Вечернее кино' }): Promise<Playlist> {
  return expectJson(await create(headers, body), 201, playlistSchema);
}
const addContent = (headers: Headers, playlistId: number, contentId: number | string) => post(`/playlists/${playlistId}/contents/${contentId}`, headers);
const removeContent = (headers: Headers, playlistId: number, contentId: number) =>
  t.app.inject({ method: 'DELETE', url: `${API}/playlists/${playlistId}/contents/${contentId}`, headers });
const contentIds = async (path: string, headers: Headers = {}, body?: object) =>
  expectJson(await post(path, headers, body), 200, playlistContentsPageSchema).items.map((card) => card.id);

describe('making playlists', () => {
  it('makes a private playlist whose slug is the transliterated title', async () => {
    const { headers, userId } = await viewerAccount(t);
    const playlist = await newPlaylist(headers, { title: 'Лучшие сериалы', description: 'На выходные' });
    expect(playlist).toMatchObject({
      slug: 'luchshie-serialy', title: 'Лучшие сериалы', description: 'На выходные', isPublic: false, owner: { id: userId }, contentsCount: 0,
    });
    expect(expectJson(await post(`/playlists/${playlist.id}`, headers), 200, playlistSchema)).toEqual(playlist);
  });

  it('gives a second playlist of the same title a suffixed slug', async () => {
    const first = await newPlaylist(owner, { title: 'Одинаковое название' });
    const second = await newPlaylist(stranger, { title: 'Одинаковое название' });
    expect(first.slug).toBe('odinakovoe-nazvanie');
    expect(second.slug).toMatch(/^odinakovoe-nazvanie-[0-9a-f]{6}$/);
  });

  it.each([
    ['Ёлки & Палки!', /^yolki-palki(-[0-9a-f]{6})?$/],
    ['🎬🎬', /^playlist(-[0-9a-f]{6})?$/],
  ])('makes a unique slug of %s', async (title, slug) => {
    const made = await newPlaylist(stranger, { title });
    expect(made.slug).toMatch(slug);
    expect(expectJson(await post(`/playlists/by-slug/${made.slug}`, stranger), 200, playlistSchema).id).toBe(made.id);
  });

  it.each([
    ['no title', {}, /title/],
    ['a blank title', { title: '   ' }, /title/],
    ['a title over 100 characters', { title: 'я'.repeat(101) }, /title/],
    ['a description over 1000 characters', { title: 'Кино', description: 'я'.repeat(1001) }, /description/],
    ['isPublic that is not a boolean', { title: 'Кино', isPublic: 'yes' }, /isPublic/],
    ['an unknown field', { title: 'Кино', owner: 1 }, /owner/],
  ])('refuses %s with 400', async (_case, body, message) => {
    expect(expectApiError(await create(owner, body), 400).message).toMatch(message);
  });

  it('refuses a 101st playlist of one viewer with 409', async () => {
    const { headers, userId } = await viewerAccount(t);
    await t.db.query(
      "INSERT INTO playlists (owner_id, slug, title) SELECT $1::int, 'limit-' || $1::text || '-' || n, 'Список ' || n FROM generate_series(1, 100) AS n",
      [userId],
    );
    expect(expectApiError(await create(headers, { title: 'Ещё один' }), 409).message).toMatch(/at most 100 playlists/);
  });
});

describe('who sees a playlist', () => {
  it('shows a private playlist, its contents and its slug to its owner only; others get 404', async () => {
    const playlist = await newPlaylist(owner, { title: 'Только для меня' });
    expectJson(await addContent(owner, playlist.id, 5), 200, playlistEntrySchema);
    expect(await contentIds(`/playlists/${playlist.id}/contents`, owner)).toEqual([5]);
    for (const headers of [{}, stranger, bearer('a.b.c')]) {
      expect(expectApiError(await post(`/playlists/${playlist.id}`, headers), 404).message).toMatch(new RegExp(`playlist ${playlist.id} not found`));
      expectApiError(await post(`/playlists/by-slug/${playlist.slug}`, headers), 404);
      expectApiError(await post(`/playlists/${playlist.id}/contents`, headers), 404);
      expectApiError(await post(`/v2/playlists/${playlist.id}/contents`, headers), 404);
    }
  });

  it('shows public and editorial playlists to anyone', async () => {
    const playlist = await newPlaylist(owner, { title: 'Для всех', isPublic: true });
    expect(expectJson(await post(`/playlists/${playlist.id}`), 200, playlistSchema)).toMatchObject({ isPublic: true, title: 'Для всех' });
    expect(expectJson(await post('/playlists/by-slug/vybor-redakcii'), 200, playlistSchema)).toMatchObject({ id: editorial, owner: null, isPublic: true, contentsCount: 2 });
    expect(await contentIds(`/playlists/${editorial}/contents`)).toEqual([4, 2]);
  });

  it('answers 404 for an unknown playlist and 400 for a malformed id or slug', async () => {
    expectApiError(await post('/playlists/99999'), 404);
    expectApiError(await post('/playlists/by-slug/net-takogo'), 404);
    expectApiError(await post('/playlists/99999/contents'), 404);
    expectApiError(await post('/playlists/abc'), 400);
    expect(expectApiError(await post('/playlists/by-slug/Not%20A%20Slug'), 400).message).toMatch(/slug/);
    expectApiError(await post(`/playlists/${editorial}/contents`, {}, { pageSize: 0 }), 400);
    expectApiError(await post(`/v2/playlists/${editorial}/contents`, {}, { types: ['anime'] }), 400);
  });
});

describe('filling a playlist', () => {
  it('adds contents at the end, once each, and takes them out', async () => {
    const playlist = await newPlaylist(owner, { title: 'Порядок', isPublic: true });
    expect(expectJson(await addContent(owner, playlist.id, 3), 200, playlistEntrySchema)).toEqual({ playlistId: playlist.id, contentId: 3, inPlaylist: true, contentsCount: 1 });
    expectJson(await addContent(owner, playlist.id, 1), 200, playlistEntrySchema);
    expectJson(await addContent(owner, playlist.id, 2), 200, playlistEntrySchema);
    expect(expectJson(await addContent(owner, playlist.id, 3), 200, playlistEntrySchema).contentsCount).toBe(3);
    expect(await contentIds(`/playlists/${playlist.id}/contents`)).toEqual([3, 1, 2]);
    expect(await contentIds(`/playlists/${playlist.id}/contents`, {}, { page: 2, pageSize: 2 })).toEqual([2]);
    expect(await contentIds(`/v2/playlists/${playlist.id}/contents`, {}, { types: ['series'] })).toEqual([2]);
    const v2 = expectJson(await post(`/v2/playlists/${playlist.id}/contents`, {}, { types: ['movie'], pageSize: 1 }), 200, playlistContentsPageSchema);
    expect(v2).toMatchObject({ total: 2, page: 1, pageSize: 1 });

    expect(expectJson(await removeContent(owner, playlist.id, 1), 200, playlistEntrySchema)).toMatchObject({ inPlaylist: false, contentsCount: 2 });
    expect(await contentIds(`/playlists/${playlist.id}/contents`)).toEqual([3, 2]);
    expect(expectApiError(await removeContent(owner, playlist.id, 1), 404).message).toMatch(/content 1 is not in playlist/);
    // Added again, it goes to the end.
    expectJson(await addContent(owner, playlist.id, 1), 200, playlistEntrySchema);
    expect(await contentIds(`/playlists/${playlist.id}/contents`)).toEqual([3, 2, 1]);
  });

  it('lets only the owner change a playlist: 403 for a public one, 404 for a private one', async () => {
    const shared = await newPlaylist(owner, { title: 'Смотрите все', isPublic: true });
    const hidden = await newPlaylist(owner, { title: 'Не смотрите' });
    expect(expectApiError(await addContent(stranger, shared.id, 1), 403).message).toMatch(/only its owner/);
    expectApiError(await removeContent(stranger, shared.id, 1), 403);
    expectApiError(await addContent(stranger, hidden.id, 1), 404);
    expect(expectApiError(await addContent(stranger, editorial, 1), 403).message).toMatch(/editors/);
    expect(await contentIds(`/playlists/${shared.id}/contents`)).toEqual([]);
  });

  it('answers 404 for an unknown content or playlist and 400 for a malformed id', async () => {
    const playlist = await newPlaylist(owner);
    expect(expectApiError(await addContent(owner, playlist.id, 9999), 404).message).toMatch(/content 9999 not found/);
    expectApiError(await addContent(owner, 99999, 1), 404);
    expectApiError(await addContent(owner, playlist.id, 'x'), 400);
  });

  it('refuses a 1001st content with 409', async () => {
    const playlist = await newPlaylist(owner, { title: 'Тысяча' });
    const ids = await addManyContents(t.db, 1001);
    await t.db.query(
      'INSERT INTO playlist_contents (playlist_id, content_id, position) SELECT $1, id, row_number() OVER (ORDER BY id) FROM unnest($2::int[]) AS id',
      [playlist.id, ids.slice(0, 1000)],
    );
    expect(expectApiError(await addContent(owner, playlist.id, ids[1000] ?? 0), 409).message).toMatch(/at most 1000 contents/);
    expect(expectJson(await addContent(owner, playlist.id, ids[0] ?? 0), 200, playlistEntrySchema).contentsCount).toBe(1000);
  });
});

describe('listing playlists', () => {
  it('lists the editorial playlists first, then public ones; a viewer also sees their own private ones', async () => {
    const { headers: viewer } = await viewerAccount(t);
    const mineHidden = await newPlaylist(viewer, { title: 'Мой секрет' });
    const minePublic = await newPlaylist(viewer, { title: 'Мой показ', isPublic: true });
    const othersHidden = await newPlaylist(stranger, { title: 'Чужой секрет' });

    const anonymous = expectJson(await post('/v2/playlists', {}, { pageSize: 100 }), 200, playlistPageSchema);
    const anonymousIds = anonymous.items.map((playlist) => playlist.id);
    expect(anonymousIds[0]).toBe(editorial);
    expect(anonymousIds).toContain(minePublic.id);
    expect(anonymousIds).not.toContain(mineHidden.id);
    expect(anonymousIds).not.toContain(othersHidden.id);
    expect(anonymous.total).toBe(anonymous.items.length);

    const withToken = expectJson(await post('/v2/playlists', viewer, { pageSize: 100 }), 200, playlistPageSchema).items.map((playlist) => playlist.id);
    expect(withToken).toContain(mineHidden.id);
    expect(withToken).not.toContain(othersHidden.id);
    expect(withToken.indexOf(minePublic.id)).toBeLessThan(withToken.indexOf(mineHidden.id));

    const mine = expectJson(await post('/v2/playlists', viewer, { mine: true }), 200, playlistPageSchema);
    expect(mine.items.map((playlist) => playlist.id)).toEqual([minePublic.id, mineHidden.id]);
    expect(mine.total).toBe(2);
    const paged = expectJson(await post('/v2/playlists', viewer, { mine: true, page: 2, pageSize: 1 }), 200, playlistPageSchema);
    expect(paged.items.map((playlist) => playlist.id)).toEqual([mineHidden.id]);
  });

  it('answers 401 to mine without a session and 400 to a bad body', async () => {
    expectApiError(await post('/v2/playlists', {}, { mine: true }), 401);
    expectApiError(await post('/v2/playlists', {}, { mine: 'yes' }), 400);
    expectApiError(await post('/v2/playlists', {}, { pageSize: 101 }), 400);
  });
});

describe('without a session', () => {
  it.each([
    ['POST', '/playlists/new'],
    ['POST', '/playlists/1/contents/1'],
    ['DELETE', '/playlists/1/contents/1'],
  ] as const)('%s %s answers 401', async (method, path) => {
    expectApiError(await t.app.inject({ method, url: `${API}${path}`, payload: { title: 'Кино' } }), 401);
    expectApiError(await t.app.inject({ method, url: `${API}${path}`, headers: bearer('a.b.c'), payload: { title: 'Кино' } }), 401);
  });
});
