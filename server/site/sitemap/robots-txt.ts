import { SITE_ADMIN_PATH } from '../../../src/contract/site/site-urls.ts';
import { CATALOG_API_PREFIX, WIDGET_ASSETS_PREFIX } from '../../http/paths.ts';
import { SITEMAP_INDEX_PATH } from './sitemap-store.ts';

/**
 * What crawlers may read: the site's pages, the images pages show and the sitemaps; not the
 * operator's pages, the API's calls, accounts, the player frame or the machine-readable docs.
 * Crawlers take the longest matching rule, so the Allow lines inside /catalog-api/ win.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Allow: ${CATALOG_API_PREFIX}/image`,
    `Allow: ${CATALOG_API_PREFIX}/media/posters/`,
    `Allow: ${CATALOG_API_PREFIX}/sitemap`,
    `Disallow: ${SITE_ADMIN_PATH}`,
    `Disallow: ${CATALOG_API_PREFIX}/`,
    'Disallow: /authenticator/',
    'Disallow: /embed',
    `Disallow: ${WIDGET_ASSETS_PREFIX}`,
    'Disallow: /docs',
    'Disallow: /openapi.json',
    '',
    `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`,
    '',
  ].join('\n');
}
