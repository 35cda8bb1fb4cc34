import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  countriesBodySchema,
  countrySchema,
  genreSchema,
  languageSchema,
  tagSchema,
  tagWithContentsSchema,
  voiceAuthorSchema,
} from '../../../src/contract/schemas/browse-schema.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { pageQuerySchema } from './browse-requests.ts';
import { sendCachedAnswer } from './cached-answer.ts';
import { listContentPage } from './content-listing.ts';

const toCounted = <Row extends { contents_count: number }>({ contents_count, ...rest }: Row) => ({ ...rest, contentsCount: contents_count });

/**
 * The catalogue's vocabularies with how many contents each value has: genres, countries (POST,
 * narrowed by content types), languages, tags (one with its contents), voice authors. Subtitle
 * languages are in subtitle-routes.ts.
 */
export function taxonomyRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, browseCache: cache } = deps;

  api.get('/genres', {
    schema: { summary: 'Genres in the site\'s order, with their counts', response: { 200: z.array(genreSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'genres', async () => (await db.query<{ id: number; slug: string; title: string; contents_count: number }>(
    `SELECT g.id, g.slug, g.title, (SELECT count(*)::int FROM content_genres cg WHERE cg.genre_id = g.id) AS contents_count
     FROM genres g ORDER BY g.position, g.id`,
  )).map(toCounted)));

  api.post('/countries', {
    schema: {
      summary: 'Countries that have contents, most contents first',
      description: 'With `types`, only contents of those types are counted and countries without any are left out.',
      body: countriesBodySchema,
      response: { 200: z.array(countrySchema) },
    },
  }, async (request) => (await db.query<{ slug: string; title: string; contents_count: number }>(
    `SELECT k.slug, k.title, count(*)::int AS contents_count
     FROM countries k JOIN content_countries cc ON cc.slug = k.slug JOIN contents c ON c.id = cc.content_id
     WHERE ($1::text[] IS NULL OR c.content_type = ANY($1::text[]))
     GROUP BY k.slug ORDER BY contents_count DESC, k.slug`,
    [request.body.types?.length ? request.body.types : null],
  )).map(toCounted));

  api.get('/languages', {
    schema: { summary: 'Languages the contents are in, most contents first', response: { 200: z.array(languageSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'languages', async () => (await db.query<{ code: string; title: string; contents_count: number }>(
    `SELECT l.code, l.title, count(*)::int AS contents_count
     FROM languages l JOIN content_languages cl ON cl.code = l.code
     GROUP BY l.code ORDER BY contents_count DESC, l.code`,
  )).map(toCounted)));

  api.get('/tags', {
    schema: { summary: 'Tags by title, with their counts', response: { 200: z.array(tagSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'tags', async () => (await db.query<{ id: number; slug: string; title: string; contents_count: number }>(
    `SELECT t.id, t.slug, t.title, (SELECT count(*)::int FROM content_tags ct WHERE ct.tag_id = t.id) AS contents_count
     FROM tags t ORDER BY t.title, t.id`,
  )).map(toCounted)));

  api.get('/tags/:id', {
    schema: {
      summary: 'A tag and a page of its contents, most popular first',
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: tagWithContentsSchema },
      errors: [404],
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const paging = request.query;
    return sendCachedAnswer(request, reply, cache, `tag:${id}:${paging.page}:${paging.pageSize}`, async () => {
      const [tag] = await db.query<{ id: number; slug: string; title: string }>('SELECT id, slug, title FROM tags WHERE id = $1', [id]);
      if (!tag) return null;
      const contents = await listContentPage(db, (params) => ({
        conditions: [`EXISTS (SELECT 1 FROM content_tags tct WHERE tct.content_id = c.id AND tct.tag_id = ${params.add(id)}::int)`],
      }), {}, paging);
      return { tag: { ...tag, contentsCount: contents.total }, contents };
    }, `tag ${id} not found`);
  });

  api.get('/voice-authors', {
    schema: { summary: 'Dubbing studios by title, with how many contents each voiced', response: { 200: z.array(voiceAuthorSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'voice-authors', async () => (await db.query<{ id: number; slug: string; title: string; contents_count: number }>(
    `SELECT va.id, va.slug, va.title,
       (SELECT count(DISTINCT e.content_id)::int FROM episode_variants v JOIN episodes e ON e.id = v.episode_id
        WHERE v.voice_author_id = va.id) AS contents_count
     FROM voice_authors va ORDER BY va.title, va.id`,
  )).map(toCounted)));
}
