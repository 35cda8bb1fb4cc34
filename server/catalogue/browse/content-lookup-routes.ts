import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { promoSlideSchema } from '../../../src/contract/schemas/browse-schema.ts';
import { CONTENT_TYPE_SLUGS, contentCardSchema } from '../../../src/contract/schemas/catalogue-schema.ts';
import { contentSchema } from '../../../src/contract/schemas/schema.ts';
import { sendCachedJson } from '../../http/conditional-json.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { imdbParamsSchema, limitQuery, slugParamsSchema } from './browse-requests.ts';
import { found, sendCachedAnswer } from './cached-answer.ts';
import { ContentLookupRepository, type ContentKey } from './content-lookup-repository.ts';

const MOST_RELEVANT_DEFAULT = 12;
const MOST_RELEVANT_MAX = 50;
const mostRelevantQuerySchema = z.strictObject({
  type: z.enum(CONTENT_TYPE_SLUGS).optional(),
  limit: limitQuery(MOST_RELEVANT_DEFAULT, MOST_RELEVANT_MAX),
});

/**
 * A content found by its slug or an outside id (the same details as GET /contents/{id}), the
 * home page's promo slider and the most relevant contents.
 */
export function contentLookupRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const contents = new ContentLookupRepository(deps.db);

  /** The details of the content `column` names, from the player's cache. */
  const detailsBy = async (column: ContentKey, value: string | number, what: string) => {
    // Which id a slug or an outside id names is kept with the browsing answers (found ones only),
    // so a content page by slug costs no query once it was asked for.
    const idOf = await deps.browseCache.json(`content-id:${column}:${value}`, () => contents.idBy(column, value));
    const id = idOf ? (JSON.parse(idOf.body) as number) : null;
    return found(id === null ? null : await deps.catalogue.content(id), `${what} not found`);
  };

  api.get('/contents/by-slug/:slug', {
    schema: { summary: 'A film or a series by its slug', params: slugParamsSchema, response: { 200: contentSchema }, errors: [404] },
  }, async (request, reply) => sendCachedJson(request, reply, await detailsBy('slug', request.params.slug, `content ${request.params.slug}`)));

  api.get('/contents/by-imdb-id/:id', {
    schema: { summary: 'A film or a series by its IMDb id', params: imdbParamsSchema, response: { 200: contentSchema }, errors: [404] },
  }, async (request, reply) => sendCachedJson(request, reply, await detailsBy('imdb_id', request.params.id, `content with IMDb id ${request.params.id}`)));

  api.get('/kinopoisk/contents/:id', {
    schema: { summary: 'A film or a series by its Kinopoisk id', params: idParamsSchema, response: { 200: contentSchema }, errors: [404] },
  }, async (request, reply) => sendCachedJson(request, reply, await detailsBy('kinopoisk_id', request.params.id, `content with Kinopoisk id ${request.params.id}`)));

  api.get('/contents/slider-promo', {
    schema: { summary: 'The home page\'s promo slider, in order', response: { 200: z.array(promoSlideSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, deps.browseCache, 'slider-promo', () => contents.promoSlides()));

  api.get('/contents/most-relevant', {
    schema: {
      summary: 'The most watched contents of late, of one type or of all',
      description: `Ordered by popularity (ties by id); limit ${MOST_RELEVANT_DEFAULT} unless asked, at most ${MOST_RELEVANT_MAX}.`,
      querystring: mostRelevantQuerySchema,
      response: { 200: z.array(contentCardSchema) },
    },
  }, async (request, reply) => {
    const { type, limit } = request.query;
    return sendCachedAnswer(request, reply, deps.browseCache, `most-relevant:${type ?? '*'}:${limit}`, () => contents.mostRelevant(type ?? null, limit));
  });
}
