import type { CachedJson, CatalogueCache } from './catalogue-cache.ts';
import type { CatalogueRepository } from './catalogue-repository.ts';

/**
 * The catalogue reads a player makes on every load, as serialised JSON from the cache: content,
 * seasons, episodes, availability per country, and the master manifests. Null: not found.
 */
export class CachedCatalogue {
  private readonly catalogue: CatalogueRepository;
  private readonly cache: CatalogueCache;

  constructor(catalogue: CatalogueRepository, cache: CatalogueCache) {
    this.catalogue = catalogue;
    this.cache = cache;
  }

  content(id: number): Promise<CachedJson | null> {
    return this.cache.json(`content:${id}`, () => this.catalogue.findContent(id));
  }

  seasons(contentId: number): Promise<CachedJson | null> {
    return this.cache.json(`seasons:${contentId}`, () => this.catalogue.listSeasons(contentId));
  }

  episodes(contentId: number): Promise<CachedJson | null> {
    return this.cache.json(`episodes:${contentId}`, () => this.catalogue.listEpisodes(contentId));
  }

  /** `{ available }` for a viewer in `countryCode`. */
  availability(contentId: number, countryCode: string): Promise<CachedJson | null> {
    return this.cache.json(`available:${contentId}:${countryCode}`, async () => {
      const available = await this.catalogue.isAvailable(contentId, countryCode);
      return available === null ? null : { available };
    });
  }

  episodeManifest(episodeId: number): Promise<CachedJson | null> {
    return this.cache.json(`manifest:episode:${episodeId}`, () => this.catalogue.episodeManifest(episodeId));
  }

  variantManifest(variantId: number): Promise<CachedJson | null> {
    return this.cache.json(`manifest:variant:${variantId}`, () => this.catalogue.variantManifest(variantId));
  }
}
