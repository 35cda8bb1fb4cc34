import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { availabilitySchema, contentSchema, episodeSchema, seasonSchema, type Episode } from '../../src/contract/schemas/schema.ts';
import type { CachedCatalogue } from './cached-catalogue.ts';
import type { CachedJson } from './catalogue-cache.ts';
import { sendCachedJson } from '../http/conditional-json.ts';
import { HttpError } from '../http/http-error.ts';
import { idParamsSchema, idText, singleText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { viewerCountry } from './viewer-country.ts';

export interface CatalogueRoutesOptions {
  catalogue: CachedCatalogue;
  countryHeader: string;
  defaultCountry: string;
  /** The episodes of a content a viewer marked completed (server/viewer). */
  completedEpisodes: (userId: number, contentId: number) => Promise<ReadonlySet<number>>;
}

const episodesQuerySchema = z.object({ 'content-id': idText });
const availabilityQuerySchema = z.object({
  // The page address the player is embedded in; accepted for the record, not used to decide.
  domain: singleText(2048).optional(),
});
/** Found, or not found; a conditional request may also get a 304. */
const errors = [404];

/**
 * Content details, seasons, episodes and availability (SPEC.md section 7, the player load):
 * answered from the catalogue cache, with an ETag and a minute's Cache-Control.
 */
export function catalogueRoutes(app: FastifyInstance, options: CatalogueRoutesOptions): void {
  const { catalogue } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/contents/:id', {
    schema: { summary: 'A film or a series', params: idParamsSchema, response: { 200: contentSchema }, errors },
  }, async (request, reply) => {
    const { id } = request.params;
    return sendCachedJson(request, reply, found(await catalogue.content(id), `content ${id}`));
  });

  api.get('/contents/:id/seasons', {
    schema: { summary: 'The seasons of a series', params: idParamsSchema, response: { 200: z.array(seasonSchema) }, errors },
  }, async (request, reply) => {
    const { id } = request.params;
    return sendCachedJson(request, reply, found(await catalogue.seasons(id), `content ${id}`));
  });

  api.get('/episodes', {
    schema: {
      summary: 'The episodes of a content',
      description: 'With a valid bearer token, isCompleted is that viewer\'s own mark and the answer is private; without one, isCompleted is false (a viewer\'s marks go to that viewer only) and the answer is public and cached.',
      // Anyone; a viewer's token changes the answer.
      security: [{}, { bearerAuth: [] }],
      querystring: episodesQuerySchema,
      response: { 200: z.array(episodeSchema) },
      errors,
    },
  }, async (request, reply) => {
    const id = request.query['content-id'];
    const episodes = found(await catalogue.episodes(id), `content ${id}`);
    // The answer depends on the token: a cache keyed on the address alone must not mix them.
    void reply.header('vary', 'Authorization');
    const viewer = await request.server.sessionGuard.bearerCaller(request);
    if (!viewer) return sendCachedJson(request, reply, episodes);
    // The viewer's marks over the catalogue's episodes; never stored, for this viewer's eyes only.
    const completed = await options.completedEpisodes(viewer.userId, id);
    const own = (JSON.parse(episodes.body) as Episode[]).map((episode) => ({ ...episode, isCompleted: completed.has(episode.id) }));
    return reply.header('cache-control', 'private').send(own);
  });

  api.get('/contents/:id/available', {
    schema: {
      summary: 'Whether the viewer\'s country may watch the content',
      description: `The country is read from the ${options.countryHeader} header set by the edge.`,
      params: idParamsSchema,
      querystring: availabilityQuerySchema,
      response: { 200: availabilitySchema },
      errors,
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const country = viewerCountry(request.headers[options.countryHeader], options.defaultCountry);
    // The answer depends on the edge's country header: a shared cache must key on it.
    void reply.header('vary', options.countryHeader);
    return sendCachedJson(request, reply, found(await catalogue.availability(id, country), `content ${id}`));
  });
}

function found(value: CachedJson | null, what: string): CachedJson {
  if (value === null) throw new HttpError(404, `${what} not found`);
  return value;
}
