import { randomBytes } from 'node:crypto';
import type { Page, Paging } from '../../src/contract/schemas/catalogue-schema.ts';
import type { Playlist, PlaylistCreateBody } from '../../src/contract/schemas/viewer-schema.ts';
import type { Database } from '../db/database.ts';
import { slugify } from '../catalogue/translit.ts';
import { HttpError } from '../http/http-error.ts';
import { isoTime } from './iso-time.ts';
import { pageOffset, VIEWER_LIMITS } from './viewer-limits.ts';

interface PlaylistRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  is_public: boolean;
  owner_id: number | null;
  owner_name: string | null;
  contents_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const PLAYLIST_SELECT = `SELECT p.id, p.slug, p.title, p.description, p.is_public, p.owner_id, u.name AS owner_name,
    (SELECT count(*)::int FROM playlist_contents pc WHERE pc.playlist_id = p.id) AS contents_count, p.created_at, p.updated_at
  FROM playlists p LEFT JOIN users u ON u.id = p.owner_id`;
/** Editorial and public playlists are anyone's to see; a private one only its owner's ($1: the viewer, or NULL). */
const VISIBLE_TO_$1 = '(p.owner_id IS NULL OR p.is_public OR p.owner_id = $1)';
/** Room for a random suffix in a 100-character title's slug; slugs stay readable in an address. */
const SLUG_BASE_LENGTH = 80;
const SLUG_ATTEMPTS = 5;

/** Playlists: the editors' (no owner) and the viewers' own, public or private. */
export class PlaylistsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** 409 past VIEWER_LIMITS.playlists; the slug is the title's, with a suffix when taken. */
  async create(userId: number, body: PlaylistCreateBody): Promise<Playlist> {
    const [owned] = await this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM playlists WHERE owner_id = $1', [userId]);
    if ((owned?.total ?? 0) >= VIEWER_LIMITS.playlists) throw new HttpError(409, `at most ${VIEWER_LIMITS.playlists} playlists per viewer: delete one first`);
    const base = slugify(body.title).slice(0, SLUG_BASE_LENGTH).replace(/-+$/, '') || 'playlist';
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
      const [created] = await this.db.query<{ id: number }>(
        `INSERT INTO playlists (owner_id, slug, title, description, is_public) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [userId, slug, body.title, body.description ?? '', body.isPublic ?? false],
      );
      if (created) return this.visible({ id: created.id }, userId);
    }
    throw new Error(`no free slug for "${base}" after ${SLUG_ATTEMPTS} attempts`);
  }

  /** The playlist if `viewerId` may see it; otherwise, as for an unknown one, a 404. */
  async visible(key: { id: number } | { slug: string }, viewerId: number | null): Promise<Playlist> {
    const [column, value] = 'id' in key ? ['p.id', key.id] : ['p.slug', key.slug];
    const [row] = await this.db.query<PlaylistRow>(`${PLAYLIST_SELECT} WHERE ${column} = $2 AND ${VISIBLE_TO_$1}`, [viewerId, value]);
    if (!row) throw new HttpError(404, `playlist ${'id' in key ? key.id : `"${key.slug}"`} not found`);
    return toPlaylist(row);
  }

  /** The editors' playlists first, then the newest; `mine`: only the viewer's own. */
  async page(viewerId: number | null, { page, pageSize }: Paging, mine: boolean): Promise<Page<Playlist>> {
    const where = mine ? 'p.owner_id = $1' : VISIBLE_TO_$1;
    const [count] = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM playlists p WHERE ${where}`, [viewerId]);
    const rows = await this.db.query<PlaylistRow>(
      `${PLAYLIST_SELECT} WHERE ${where} ORDER BY (p.owner_id IS NULL) DESC, p.created_at DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [viewerId, pageSize, pageOffset(page, pageSize)],
    );
    return { items: rows.map(toPlaylist), total: count?.total ?? 0, page, pageSize };
  }

  /** The playlist for its owner to change: 404 when the viewer cannot see it, 403 when it is not theirs. */
  async owned(playlistId: number, viewerId: number): Promise<Playlist> {
    const playlist = await this.visible({ id: playlistId }, viewerId);
    if (playlist.owner?.id !== viewerId) {
      throw new HttpError(403, playlist.owner ? 'only its owner may change a playlist' : 'editorial playlists are changed by the editors only');
    }
    return playlist;
  }
}

function toPlaylist(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    isPublic: row.is_public || row.owner_id === null,
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    contentsCount: row.contents_count,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
