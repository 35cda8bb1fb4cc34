import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CacheRegistry } from '../catalogue/cache-registry.ts';
import type { Database } from '../db/database.ts';
import { EmbedAccessCache } from './embed-access-cache.ts';
import { embedAccessRoutes } from './embed-access-routes.ts';
import { embedVerdict, type EmbedVerdict } from './embed-gate.ts';
import { EmbedOriginsRepository } from './embed-origins-repository.ts';
import { httpOrigin } from './origin-text.ts';

export interface EmbedAccessRoom {
  /** The admin routes, registered under /catalog-api. */
  routes(api: FastifyInstance): void;
  /** What one /embed request gets: the player with its frame-ancestors, or the refusal card. */
  verdict(request: FastifyRequest): Promise<EmbedVerdict>;
}

export interface EmbedAccessRoomOptions {
  db: Database;
  caches: CacheRegistry;
  adminToken: string | undefined;
  /** PUBLIC_ORIGIN: the server's own origin besides the one a request came in on. */
  publicOrigin: string | undefined;
}

/** Which host sites may frame the player: the allowlist, its brief cache (in /caches), its routes. */
export function embedAccessRoom(options: EmbedAccessRoomOptions): EmbedAccessRoom {
  const origins = new EmbedOriginsRepository(options.db);
  const cache = new EmbedAccessCache(origins);
  options.caches.register(cache);
  const publicOrigin = httpOrigin(options.publicOrigin);
  return {
    // Through the registry, so a change reaches every process's cached sets at once.
    routes: (api) => embedAccessRoutes(api, { origins, cache: { clear: () => void options.caches.clear(cache.name) }, adminToken: options.adminToken }),
    verdict: (request) => embedVerdict(request, cache, publicOrigin),
  };
}
