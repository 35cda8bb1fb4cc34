import type { ContentCard, ListingFilters, Page, Paging } from '../../src/contract/schemas/catalogue-schema.ts';
import type { PlaylistEntry } from '../../src/contract/schemas/viewer-schema.ts';
import { loadContentCards } from '../catalogue/content-cards.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { requireContent } from './content-exists.ts';
import type { PlaylistsRepository } from './playlists-repository.ts';
import { pageOffset, VIEWER_LIMITS } from './viewer-limits.ts';

/** What a playlist holds, in the order its owner added it. */
export class PlaylistContentsRepository {
  private readonly db: Database;
  private readonly playlists: PlaylistsRepository;

  constructor(db: Database, playlists: PlaylistsRepository) {
    this.db = db;
    this.playlists = playlists;
  }

  /** The cards of a playlist the viewer may see (else 404), first added first. */
  async page(playlistId: number, viewerId: number | null, { page, pageSize }: Paging, types: ListingFilters['types'] = []): Promise<Page<ContentCard>> {
    await this.playlists.visible({ id: playlistId }, viewerId);
    const params: unknown[] = [playlistId];
    let where = 'pc.playlist_id = $1';
    if (types?.length) {
      params.push(types);
      where += ' AND c.content_type = ANY($2::text[])';
    }
    const from = `FROM playlist_contents pc JOIN contents c ON c.id = pc.content_id WHERE ${where}`;
    const [count] = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params);
    const rows = await this.db.query<{ content_id: number }>(
      `SELECT pc.content_id ${from} ORDER BY pc.position, pc.added_at, pc.content_id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, pageOffset(page, pageSize)],
    );
    const items = await loadContentCards(this.db, rows.map((row) => row.content_id));
    return { items, total: count?.total ?? 0, page, pageSize };
  }

  /** At the end of the owner's playlist; adding it again keeps its place. 409 past the limit. */
  async add(playlistId: number, viewerId: number, contentId: number): Promise<PlaylistEntry> {
    const playlist = await this.playlists.owned(playlistId, viewerId);
    await requireContent(this.db, contentId);
    const present = await this.db.query('SELECT 1 FROM playlist_contents WHERE playlist_id = $1 AND content_id = $2', [playlistId, contentId]);
    if (present.length > 0) return { playlistId, contentId, inPlaylist: true, contentsCount: playlist.contentsCount };
    if (playlist.contentsCount >= VIEWER_LIMITS.contentsPerPlaylist) {
      throw new HttpError(409, `at most ${VIEWER_LIMITS.contentsPerPlaylist} contents per playlist: remove one first`);
    }
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO playlist_contents (playlist_id, content_id, position)
         SELECT $1, $2, COALESCE(max(position), 0) + 1 FROM playlist_contents WHERE playlist_id = $1
         ON CONFLICT (playlist_id, content_id) DO NOTHING`,
        [playlistId, contentId],
      );
      await tx.query('UPDATE playlists SET updated_at = clock_timestamp() WHERE id = $1', [playlistId]);
    });
    return { playlistId, contentId, inPlaylist: true, contentsCount: await this.count(playlistId) };
  }

  /** 404 when the content is not in the owner's playlist. */
  async remove(playlistId: number, viewerId: number, contentId: number): Promise<PlaylistEntry> {
    await this.playlists.owned(playlistId, viewerId);
    const removed = await this.db.transaction(async (tx) => {
      const rows = await tx.query('DELETE FROM playlist_contents WHERE playlist_id = $1 AND content_id = $2 RETURNING content_id', [playlistId, contentId]);
      if (rows.length > 0) await tx.query('UPDATE playlists SET updated_at = clock_timestamp() WHERE id = $1', [playlistId]);
      return rows.length > 0;
    });
    if (!removed) throw new HttpError(404, `content ${contentId} is not in playlist ${playlistId}`);
    return { playlistId, contentId, inPlaylist: false, contentsCount: await this.count(playlistId) };
  }

  private async count(playlistId: number): Promise<number> {
    const [row] = await this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM playlist_contents WHERE playlist_id = $1', [playlistId]);
    return row?.total ?? 0;
  }
}
