import type { Queryable } from '../../db/database.ts';

/** Where an episode's media is: its own folder, and the link of the source it plays by default. */
export interface EpisodeMediaRecord {
  mediaDir: string | null;
  defaultLink: string | null;
}

/** Reads which media an episode plays. */
export class EpisodeMediaRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /**
   * The episode's media folder and its default source's link (sources of the episode itself
   * before a variant's, the default first); null for an unknown episode.
   */
  async ofEpisode(episodeId: number): Promise<EpisodeMediaRecord | null> {
    const [row] = await this.db.query<{ media_dir: string | null; link: string | null }>(
      `SELECT e.media_dir,
         (SELECT s.link FROM media_sources s WHERE s.episode_id = e.id
           ORDER BY s.variant_id IS NOT NULL, s.is_default DESC, s.position, s.id LIMIT 1) AS link
       FROM episodes e WHERE e.id = $1`,
      [episodeId],
    );
    return row ? { mediaDir: row.media_dir, defaultLink: row.link } : null;
  }
}
