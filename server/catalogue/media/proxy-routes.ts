import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { idText } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import { episodeMediaDir, progressiveFile, PROGRESSIVE_DIR } from './progressive-media.ts';

/**
 * SPEC.md section 7's `/proxy/{a}/{b}/index.mp4`: a = the episode id, b = the rendition's height
 * in pixels. The demo offers 360 for every episode with media.
 */
const proxyParamsSchema = z.strictObject({
  episodeId: idText,
  height: z.string().regex(/^\d{1,4}$/, 'must be a height in pixels, e.g. 360').transform(Number),
});

/** The files may be remade (npm run media) under the same name, so a day, not a year. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * GET and HEAD /proxy/{episode}/{height}/index.mp4: the episode as one faststart MP4 for
 * clients that cannot play HLS or DASH (smart TVs, the share preview). Byte ranges (206, 416),
 * ETag and Last-Modified come from @fastify/static (send), as for the rest of the media.
 */
export async function proxyRoutes(app: FastifyInstance, options: { db: Queryable; mediaDir: string }): Promise<void> {
  const root = path.join(options.mediaDir, PROGRESSIVE_DIR);
  // Only for reply.sendFile in this scope; the files are reached through the route below, never by their own path.
  await app.register(fastifyStatic, {
    root, serve: false, acceptRanges: true, cacheControl: false, index: false,
    // Called only when the file is sent (200, 206, 304): a 416 or 404 is not kept by caches.
    setHeaders: (reply: FastifyReply) => void reply.header('cache-control', CACHE_CONTROL),
  });
  app.withTypeProvider<ZodTypeProvider>().get('/proxy/:episodeId/:height/index.mp4', {
    schema: {
      summary: 'An episode as a progressive MP4 (for clients without HLS); byte ranges',
      description: 'a = the episode id, b = the rendition height (360).',
      params: proxyParamsSchema,
      produces: { type: 'video/mp4', description: 'The whole file, or a byte range of it (206)' },
      errors: [404, 416],
    },
  }, async (request, reply) => {
    const { episodeId, height } = request.params;
    const mediaDir = await episodeMediaDir(options.db, episodeId);
    if (mediaDir === undefined) throw new HttpError(404, `episode ${episodeId} not found, or it has no media`);
    const file = await progressiveFile(options.mediaDir, mediaDir, height);
    if (file === undefined) throw new HttpError(404, `episode ${episodeId} has no ${height}p progressive MP4`);
    return reply.type('video/mp4').sendFile(file);
  });
}
