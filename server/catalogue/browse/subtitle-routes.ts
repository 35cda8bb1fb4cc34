import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { subtitleLanguageSchema } from '../../../src/contract/schemas/browse-schema.ts';
import { idText } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { sendCachedAnswer } from './cached-answer.ts';
import { TaxonomyRepository } from './taxonomy-repository.ts';

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
  const taxonomy = new TaxonomyRepository(deps.db);

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
    return sendCachedAnswer(request, reply, deps.browseCache, key, () => taxonomy.subtitleLanguages(contentId, episodeId), notFound);
  });
}
