import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../../http/http-error.ts';
import { MEDIA_URL_PREFIX, SIGNED_MEDIA_URL_PREFIX } from '../../http/paths.ts';

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

/**
 * The demo media under /catalog-api/media/: byte ranges, CORS (from the app), cache headers. With
 * a signing token, the same files under /catalog-api/media-signed/ too, each answered only to a
 * request carrying ?token=<it> (403 otherwise), as a tokenised CDN answers: what a host's request
 * filters (src/contract/net/request-filter-rules.ts) are tried against.
 */
export async function mediaRoutes(app: FastifyInstance, mediaDir: string, signedToken?: string): Promise<void> {
  await app.register(fastifyStatic, mediaFiles(mediaDir, MEDIA_URL_PREFIX, false));
  if (signedToken === undefined) return;
  await app.register(async (signed) => {
    signed.addHook('onRequest', async (request) => {
      const token = new URL(request.url, 'http://media.invalid').searchParams.get('token');
      if (token !== signedToken) throw new HttpError(403, 'this media needs a valid token');
    });
    await signed.register(fastifyStatic, mediaFiles(mediaDir, SIGNED_MEDIA_URL_PREFIX, true));
  });
}

/** The static files plugin's options for one prefix; a signed answer is for its viewer only. */
function mediaFiles(mediaDir: string, prefix: string, signed: boolean): FastifyStaticOptions {
  return {
    root: mediaDir,
    prefix,
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
      // A signed answer never goes to a shared cache: the next viewer must show a token of their own.
      const lifetime = IMMUTABLE.has(extension) ? LONG_LIVED : SHORT_LIVED;
      void reply.header('cache-control', signed ? lifetime.replace('public', 'private') : lifetime);
    },
  };
}
