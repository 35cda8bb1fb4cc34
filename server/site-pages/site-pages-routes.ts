import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverPatterns } from '../../src/site/router/site-pages.ts';
import { robotsTxt } from '../site/robots-txt.ts';
import { siteCsp } from './site-csp.ts';
import { siteIndex } from './site-index.ts';

/** Where the site's built scripts and styles are served; apart from the widget's /assets/. */
export const SITE_ASSETS_PREFIX = '/site-assets/';

export interface SitePagesOptions {
  /** dist/site: index.html and site-assets/. */
  siteDir: string;
  /** The origin of absolute URLs in robots.txt (PUBLIC_ORIGIN, else the listener's). */
  origin: string;
}

const HTML = { type: 'text/html', description: 'The catalogue site (the app renders the page the address names)' };

/**
 * The catalogue site (src/site): its index.html for every page address the app knows (the
 * sitemaps point at them, so each must open directly), its assets, and /robots.txt at the root.
 */
export async function sitePagesRoutes(app: FastifyInstance, options: SitePagesOptions): Promise<void> {
  const index = siteIndex(path.join(options.siteDir, 'index.html'));
  const csp = siteCsp();
  const page = async (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      // The page is the same for every address; its assets are named by content, so only it revalidates.
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .send(await index());

  for (const url of serverPatterns()) {
    app.get(url, { schema: { summary: `The catalogue site's page ${url}`, produces: HTML, errors: [503] } }, async (_request, reply) => page(reply));
  }

  app.get('/robots.txt', {
    schema: { summary: 'What crawlers may read, and where the sitemap is (the same as /catalog-api/robots.txt)', produces: { type: 'text/plain', description: 'robots.txt' } },
  }, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(options.origin)));

  await app.register(fastifyStatic, {
    root: path.join(options.siteDir, 'site-assets'),
    prefix: SITE_ASSETS_PREFIX,
    decorateReply: false,
    // Asset names carry a content hash, so they can be cached for good.
    maxAge: '365d',
    immutable: true,
    // The build writes a .gz beside each script and style (scripts/vite-precompress.ts).
    preCompressed: true,
    index: false,
    list: false,
    schemaHide: false,
  });
}
