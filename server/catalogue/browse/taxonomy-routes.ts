import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  countriesBodySchema,
  countrySchema,
  genreSchema,
  languageSchema,
  tagSchema,
  tagWithContentsSchema,
  voiceAuthorSchema,
} from '../../../src/contract/schemas/browse-schema.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { pageQuerySchema } from './browse-requests.ts';
import { sendCachedAnswer } from './cached-answer.ts';
import { contentsOfTag } from './content-scope.ts';
import { ListingRepository } from './listing-repository.ts';
import { TaxonomyRepository } from './taxonomy-repository.ts';

/**
 * The catalogue's vocabularies with how many contents each value has: genres, countries (POST,
 * narrowed by content types), languages, tags (one with its contents), voice authors. Subtitle
 * languages are in subtitle-routes.ts.
 */
export function taxonomyRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, browseCache: cache } = deps;
  const taxonomy = new TaxonomyRepository(db);
  const listings = new ListingRepository(db);

  api.get('/genres', {
    schema: { summary: 'Genres in the site\'s order, with their counts', response: { 200: z.array(genreSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'genres', () => taxonomy.genres()));

  api.post('/countries', {
    schema: {
      summary: 'Countries that have contents, most contents first',
      description: 'With `types`, only contents of those types are counted and countries without any are left out.',
      body: countriesBodySchema,
      response: { 200: z.array(countrySchema) },
    },
  }, async (request) => taxonomy.countries(request.body.types ?? null));

  api.get('/languages', {
    schema: { summary: 'Languages the contents are in, most contents first', response: { 200: z.array(languageSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'languages', () => taxonomy.languages()));

  api.get('/tags', {
    schema: { summary: 'Tags by title, with their counts', response: { 200: z.array(tagSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'tags', () => taxonomy.tags()));

  api.get('/tags/:id', {
    schema: {
      summary: 'A tag and a page of its contents, most popular first',
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: tagWithContentsSchema },
      errors: [404],
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const paging = request.query;
    return sendCachedAnswer(request, reply, cache, `tag:${id}:${paging.page}:${paging.pageSize}`, async () => {
      const tag = await taxonomy.tag(id);
      if (!tag) return null;
      const contents = await listings.page(contentsOfTag(id), {}, paging);
      return { tag: { ...tag, contentsCount: contents.total }, contents };
    }, `tag ${id} not found`);
  });

  api.get('/voice-authors', {
    schema: { summary: 'Dubbing studios by title, with how many contents each voiced', response: { 200: z.array(voiceAuthorSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'voice-authors', () => taxonomy.voiceAuthors()));
}
