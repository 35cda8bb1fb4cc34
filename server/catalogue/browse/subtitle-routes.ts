import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { subtitleLanguageSchema } from '../../../src/contract/schemas/browse-schema.ts';
import { idText } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { sendCachedAnswer } from './cached-answer.ts';

const subtitlesQuerySchema = z
  .strictObject({ 'content-id': idText.optional(), 'episode-id': idText.optional() })
  .refine((query) => query['content-id'] === undefined || query['episode-id'] === undefined, {
    message: 'give content-id or episode-id, not both',
  });

/**
 * GET /subtitles: the subtitle languages of the catalogue, of one content, or of one episode,
 * each with its label (the one most of its tracks carry) and how many episodes have it.
 */
export function subtitleRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get('/subtitles', {
    schema: {
      summary: 'Subtitle languages, of the catalogue or narrowed to a content or an episode',
      querystring: subtitlesQuerySchema,
      response: { 200: z.array(subtitleLanguageSchema) },
      errors: [404],
      // OpenAPI cannot tie two query values together.
      refusesWellFormed: 'both content-id and episode-id are given (give one)',
    },
  }, async (request, reply) => {
    const contentId = request.query['content-id'] ?? null;
    const episodeId = request.query['episode-id'] ?? null;
    const key = `subtitles:${contentId ?? '*'}:${episodeId ?? '*'}`;
    const notFound = contentId !== null ? `content ${contentId} not found` : `episode ${episodeId} not found`;
    return sendCachedAnswer(request, reply, deps.browseCache, key, async () => {
      if (contentId !== null && (await db.query('SELECT 1 FROM contents WHERE id = $1', [contentId])).length === 0) return null;
      if (episodeId !== null && (await db.query('SELECT 1 FROM episodes WHERE id = $1', [episodeId])).length === 0) return null;
      const rows = await db.query<{ language: string; label: string; episodes_count: number }>(
        `SELECT s.language, mode() WITHIN GROUP (ORDER BY s.label) AS label, count(DISTINCT s.episode_id)::int AS episodes_count
         FROM subtitles s JOIN episodes e ON e.id = s.episode_id
         WHERE ($1::int IS NULL OR e.content_id = $1) AND ($2::int IS NULL OR s.episode_id = $2)
         GROUP BY s.language ORDER BY episodes_count DESC, s.language`,
        [contentId, episodeId],
      );
      return rows.map((row) => ({ language: row.language, label: row.label, episodesCount: row.episodes_count }));
    }, notFound);
  });
}
