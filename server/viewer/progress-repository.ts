import type { Database, Queryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import type { CompletedMark, LastWatched, TimeProgress } from '../../src/contract/schemas/viewer-schema.ts';
import { requireContent } from './content-exists.ts';
import { isoTime } from './iso-time.ts';

interface ProgressRow {
  episode_id: number;
  variant_id: number | null;
  time_seconds: number;
  duration_seconds: number | null;
  updated_at: Date | string;
}

interface LastWatchedRow extends ProgressRow {
  episode_order: number;
  title: string;
  season_id: number;
  season_order: number;
}

const PROGRESS_COLUMNS = 'p.episode_id, p.variant_id, p.time_seconds, p.duration_seconds, p.updated_at';

/** One saved time, to be written for a viewer. */
export interface SavedTime {
  contentId: number;
  episodeId: number;
  variantId: number | null;
  time: number;
  /** Null: keep the duration saved before. */
  duration: number | null;
}

/**
 * Where each viewer stopped in each episode (per voice-over variant), which episodes they marked
 * completed, and the last one they watched. Unknown contents, episodes and variants are 404s.
 */
export class ProgressRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Upserts the viewer's time and puts the content on top of their history with this episode. */
  async saveTime(userId: number, saved: SavedTime): Promise<TimeProgress> {
    await this.requireEpisode(saved.contentId, saved.episodeId, saved.variantId);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<ProgressRow>(
        `INSERT INTO episode_progress AS p (user_id, content_id, episode_id, variant_id, time_seconds, duration_seconds, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())
         ON CONFLICT (user_id, episode_id, (COALESCE(variant_id, 0))) DO UPDATE SET
           time_seconds = EXCLUDED.time_seconds,
           duration_seconds = COALESCE(EXCLUDED.duration_seconds, p.duration_seconds),
           updated_at = EXCLUDED.updated_at
         RETURNING ${PROGRESS_COLUMNS}`,
        [userId, saved.contentId, saved.episodeId, saved.variantId, saved.time, saved.duration],
      );
      if (!row) throw new Error('the upsert returned no row');
      await recordWatch(tx, userId, saved.contentId, saved.episodeId);
      return toProgress(row);
    });
  }

  /** Every saved time of the content, newest first; 404 for an unknown content. */
  async contentProgress(userId: number, contentId: number): Promise<TimeProgress[]> {
    await requireContent(this.db, contentId);
    const rows = await this.db.query<ProgressRow>(
      `SELECT ${PROGRESS_COLUMNS} FROM episode_progress p
       WHERE p.user_id = $1 AND p.content_id = $2
       ORDER BY p.updated_at DESC, p.episode_id DESC, p.variant_id DESC NULLS LAST`,
      [userId, contentId],
    );
    return rows.map(toProgress);
  }

  /** The newest saved time of the content with its episode; 404 when nothing was watched. */
  async lastWatched(userId: number, contentId: number): Promise<LastWatched> {
    await requireContent(this.db, contentId);
    const [row] = await this.db.query<LastWatchedRow>(
      `SELECT ${PROGRESS_COLUMNS}, e.episode_order, e.title, s.id AS season_id, s.season_order
       FROM episode_progress p
       JOIN episodes e ON e.id = p.episode_id
       JOIN seasons s ON s.id = e.season_id
       WHERE p.user_id = $1 AND p.content_id = $2
       ORDER BY p.updated_at DESC, p.episode_id DESC
       LIMIT 1`,
      [userId, contentId],
    );
    if (!row) throw new HttpError(404, `nothing of content ${contentId} was watched yet`);
    return {
      ...toProgress(row),
      episode: { id: row.episode_id, order: row.episode_order, title: row.title, season: { id: row.season_id, order: row.season_order } },
    };
  }

  async setCompleted(userId: number, contentId: number, episodeId: number, isCompleted: boolean): Promise<CompletedMark> {
    await this.requireEpisode(contentId, episodeId, null);
    if (isCompleted) {
      await this.db.query(
        `INSERT INTO completed_episodes (user_id, content_id, episode_id) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, episode_id) DO NOTHING`,
        [userId, contentId, episodeId],
      );
    } else {
      await this.db.query('DELETE FROM completed_episodes WHERE user_id = $1 AND episode_id = $2', [userId, episodeId]);
    }
    return { episodeId, isCompleted };
  }

  /** The episodes of the content the viewer marked completed. */
  async completedEpisodeIds(userId: number, contentId: number): Promise<ReadonlySet<number>> {
    const rows = await this.db.query<{ episode_id: number }>(
      'SELECT episode_id FROM completed_episodes WHERE user_id = $1 AND content_id = $2',
      [userId, contentId],
    );
    return new Set(rows.map((row) => row.episode_id));
  }

  private async requireEpisode(contentId: number, episodeId: number, variantId: number | null): Promise<void> {
    const [row] = await this.db.query<{ variant_found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM episode_variants v WHERE v.id = $3 AND v.episode_id = e.id) AS variant_found
       FROM episodes e WHERE e.id = $2 AND e.content_id = $1`,
      [contentId, episodeId, variantId],
    );
    if (!row) throw new HttpError(404, `episode ${episodeId} of content ${contentId} not found`);
    if (variantId !== null && !row.variant_found) throw new HttpError(404, `variant ${variantId} of episode ${episodeId} not found`);
  }
}

/** The content goes on top of the viewer's history; a time update also names its episode. */
export async function recordWatch(db: Queryable, userId: number, contentId: number, episodeId: number | null): Promise<void> {
  await db.query(
    // Later than anything the viewer watched before, even within one tick of the clock (the
    // embedded database's clock may read the same value for two quick visits): "newest first"
    // must follow the order the visits came in, not the contents' ids.
    `INSERT INTO viewer_history AS h (user_id, content_id, episode_id, watched_at)
     VALUES ($1, $2, $3, GREATEST(clock_timestamp(),
       (SELECT max(watched_at) + interval '1 microsecond' FROM viewer_history WHERE user_id = $1)))
     ON CONFLICT (user_id, content_id) DO UPDATE SET
       episode_id = COALESCE(EXCLUDED.episode_id, h.episode_id),
       watched_at = EXCLUDED.watched_at`,
    [userId, contentId, episodeId],
  );
}

function toProgress(row: ProgressRow): TimeProgress {
  return {
    episodeId: row.episode_id,
    variantId: row.variant_id,
    time: row.time_seconds,
    duration: row.duration_seconds,
    updatedAt: isoTime(row.updated_at),
  };
}
