/** The catalogue's public reads the site's pages show, each parsed with its shared schema. */
import { z } from 'zod';
import {
  categorySchema,
  categoryNodeSchema,
  contentTypeSchema,
  filteredListingSchema,
  personContentsSchema,
  promoSlideSchema,
  shelfSchema,
  type ListingBody,
} from '../../contract/schemas/browse-schema.ts';
import { contentCardSchema } from '../../contract/schemas/catalogue-schema.ts';
import { contentSchema, episodeSchema, seasonSchema } from '../../contract/schemas/schema.ts';
import { searchPageSchema } from '../../contract/schemas/search-schema.ts';
import { apiCall, CATALOGUE } from './site-http.ts';

type Signal = AbortSignal | undefined;
const slug = encodeURIComponent;

export const catalogueApi = {
  promo: (signal?: Signal) => apiCall(z.array(promoSlideSchema), 'GET', `${CATALOGUE}/contents/slider-promo`, { signal }),
  mostRelevant: (limit: number, signal?: Signal) => apiCall(z.array(contentCardSchema), 'GET', `${CATALOGUE}/contents/most-relevant?limit=${limit}`, { signal }),
  mainMart: (limit: number, signal?: Signal) => apiCall(z.array(shelfSchema), 'GET', `${CATALOGUE}/categories/main-mart?limit=${limit}`, { signal }),
  types: (signal?: Signal) => apiCall(z.array(contentTypeSchema), 'GET', `${CATALOGUE}/types`, { signal }),
  category: (typeId: number, categorySlug: string, signal?: Signal) =>
    apiCall(categorySchema, 'GET', `${CATALOGUE}/categories/${slug(categorySlug)}/content-type/${typeId}`, { signal }),
  categoryTree: (typeId: number, signal?: Signal) => apiCall(z.array(categoryNodeSchema), 'GET', `${CATALOGUE}/categories/tree/content-type/${typeId}`, { signal }),
  /** A category's page with the filter panel's counts. */
  listing: (typeSlug: string, categorySlug: string, body: ListingBody, signal?: Signal) =>
    apiCall(filteredListingSchema, 'POST', `${CATALOGUE}/v2/types/filter-v2/${slug(typeSlug)}/categories/${slug(categorySlug)}/contents`, { body, signal }),
  search: (query: string, page: number, pageSize: number, signal?: Signal) =>
    apiCall(searchPageSchema, 'POST', `${CATALOGUE}/v2/contents/search`, { body: { query, page, pageSize }, signal }),
  contentBySlug: (contentSlug: string, signal?: Signal) => apiCall(contentSchema, 'GET', `${CATALOGUE}/contents/by-slug/${slug(contentSlug)}`, { signal }),
  seasons: (contentId: number, signal?: Signal) => apiCall(z.array(seasonSchema), 'GET', `${CATALOGUE}/contents/${contentId}/seasons`, { signal }),
  episodes: (contentId: number, signal?: Signal) => apiCall(z.array(episodeSchema), 'GET', `${CATALOGUE}/episodes?content-id=${contentId}`, { signal }),
  person: (id: number, page: number, signal?: Signal) => apiCall(personContentsSchema, 'GET', `${CATALOGUE}/persons/${id}/contents?page=${page}&pageSize=24`, { signal }),
};
