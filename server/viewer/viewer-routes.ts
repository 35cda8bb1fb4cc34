import type { FastifyInstance } from 'fastify';
import type { CatalogueApiDeps } from '../catalogue/catalogue-api-deps.ts';

/** What belongs to one logged-in viewer: favourites, history, time progress, completed marks, the last watched episode, reviews and votes, playlists. */
export async function viewerRoutes(api: FastifyInstance, deps: CatalogueApiDeps): Promise<void> {
  void api;
  void deps;
}
