import type { FastifyInstance } from 'fastify';
import type { CatalogueApiDeps } from '../catalogue-api-deps.ts';
import { CatalogueCache } from '../catalogue-cache.ts';
import { POST_ANSWER_ENTRIES } from '../post-answer-cache.ts';
import { categoryRoutes } from './category-routes.ts';
import { contentLookupRoutes } from './content-lookup-routes.ts';
import { episodeRoutes } from './episode-routes.ts';
import { listingRoutes } from './listing-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import { siteNavigationRoutes } from './site-navigation-routes.ts';
import { subtitleRoutes } from './subtitle-routes.ts';
import { taxonomyRoutes } from './taxonomy-routes.ts';
import { typeRoutes } from './type-routes.ts';

/** Enough for every type, category, shelf and vocabulary answer and their first pages. */
const BROWSE_CACHE_ENTRIES = 5_000;

/**
 * Browsing the catalogue: contents by id, slug and outside ids, listings with filters and paging,
 * types, categories, genres, countries, languages, tags, people, voice authors, subtitles, the
 * menu, redirects, fresh episodes. The public GET answers are the same for everyone and come from
 * a cache of their own (the player's CatalogueCache kind: a minute at most, only found answers)
 * with an ETag; the POST listings' pages are kept a minute too, by route and request, in a
 * bounded cache of their own.
 */
export async function browseRoutes(api: FastifyInstance, catalogueDeps: CatalogueApiDeps): Promise<void> {
  const browseCache = new CatalogueCache({ maxEntries: BROWSE_CACHE_ENTRIES });
  catalogueDeps.caches.register({
    name: 'browse',
    description: 'the catalogue\'s browsing answers: types, categories, shelves, vocabularies, people, menu, redirects',
    entries: () => browseCache.size,
    clear: () => browseCache.invalidate(),
  });
  const listingCache = new CatalogueCache({ maxEntries: POST_ANSWER_ENTRIES });
  catalogueDeps.caches.register({
    name: 'listings',
    description: 'pages of the filtered listings (POST /contents, /v2/contents and a type\'s category), by request',
    entries: () => listingCache.size,
    clear: () => listingCache.invalidate(),
  });
  const deps = { ...catalogueDeps, browseCache, listingCache };
  contentLookupRoutes(api, deps);
  listingRoutes(api, deps);
  typeRoutes(api, deps);
  categoryRoutes(api, deps);
  taxonomyRoutes(api, deps);
  subtitleRoutes(api, deps);
  peopleRoutes(api, deps);
  episodeRoutes(api, deps);
  siteNavigationRoutes(api, deps);
}
