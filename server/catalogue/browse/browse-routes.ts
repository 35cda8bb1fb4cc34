import type { FastifyInstance } from 'fastify';
import type { CatalogueApiDeps } from '../catalogue-api-deps.ts';

/** Browsing the catalogue: contents by id, slug and outside ids, listings with filters and paging, types, categories, genres, countries, languages, tags, people, voice authors, subtitles, the menu, redirects, fresh episodes. */
export async function browseRoutes(api: FastifyInstance, deps: CatalogueApiDeps): Promise<void> {
  void api;
  void deps;
}
