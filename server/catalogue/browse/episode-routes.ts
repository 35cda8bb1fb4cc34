import type { FastifyInstance } from 'fastify';
import { episodeResourceSchema, freshEpisodePageSchema, freshEpisodesBodySchema } from '../../../src/contract/schemas/browse-schema.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { sendCachedAnswer } from './cached-answer.ts';
import { EpisodesRepository } from './episodes-repository.ts';

/** The latest released episodes across series, and what plays one episode. */
export function episodeRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const episodes = new EpisodesRepository(deps.db);

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
    const counted = await deps.browseCache.json(`fresh-total:${typeList?.join(',') ?? '*'}`, () => episodes.freshTotal(typeList));
    const items = await episodes.freshPage(typeList, { page, pageSize });
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
    return sendCachedAnswer(request, reply, deps.browseCache, `episode-resource:${id}`, () => episodes.resource(id), `episode ${id} not found`);
  });
}
