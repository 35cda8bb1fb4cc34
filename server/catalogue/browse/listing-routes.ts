import type { FastifyInstance } from 'fastify';
import { cardPageSchema, listingBodySchema, type ListingBody } from '../../../src/contract/schemas/browse-schema.ts';
import type { ListingFilters, Paging } from '../../../src/contract/schemas/catalogue-schema.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { everyContent } from './content-scope.ts';
import { ListingRepository } from './listing-repository.ts';
import { sendCachedPostAnswer } from '../post-answer-cache.ts';

/** A listing body split into its paging and its filters. */
export function splitListingBody(body: ListingBody): { paging: Paging; filters: ListingFilters } {
  const { page, pageSize, ...filters } = body;
  return { paging: { page, pageSize }, filters };
}

export const FILTERS_DESCRIPTION = 'Several values of one field are alternatives; fields combine; ranges are inclusive. '
  + 'Sort popular (default), rating, year, new or title; ties by id.';

/** The whole catalogue as one filtered listing: POST /contents (v1) and POST /v2/contents. */
export function listingRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const listings = new ListingRepository(deps.db);
  for (const url of ['/contents', '/v2/contents']) {
    api.post(url, {
      schema: {
        summary: `Contents of every type, filtered and paged${url === '/contents' ? ' (v1: the same body and answer as v2)' : ''}`,
        description: FILTERS_DESCRIPTION,
        body: listingBodySchema,
        response: { 200: cardPageSchema },
      },
    }, async (request, reply) => sendCachedPostAnswer(request, reply, deps.listingCache, () => {
      const { paging, filters } = splitListingBody(request.body);
      return listings.page(everyContent, filters, paging);
    }));
  }
}
