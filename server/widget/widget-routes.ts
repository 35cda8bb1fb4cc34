import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CatalogueRepository } from '../catalogue/catalogue-repository.ts';
import type { WidgetAttributes } from '../config.ts';
import { builtEntry, builtFile, serveHashedAssets } from '../http/built-files.ts';
import { CATALOG_API_PREFIX, WIDGET_ASSETS_PREFIX } from '../http/paths.ts';
import { AD_CASES, type AdCase } from '../ads/ad-cases.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { renderEmbedDocument } from './embed-document.ts';
import { BOOT_DATA_BYTES, BOOT_DATA_ENTRIES, BOOT_DATA_TTL_MS, type EmbedBootData } from './embed-boot-data.ts';
import { CompressedDocuments, preferredEncoding } from './compressed-documents.ts';
import { EMBED_VARY, type EmbedVerdict } from '../embed-access/embed-gate.ts';
import { REFUSED_CARD_CSP, renderRefusedCard } from '../embed-access/refused-card.ts';
import { DEMO_PAGE_BASE, HOST_PAGE_CSP, renderHostPage } from './host-page.ts';

export interface WidgetRoutesOptions {
  widgetDir: string;
  /** The demo page's built script and style (dist/demo-page). */
  demoPageDir: string;
  attributes: WidgetAttributes;
  catalogue: CatalogueRepository;
  /** The first load's answers each /embed carries, built once per content and kept a few seconds. */
  bootData: EmbedBootData;
  /** Which host sites may frame the player (server/embed-access); default: any site. */
  embedVerdict?: (request: FastifyRequest) => Promise<EmbedVerdict>;
  /** The edge's country header, which the availability answer in the boot data depends on. */
  countryHeader?: string;
  /** The country the availability answer assumes when the edge sends none. */
  defaultCountry: string;
}

/**
 * Our own scripts only (no third-party script in our origin); media, images and API calls may
 * come from elsewhere (a CDN, another API host). frame-ancestors comes from the operator's
 * allowlist of host sites: `*` while it is empty (embedding is the point), else 'self' and those.
 */
