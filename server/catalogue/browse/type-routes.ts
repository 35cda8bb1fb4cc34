import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cardPageSchema,
  contentTypeSchema,
  filteredListingSchema,
  listingBodySchema,
  pagingBodySchema,
  type ContentTypeInfo,
} from '../../../src/contract/schemas/browse-schema.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { found, sendCachedAnswer } from './cached-answer.ts';
import { CategoryRepository } from './category-repository.ts';
import { ContentTypesRepository } from './content-types-repository.ts';
import { idAndSlugParamsSchema, slugParamsSchema, sortQuerySchema, typeAndSlugParamsSchema } from './browse-requests.ts';
import { ListingRepository } from './listing-repository.ts';
import { sendCachedPostAnswer } from '../post-answer-cache.ts';
import { FILTERS_DESCRIPTION, splitListingBody } from './listing-routes.ts';

/**
 * Content types and their categories' listings: v1 by type id with paging only, v2 by type slug
 * with filters (the query string's sort and order win over the body's), and filter-v2 with the
 * filter panel's counts beside the page.
 */
export function typeRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const categories = new CategoryRepository(db);
  const listings = new ListingRepository(db);
  const types = new ContentTypesRepository(db);
  const typeWhere = async (match: (type: ContentTypeInfo) => boolean, what: string) =>
    found((await types.all()).find(match) ?? null, `content type ${what} not found`);
  const categoryOf = async (type: { id: number } | { slug: string }, slug: string) => {
    const named = 'id' in type ? `${type.id}` : type.slug;
    return found(await categories.bySlug(type, slug), `category ${slug} of content type ${named} not found`);
  };

  api.get('/types', {
    schema: { summary: 'Content types (films, series, cartoons) with their counts', response: { 200: z.array(contentTypeSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, deps.browseCache, 'types', () => types.all()));

  api.get('/types/:id', {
    schema: { summary: 'A content type', params: idParamsSchema, response: { 200: contentTypeSchema }, errors: [404] },
  }, async (request, reply) => {
    const { id } = request.params;
    return sendCachedAnswer(request, reply, deps.browseCache, `type:${id}`, () => typeWhere((type) => type.id === id, `${id}`));
  });

  api.get('/types/by-slug/:slug', {
    schema: { summary: 'A content type by its slug', params: slugParamsSchema, response: { 200: contentTypeSchema }, errors: [404] },
  }, async (request, reply) => {
    const { slug } = request.params;
    return sendCachedAnswer(request, reply, deps.browseCache, `type-slug:${slug}`, () => typeWhere((type) => type.slug === slug, slug));
  });

  api.post('/types/:id/categories/:slug/contents', {
    schema: {
      summary: 'A category\'s contents, paged (v1: the type by id, no filters)',
      params: idAndSlugParamsSchema,
      body: pagingBodySchema,
      response: { 200: cardPageSchema },
      errors: [404],
    },
  }, async (request, reply) => sendCachedPostAnswer(request, reply, deps.listingCache, async () => {
    const { scope } = await categoryOf({ id: request.params.id }, request.params.slug);
    return listings.page(scope, {}, request.body);
  }));

  const v2Schema = {
    params: typeAndSlugParamsSchema,
    querystring: sortQuerySchema,
    body: listingBodySchema,
    description: `${FILTERS_DESCRIPTION} A selection keeps its editor's order unless a sort is given.`,
    errors: [404],
  };

  api.post('/v2/types/:type/categories/:slug/contents', {
    schema: { summary: 'A category\'s contents, filtered and paged', ...v2Schema, response: { 200: cardPageSchema } },
  }, async (request, reply) => sendCachedPostAnswer(request, reply, deps.listingCache, async () => {
    const { scope } = await categoryOf({ slug: request.params.type }, request.params.slug);
    const { paging, filters } = splitListingBody({ ...request.body, ...definedOnly(request.query) });
    return listings.page(scope, filters, paging);
  }));

  api.post('/v2/types/filter-v2/:type/categories/:slug/contents', {
    schema: { summary: 'A category\'s contents, filtered and paged, with the filter panel\'s counts', ...v2Schema, response: { 200: filteredListingSchema } },
  }, async (request, reply) => sendCachedPostAnswer(request, reply, deps.listingCache, async () => {
    const { scope } = await categoryOf({ slug: request.params.type }, request.params.slug);
    const { paging, filters } = splitListingBody({ ...request.body, ...definedOnly(request.query) });
    const [page, facets] = await Promise.all([listings.page(scope, filters, paging), listings.facets(scope, filters)]);
    return { ...page, facets };
  }));
}

/** The query's sort and order where given, so an absent one leaves the body's. */
function definedOnly<Value extends object>(value: Value): Partial<Value> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<Value>;
}
