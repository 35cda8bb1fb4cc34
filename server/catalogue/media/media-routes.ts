import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MEDIA_URL_PREFIX } from '../../http/paths.ts';

/**
 * Content types of the demo media, set explicitly: players decide how to parse by them
 * and a generic MIME table gets some of these wrong (m4s, m3u8).
 */
const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mpd': 'application/dash+xml',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jpg': 'image/jpeg',
};

/** Segments, clips and images never change under the same name; playlists may. */
const IMMUTABLE = new Set(['.ts', '.m4s', '.mp4', '.jpg']);
const LONG_LIVED = 'public, max-age=31536000, immutable';
const SHORT_LIVED = 'public, max-age=60';

/** The demo media under /catalog-api/media/: byte ranges, CORS (from the app), cache headers. */
export async function mediaRoutes(app: FastifyInstance, mediaDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    cacheControl: false,
    acceptRanges: true,
    index: false,
    list: false,
    // Listed in the OpenAPI document like every other route (the plugin hides its routes by default).
    schemaHide: false,
    setHeaders(reply: FastifyReply, filePath: string) {
      const extension = path.extname(filePath).toLowerCase();
      const type = CONTENT_TYPES[extension];
      if (type) void reply.header('content-type', type);
      void reply.header('cache-control', IMMUTABLE.has(extension) ? LONG_LIVED : SHORT_LIVED);
    },
  });
}
