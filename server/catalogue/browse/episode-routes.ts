import type { FastifyInstance } from 'fastify';
import { episodeResourceSchema, freshEpisodePageSchema, freshEpisodesBodySchema, type EpisodeResource } from '../../../src/contract/schemas/browse-schema.ts';
import { episodeManifestPath, variantManifestPath } from '../../http/paths.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { loadContentCards } from '../content-cards.ts';
import { sendCachedAnswer } from './cached-answer.ts';

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

/** The latest released episodes across series, and what plays one episode. */
export function episodeRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.post('/episodes/fresh', {
    schema: {
      summary: 'The latest released episodes of series, newest first, each with its content\'s card',
      description: '`types` keeps the episodes of contents of those types.',
      body: freshEpisodesBodySchema,
      response: { 200: freshEpisodePageSchema },
    },
  }, async (request) => {
    const { page, pageSize, types } = request.body;
    const typeList = types?.length ? [...new Set(types)].sort() : null;
    // Counting reads every released episode: kept in the catalogue cache (a handful of type lists).
    const counted = await deps.browseCache.json(`fresh-total:${typeList?.join(',') ?? '*'}`, async () => {
      const [row] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM episodes e JOIN contents c ON c.id = e.content_id WHERE ${FRESH_WHERE}`,
        [typeList],
      );
      return row?.total ?? 0;
    });
    const rows = await db.query<FreshRow>(
      `SELECT e.id, e.content_id, e.title, e.episode_order, e.poster_path, e.released_at, s.id AS season_id, s.season_order
       FROM episodes e JOIN contents c ON c.id = e.content_id JOIN seasons s ON s.id = e.season_id
       WHERE ${FRESH_WHERE}
       ORDER BY e.released_at DESC NULLS LAST, e.id LIMIT $2 OFFSET $3`,
      [typeList, pageSize, (page - 1) * pageSize],
    );
    const cards = new Map((await loadContentCards(db, [...new Set(rows.map((row) => row.content_id))])).map((card) => [card.id, card]));
    const items = rows.flatMap((row) => {
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
    return { items, total: counted === null ? 0 : Number(JSON.parse(counted.body)), page, pageSize };
  });

  api.get('/episodes/:id/resource', {
    schema: {
      summary: 'What plays an episode: its manifest, voice-over variants with their studios, subtitles, duration',
      params: idParamsSchema,
      response: { 200: episodeResourceSchema },
      errors: [404],
    },
  }, async (request, reply) => {
    const { id } = request.params;
    return sendCachedAnswer(request, reply, deps.browseCache, `episode-resource:${id}`, () => loadEpisodeResource(deps, id), `episode ${id} not found`);
  });
}

async function loadEpisodeResource({ db }: BrowseDeps, id: number): Promise<EpisodeResource | null> {
  const [episode] = await db.query<{
    id: number; content_id: number; title: string; episode_order: number; duration: number;
    season_id: number; season_order: number; has_media: boolean;
  }>(
    `SELECT e.id, e.content_id, e.title, e.episode_order, e.duration, s.id AS season_id, s.season_order,
       EXISTS (SELECT 1 FROM media_sources m WHERE m.episode_id = e.id AND m.variant_id IS NULL) AS has_media
     FROM episodes e JOIN seasons s ON s.id = e.season_id WHERE e.id = $1`,
    [id],
  );
  if (!episode) return null;
  const variants = await db.query<{ id: number; title: string; author_id: number | null; author_slug: string | null; author_title: string | null }>(
    `SELECT v.id, v.title, va.id AS author_id, va.slug AS author_slug, va.title AS author_title
     FROM episode_variants v LEFT JOIN voice_authors va ON va.id = v.voice_author_id
     WHERE v.episode_id = $1 ORDER BY v.variant_order`,
    [id],
  );
  const subtitles = await db.query<{ src: string; label: string; language: string }>(
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
