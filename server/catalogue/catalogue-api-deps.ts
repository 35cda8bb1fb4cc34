import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { CacheRegistry } from './cache-registry.ts';
import type { CachedCatalogue } from './cached-catalogue.ts';
import type { CatalogueCache } from './catalogue-cache.ts';

/** What each room of /catalog-api is given when the app is built (server/app.ts). */
export interface CatalogueApiDeps {
  db: Database;
  config: ServerConfig;
  /** The player's hot reads (content, seasons, episodes, availability, manifests), cached. */
  catalogue: CachedCatalogue;
  /** The read cache behind `catalogue`; whoever writes the catalogue calls its invalidate(). */
  catalogueCache: CatalogueCache;
  /** Every named cache, for the operator's /caches; each room registers its own. */
  caches: CacheRegistry;
}
