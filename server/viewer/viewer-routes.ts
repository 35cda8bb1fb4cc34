import type { FastifyInstance } from 'fastify';
import type { CatalogueApiDeps } from '../catalogue/catalogue-api-deps.ts';
import type { Database } from '../db/database.ts';
import { FavouritesRepository } from './favourites-repository.ts';
import { favouritesRoutes } from './favourites-routes.ts';
import { HistoryRepository } from './history-repository.ts';
import { historyRoutes } from './history-routes.ts';
import { ProgressRepository } from './progress-repository.ts';
import { PlaylistContentsRepository } from './playlist-contents-repository.ts';
import { playlistRoutes } from './playlist-routes.ts';
import { PlaylistsRepository } from './playlists-repository.ts';
import { progressRoutes } from './progress-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { ReviewsRepository } from './reviews-repository.ts';
import { abuseRoutes } from './abuse-routes.ts';

/** What belongs to one logged-in viewer: favourites, history, time progress, completed marks, the last watched episode, reviews and votes, playlists. */
export async function viewerRoutes(api: FastifyInstance, deps: CatalogueApiDeps): Promise<void> {
  progressRoutes(api, new ProgressRepository(deps.db));
  favouritesRoutes(api, new FavouritesRepository(deps.db));
  historyRoutes(api, new HistoryRepository(deps.db));
  reviewRoutes(api, new ReviewsRepository(deps.db));
  const playlists = new PlaylistsRepository(deps.db);
  playlistRoutes(api, playlists, new PlaylistContentsRepository(deps.db, playlists));
  await api.register(abuseRoutes, { db: deps.db, reportsPerMinute: deps.config.abuseRateLimit });
}

/** What GET /episodes asks to answer a viewer's own isCompleted marks (server/catalogue/catalogue-routes.ts). */
export function completedEpisodesReader(db: Database): (userId: number, contentId: number) => Promise<ReadonlySet<number>> {
  const progress = new ProgressRepository(db);
  return (userId, contentId) => progress.completedEpisodeIds(userId, contentId);
}
