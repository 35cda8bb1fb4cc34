/** URL paths the server answers on; the player's defaults use the same ones. */
export const CATALOG_API_PREFIX = '/catalog-api';
export const MEDIA_URL_PREFIX = `${CATALOG_API_PREFIX}/media/`;
/** The same demo media, answered only with ?token=<MEDIA_SIGNED_TOKEN> (signed media, tokenised CDNs). */
export const SIGNED_MEDIA_URL_PREFIX = `${CATALOG_API_PREFIX}/media-signed/`;
export const MANIFEST_URL_PREFIX = `${CATALOG_API_PREFIX}/manifests`;
export const WIDGET_ASSETS_PREFIX = '/assets/';

export function episodeManifestPath(episodeId: number): string {
  return `${MANIFEST_URL_PREFIX}/episodes/${episodeId}.json`;
}

export function variantManifestPath(variantId: number): string {
  return `${MANIFEST_URL_PREFIX}/variants/${variantId}.json`;
}
