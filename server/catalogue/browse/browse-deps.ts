import type { CatalogueApiDeps } from '../catalogue-api-deps.ts';
import type { CatalogueCache } from '../catalogue-cache.ts';

/**
 * What the browsing routes are given: the room's deps and a cache of their own answers. Kept
 * apart from the player's cache because a listing page is keyed by what the caller asks (page,
 * size, path): a caller walking pages can only push out other browsing answers, never the
 * player's contents and manifests.
 */
export interface BrowseDeps extends CatalogueApiDeps {
  browseCache: CatalogueCache;
  /** The POST listings' pages, by route and request (server/catalogue/post-answer-cache.ts). */
  listingCache: CatalogueCache;
}
