import type { FastifyInstance } from 'fastify';
import type { CatalogueApiDeps } from '../catalogue-api-deps.ts';

/** Search: /v2/contents/search and /v2/contents/search-with-filter (Russian full-text search with typo tolerance). */
export async function searchRoutes(api: FastifyInstance, deps: CatalogueApiDeps): Promise<void> {
  void api;
  void deps;
}
