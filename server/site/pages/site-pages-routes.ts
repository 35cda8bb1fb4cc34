import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverPatterns } from '../../../src/contract/site/site-pages.ts';
import { builtFile, serveHashedAssets } from '../../http/built-files.ts';
import type { MethodsAt } from '../../http/allowed-methods.ts';
import { HttpError, methodNotAllowed } from '../../http/http-error.ts';
import { robotsTxt } from '../sitemap/robots-txt.ts';
import { siteCsp } from './site-csp.ts';

/** Where the site's built scripts and styles are served; apart from the widget's /assets/. */
export const SITE_ASSETS_PREFIX = '/site-assets/';

export interface SitePagesOptions {
  /** dist/site: index.html and site-assets/. */
  siteDir: string;
  /** The origin of absolute URLs in robots.txt (PUBLIC_ORIGIN, else the listener's). */
  origin: string;
  /** The methods the server has at an address: a GET at a POST-only address is a 405, not this page. */
  methodsAt?: MethodsAt;
}

/** Addresses of the server's other rooms: an unknown one there is theirs to answer, as JSON. */
const OTHER_ROOMS = ['/catalog-api/', '/authenticator/', '/admin', '/embed', '/assets/', '/demo-page/', SITE_ASSETS_PREFIX, '/docs', '/openapi'];

const HTML = { type: 'text/html', description: 'The catalogue site (the app renders the page the address names)' };

/**
 * The catalogue site (src/site): its index.html for every page address the app knows (the
 * sitemaps point at them, so each must open directly), its assets, and /robots.txt at the root.
 */
export async function sitePagesRoutes(app: FastifyInstance, options: SitePagesOptions): Promise<void> {
  const index = builtFile(path.join(options.siteDir, 'index.html'), 'The catalogue site');
  const csp = siteCsp();
  const page = async (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      // The page is the same for every address; its assets are named by content, so only it revalidates.
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .send((await index()).text);

  for (const url of serverPatterns()) {
    app.get(url, { schema: { summary: `The catalogue site's page ${url}`, produces: HTML, errors: [503] } }, async (_request, reply) => page(reply));
  }

  // Any other address a browser opens gets the app with a 404, so the viewer reads the site's own
  // «Страница не найдена»; the API's rooms, and clients that do not ask for HTML, keep the JSON 404.
  app.get('/*', { schema: { summary: 'Any other address: the site\'s not-found page for a browser, else the JSON 404', produces: HTML, pages: { 404: { type: 'text/html', description: 'The site\'s not-found page, for a browser' } }, errors: [404, 405] } }, async (request, reply) => {
    const refusal = options.methodsAt && methodNotAllowed(options.methodsAt, request);
    if (refusal) {
      void reply.header('allow', refusal.allow);
      throw new HttpError(405, refusal.message);
    }
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.headers.accept ?? '').includes('text/html') && !OTHER_ROOMS.some((prefix) => path.startsWith(prefix));
    if (!wantsPage) throw new HttpError(404, `Nothing at ${request.method} ${path}`);
    return page(reply.status(404));
  });

  app.get('/robots.txt', {
    schema: { summary: 'What crawlers may read, and where the sitemap is (the same as /catalog-api/robots.txt)', produces: { type: 'text/plain', description: 'robots.txt' } },
  }, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(options.origin)));

  await serveHashedAssets(app, path.join(options.siteDir, 'site-assets'), SITE_ASSETS_PREFIX);
}