function embedCsp(scriptOrigins: readonly string[], frameAncestors: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptOrigins].join(' '),
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'media-src * data: blob:',
    'connect-src *',
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * `ad_case` picks a demo ad case (server/ads/ad-cases.ts) on the demo page and in the player it
 * frames. Any other value, or a repeated key, is refused with a 400 naming the cases, as the
 * document says: a mistyped case would otherwise play no ad and look like a broken ad server.
 * Empty is "as configured" (the demo page's form sends it). The rest of the query (movie_id…) is
 * the widget's to read.
 */
const adCaseQuerySchema = z.object({
  ad_case: z
    .enum(['', ...Object.keys(AD_CASES)] as ['', ...AdCase[]], { error: `must be one of ${Object.keys(AD_CASES).join(', ')}, or empty` })
    .optional()
    .transform((adCase) => (adCase === '' ? undefined : (adCase as AdCase | undefined))),
});
/** A shared link's season and episode, read by the widget from its own address. */
const episodeLinkParamsSchema = z.strictObject({ season: z.string().max(16), episode: z.string().max(16) });
const HTML = (description: string) => ({ type: 'text/html', description });

/** /embed (the player's iframe document), /demo (the demo host page) and the widget's assets. */
export async function widgetRoutes(app: FastifyInstance, options: WidgetRoutesOptions): Promise<void> {
  const template = builtFile(path.join(options.widgetDir, 'embed.html'), 'The player');
  const demoPageAssets = builtEntry(options.demoPageDir, DEMO_PAGE_BASE, 'The demo page');
  // A configured dash.js build is the only foreign script the widget may run.
  const { dashLibraryUrl, castSenderUrl } = options.attributes;
  // The Cast sender loads more of itself from its own origin: allow that origin, nothing else.
  const scriptOrigins = [dashLibraryUrl, castSenderUrl].filter((url) => url !== undefined).map((url) => new URL(url).origin);
  const verdictOf = options.embedVerdict ?? (async (): Promise<EmbedVerdict> => ({ kind: 'player', frameAncestors: '*' }));
  const compressed = new CompressedDocuments({ ttlMs: BOOT_DATA_TTL_MS, maxEntries: BOOT_DATA_ENTRIES, maxBytes: BOOT_DATA_BYTES });

  const embed = async (request: FastifyRequest<{ Querystring: z.output<typeof adCaseQuerySchema> }>, reply: FastifyReply) => {
    const verdict = await verdictOf(request);
    // The answer depends on the host page that asked (server/embed-access/embed-gate.ts).
    void reply.header('vary', EMBED_VARY);
    if (verdict.kind === 'refused') {
      return reply.status(403).type('text/html; charset=utf-8').header('cache-control', 'no-store')
        .header('content-security-policy', REFUSED_CARD_CSP).send(renderRefusedCard(verdict.origin));
    }
    // The first load's answers go with the document (server/widget/boot-data.ts); without them
    // the frame simply asks, so a failure here costs round trips, never the player.
    const countryHeader = options.countryHeader ?? 'x-viewer-country';
    // The carried availability depends on the viewer's country, as the API's own answer does;
    // the bytes on the client's encodings (lower case: the compression plugin adds no second one).
    void reply.header('vary', `${EMBED_VARY}, ${countryHeader}, accept-encoding`);
    const [built, bootData] = await Promise.all([
      template(),
      // Only the boot data is kept between documents: the verdict above is the host page's own.
      options.bootData.forRequest(request, { apiBaseUrl: options.attributes.apiBaseUrl, countryHeader, defaultCountry: options.defaultCountry }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the embed document goes without boot data');
        return undefined;
      }),
    ]);
    const html = renderEmbedDocument(built.text, { ...options.attributes, adListUrl: demoAdListUrl(options.attributes.adListUrl, request.query.ad_case) }, bootData);
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', embedCsp(scriptOrigins, verdict.frameAncestors))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin');
    // Compressed as the app compresses every answer, but once per distinct document.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compressed.body(html, encoding));
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const embedSchema = {
    summary: 'The player\'s iframe document',
    description: 'Its frame-ancestors follow the allowlist of host sites (/catalog-api/admin/embed-origins); a host page whose Referer names a site not on it gets 403 with a card saying so.',
    querystring: adCaseQuerySchema, produces: HTML('The widget'), errors: [503],
  };
  api.get('/embed', { schema: embedSchema }, embed);
  // A shared link names the episode in its path (SPEC.md section 5); the widget reads it there.
  api.get('/embed/season-:season/episode-:episode', { schema: { ...embedSchema, params: episodeLinkParamsSchema } }, embed);

  api.get('/demo', { schema: { summary: 'The demo host page', querystring: adCaseQuerySchema, produces: HTML('A page embedding the player'), errors: [503] } }, async (request, reply) => {
    const [contents, assets] = await Promise.all([options.catalogue.listContentIds(), demoPageAssets()]);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', HOST_PAGE_CSP)
      .send(renderHostPage(contents, assets, request.query.ad_case));
  });

  app.get('/favicon.ico', { schema: { summary: 'No icon', produces: { status: 204, description: 'No icon, and no body' } } }, async (_request, reply) => reply.status(204).send());

  await serveHashedAssets(app, path.join(options.widgetDir, 'assets'), WIDGET_ASSETS_PREFIX);
  await serveHashedAssets(app, path.join(options.demoPageDir, 'assets'), `${DEMO_PAGE_BASE}assets/`);
}

/**
 * The demo page shows the demo ad cases (server/ads/ad-cases.ts): `ad_case` on /embed picks one,
 * only while the player reads this server's own demo ad list. Anything else is not given: the
 * query never points the player at another ad list.
 */
function demoAdListUrl(configured: string, adCase: AdCase | undefined): string {
  const demoList = `${CATALOG_API_PREFIX}/ad-list.json`;
  if (adCase === undefined || configured.split('?')[0] !== demoList) return configured;
  return `${demoList}?case=${adCase}`;
}
