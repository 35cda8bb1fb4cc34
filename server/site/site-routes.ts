import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CatalogueApiDeps } from '../catalogue/catalogue-api-deps.ts';
import type { ServerConfig } from '../config.ts';
import { DiskImageStore, MemoryImageStore, type ImageStore } from './images/image-cache.ts';
import { ImageResizer } from './images/image-resizer.ts';
import { imageRoutes } from './images/image-routes.ts';
import { sitemapRoutes } from './sitemap/sitemap-routes.ts';
import { SitemapStore } from './sitemap/sitemap-store.ts';

/** An in-memory server keeps at most this much of resized images. */
const MEMORY_IMAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** Resizes at once: one per core of a small server; the rest wait in a short line. */
const RESIZE_CONCURRENCY = 2;
const RESIZE_QUEUE = 32;

/**
 * Resized images live beside the embedded database's folder, not inside it: that folder must hold
 * only PostgreSQL's files (PGlite refuses a non-empty folder without PG_VERSION, and its
 * permission pass would walk every image at each start).
 */
function imageStore(config: ServerConfig): ImageStore {
  if (config.dataDir.startsWith('memory://')) return new MemoryImageStore(MEMORY_IMAGE_CACHE_BYTES);
  return new DiskImageStore(path.join(`${path.resolve(config.dataDir)}-cache`, 'images'));
}

/**
 * The origin of the site's absolute URLs (sitemaps, robots.txt): PUBLIC_ORIGIN, else the
 * listener's own address. Never the request's Host header: the files are cached and shared.
 */
export function siteOrigin(config: ServerConfig): string {
  return config.publicOrigin ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
}

/** The site's files: /image (resized posters and stills), sitemaps and robots.txt. */
export async function siteRoutes(api: FastifyInstance, deps: CatalogueApiDeps): Promise<void> {
  const { config, db, caches } = deps;
  const images = imageStore(config);
  const sitemaps = new SitemapStore({ db, origin: siteOrigin(config), urlsPerFile: config.sitemapUrlsPerFile });
  caches.register(images);
  caches.register(sitemaps);

  imageRoutes(api, { mediaDir: config.mediaDir, store: images, resizer: new ImageResizer({ concurrency: RESIZE_CONCURRENCY, maxWaiting: RESIZE_QUEUE }) });
  sitemapRoutes(api, { store: sitemaps, origin: siteOrigin(config) });
}
