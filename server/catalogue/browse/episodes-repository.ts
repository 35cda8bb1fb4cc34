import type { z } from 'zod';
import type { EpisodeResource, freshEpisodeSchema } from '../../../src/contract/schemas/browse-schema.ts';
import type { Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { episodeManifestPath, variantManifestPath } from '../../http/paths.ts';
import { loadContentCards } from '../content-cards.ts';

type FreshEpisode = z.infer<typeof freshEpisodeSchema>;

interface FreshRow {
  id: number;
  content_id: number;
  title: string;
  episode_order: number;
  season_id: number;
  season_order: number;
  poster_path: string | null;
  released_at: Date | string;
}

/**
 * A fresh episode is a released episode of a content with several of them (a film's one
 * "episode" is not news); the newest first, ties by id, in the order of episodes_released_idx
 * so a page reads only as many episodes as it shows.
 */
const FRESH_WHERE = `e.released_at IS NOT NULL AND ($1::text[] IS NULL OR c.content_type = ANY($1::text[]))
  AND EXISTS (SELECT 1 FROM episodes other WHERE other.content_id = e.content_id AND other.id <> e.id)`;

/** Episodes as the browsing pages show them: the latest released ones, and what plays one. */
export class EpisodesRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** How many fresh episodes there are, of contents of the given types (of any type: null). */
  async freshTotal(types: readonly string[] | null): Promise<number> {
    const [row] = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM episodes e JOIN contents c ON c.id = e.content_id WHERE ${FRESH_WHERE}`,
      [types],
    );
    return row?.total ?? 0;
  }

  /** A page of fresh episodes, newest first, each with its content's card. */
  async freshPage(types: readonly string[] | null, { page, pageSize }: Paging): Promise<FreshEpisode[]> {
    const rows = await this.db.query<FreshRow>(
      `SELECT e.id, e.content_id, e.title, e.episode_order, e.poster_path, e.released_at, s.id AS season_id, s.season_order
       FROM episodes e JOIN contents c ON c.id = e.content_id JOIN seasons s ON s.id = e.season_id
       WHERE ${FRESH_WHERE}
       ORDER BY e.released_at DESC NULLS LAST, e.id LIMIT $2 OFFSET $3`,
      [types, pageSize, (page - 1) * pageSize],
    );
    const cards = new Map((await loadContentCards(this.db, [...new Set(rows.map((row) => row.content_id))])).map((card) => [card.id, card]));
    return rows.flatMap((row) => {
      const content = cards.get(row.content_id);
      if (!content) return [];
      return [{
        id: row.id,
        title: row.title,
        order: row.episode_order,
        season: { id: row.season_id, order: row.season_order },
        posterPath: row.poster_path,
        releasedAt: new Date(row.released_at).toISOString(),
        content,
      }];
    });
  }

  /** What plays an episode: its manifest, voice-over variants with their studios, subtitles, duration; null when unknown. */
  async resource(id: number): Promise<EpisodeResource | null> {
    const [episode] = await this.db.query<{
      id: number; content_id: number; title: string; episode_order: number; duration: number;
      season_id: number; season_order: number; has_media: boolean;
    }>(
      `SELECT e.id, e.content_id, e.title, e.episode_order, e.duration, s.id AS season_id, s.season_order,
         EXISTS (SELECT 1 FROM media_sources m WHERE m.episode_id = e.id AND m.variant_id IS NULL) AS has_media
       FROM episodes e JOIN seasons s ON s.id = e.season_id WHERE e.id = $1`,
      [id],
    );
    if (!episode) return null;
    const variants = await this.db.query<{ id: number; title: string; author_id: number | null; author_slug: string | null; author_title: string | null }>(
      `SELECT v.id, v.title, va.id AS author_id, va.slug AS author_slug, va.title AS author_title
       FROM episode_variants v LEFT JOIN voice_authors va ON va.id = v.voice_author_id
       WHERE v.episode_id = $1 ORDER BY v.variant_order`,
      [id],
    );
    const subtitles = await this.db.query<{ src: string; label: string; language: string }>(
      'SELECT src, label, language FROM subtitles WHERE episode_id = $1 ORDER BY position',
      [id],
    );
    return {
      episodeId: episode.id,
      contentId: episode.content_id,
      title: episode.title,
      order: episode.episode_order,
      season: { id: episode.season_id, order: episode.season_order },
      duration: episode.duration,
      manifestPath: episode.has_media ? episodeManifestPath(episode.id) : null,
      variants: variants.map((variant) => ({
        id: variant.id,
        title: variant.title,
        filepath: variantManifestPath(variant.id),
        voiceAuthor: variant.author_id === null || variant.author_slug === null || variant.author_title === null
          ? null
          : { id: variant.author_id, slug: variant.author_slug, title: variant.author_title },
      })),
      subtitles,
    };
  }
}
