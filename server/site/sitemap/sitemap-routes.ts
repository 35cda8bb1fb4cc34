import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sitemapMetaSchema } from '../../../src/contract/schemas/site-schema.ts';
import { HttpError } from '../../http/http-error.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import { adminOnly } from '../../auth/admin-only.ts';
import { robotsTxt } from './robots-txt.ts';
import type { SitemapStore } from './sitemap-store.ts';

/** sitemap{n}.xml counts from 1; leading zeros would give one file two names. */
const sitemapFileParamsSchema = z.strictObject({
  n: z.string().regex(/^[1-9]\d{0,5}$/, 'must be a file number from 1, as listed in sitemap.xml').transform(Number),
});

const XML = { type: 'application/xml', description: 'A sitemaps.org document' };
/** Crawlers come back often enough; an hour keeps a burst of them off the database. */
const CACHE_CONTROL = 'public, max-age=3600';

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml);
}

/**
 * GET /sitemap.xml, /sitemap{n}.xml and /robots.txt for the catalogue site (SPEC.md section 7),
 * and the operator's GET /debug/meta/sitemap.xml and /debug/generate-sitemap-xml.
 */
export function sitemapRoutes(app: FastifyInstance, options: { store: SitemapStore; origin: string }): void {
  const { store } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = adminOnly(app);

  api.get('/sitemap.xml', {
    schema: { summary: 'The sitemap index: one entry per sitemap{n}.xml', produces: XML },
  }, async (_request, reply) => sendXml(reply, (await store.read()).index));

  api.get('/sitemap:n.xml', {
    schema: { summary: 'One sitemap file: the site\'s pages as absolute URLs with lastmod', params: sitemapFileParamsSchema, produces: XML, errors: [404] },
  }, async (request, reply) => {
    const { files } = await store.read();
    const file = files[request.params.n - 1];
    if (!file) throw new HttpError(404, `there are ${files.length} sitemap files; sitemap${request.params.n}.xml is not one of them`);
    return sendXml(reply, file.xml);
  });

  api.get('/robots.txt', {
    schema: { summary: 'What crawlers may read, and where the sitemap is', produces: { type: 'text/plain', description: 'robots.txt' } },
  }, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(options.origin)));

  api.get('/debug/meta/sitemap.xml', {
    ...admin.options,
    schema: { summary: 'The sitemap files now: when built, URLs and bytes of each', ...admin.docs, querystring: admin.noQuery, response: { 200: sitemapMetaSchema }, errors: [401, 403] },
  }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return store.meta(await store.read());
  });

  api.get('/debug/generate-sitemap-xml', {
    ...admin.options,
    schema: { summary: 'Rebuild the sitemap files now; answers what was built', ...admin.docs, querystring: admin.noQuery, response: { 200: sitemapMetaSchema }, errors: [401, 403] },
  }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return store.meta(await store.regenerate());
  });
}
