import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  categoryFiltersSchema,
  categoryFiltersV2Schema,
  categoryNodeSchema,
  categorySchema,
  shelfSchema,
  type Category,
  type CategoryNode,
  type Facets,
} from '../../../src/contract/schemas/browse-schema.ts';
import { LISTING_SORTS } from '../../../src/contract/schemas/catalogue-schema.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { idAndSlugParamsSchema, limitQuery } from './browse-requests.ts';
import { found, sendCachedAnswer } from './cached-answer.ts';
import { CategoryRepository } from './category-repository.ts';
import { ContentTypesRepository } from './content-types-repository.ts';
import { ListingRepository } from './listing-repository.ts';

const SHELF_DEFAULT = 12;
const SHELF_MAX = 24;
const shelfQuerySchema = z.strictObject({ limit: limitQuery(SHELF_DEFAULT, SHELF_MAX) });

/**
 * Categories: one by slug, a type's tree, the home page's shelves ("main mart"), and the filter
 * options inside a category (v1 the values, v2 with their counts).
 */
export function categoryRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, browseCache: cache } = deps;
  const categories = new CategoryRepository(db);
  const listings = new ListingRepository(db);
  const types = new ContentTypesRepository(db);
  const typeExists = (id: number) => types.exists(id);

  api.get('/categories/:slug/content-type/:id', {
    schema: { summary: 'A category of a content type, by its slug', params: idAndSlugParamsSchema, response: { 200: categorySchema }, errors: [404] },
  }, async (request, reply) => {
    const { id, slug } = request.params;
    return sendCachedAnswer(request, reply, cache, `category:${id}:${slug}`, async () => (await categories.bySlug({ id }, slug))?.category ?? null,
      `category ${slug} of content type ${id} not found`);
  });

  api.get('/categories/tree/content-type/:id', {
    schema: { summary: 'A content type\'s categories as a tree, in order', params: idParamsSchema, response: { 200: z.array(categoryNodeSchema) }, errors: [404] },
  }, async (request, reply) => {
    const { id } = request.params;
    return sendCachedAnswer(request, reply, cache, `category-tree:${id}`, async () => ((await typeExists(id)) ? categoryTree(await categories.ofType(id)) : null),
      `content type ${id} not found`);
  });

  const shelvesSchema = {
    querystring: shelfQuerySchema,
    description: `Each shelf's first cards in the category's order (limit ${SHELF_DEFAULT} unless asked, at most ${SHELF_MAX}) and how many it holds.`,
    response: { 200: z.array(shelfSchema) },
  };
  api.get('/categories/main-mart', {
    schema: { summary: 'The home page\'s shelves: categories of every type with their first cards', ...shelvesSchema },
  }, async (request, reply) => {
    const { limit } = request.query;
    return sendCachedAnswer(request, reply, cache, `main-mart:*:${limit}`, async () => listings.shelves(await categories.mainMart(), limit));
  });

  api.get('/categories/main-mart/content-type/:id', {
    schema: { summary: 'A content type\'s page shelves: its categories with their first cards', params: idParamsSchema, ...shelvesSchema, errors: [404] },
  }, async (request, reply) => {
    const { id } = request.params;
    const { limit } = request.query;
    return sendCachedAnswer(request, reply, cache, `main-mart:${id}:${limit}`,
      async () => ((await typeExists(id)) ? listings.shelves(await categories.mainMart(id), limit) : null), `content type ${id} not found`);
  });

  const categoryFacets = async (id: number) => {
    const record = found(await categories.byId(id), `category ${id} not found`);
    return { record, facets: await listings.facets(record.scope, {}) };
  };

  api.get('/categories/filters/:id', {
    schema: { summary: 'What a category\'s contents can be filtered and sorted by', params: idParamsSchema, response: { 200: categoryFiltersSchema }, errors: [404] },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, `category-filters:${request.params.id}`, async () => {
    const { record, facets } = await categoryFacets(request.params.id);
    const withoutCount = <Value extends { count: number }>({ count: _count, ...value }: Value) => value;
    return {
      category: record.category,
      genres: facets.genres.map(withoutCount),
      countries: facets.countries.map(withoutCount),
      languages: facets.languages.map(withoutCount),
      tags: facets.tags.map(withoutCount),
      years: yearRange(facets),
      rating: facets.rating,
      sorts: [...LISTING_SORTS],
    };
  }));

  api.get('/v2/categories/filters/:id', {
    schema: { summary: 'What a category\'s contents can be filtered by, with how many each value holds', params: idParamsSchema, response: { 200: categoryFiltersV2Schema }, errors: [404] },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, `category-filters-v2:${request.params.id}`, async () => {
    const { record, facets } = await categoryFacets(request.params.id);
    return { category: record.category, total: await listings.total(record.scope), facets, years: yearRange(facets), sorts: [...LISTING_SORTS] };
  }));
}

function yearRange(facets: Facets): { min: number; max: number } | null {
  const years = facets.years.map((entry) => entry.year);
  return years.length ? { min: Math.min(...years), max: Math.max(...years) } : null;
}

/** Nests categories under their parents; a child whose parent is of another type stays on top. */
export function categoryTree(list: readonly Category[]): CategoryNode[] {
  const nodes = new Map(list.map((category) => [category.id, { ...category, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
