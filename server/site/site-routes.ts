import type { FastifyInstance } from 'fastify';
import type { CatalogueApiDeps } from '../catalogue/catalogue-api-deps.ts';

/** The site's files and the operator's tools: /image, /proxy/{a}/{b}/index.mp4, sitemaps, robots.txt, caches, debug, abuse reports. */
export async function siteRoutes(api: FastifyInstance, deps: CatalogueApiDeps): Promise<void> {
  void api;
  void deps;
}
