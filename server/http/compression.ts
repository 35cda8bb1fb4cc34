import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed body saves less than its headers cost. */
const THRESHOLD_BYTES = 1024;

/**
 * Text the player reads on every load: JSON (catalogue, manifests, ad list), HLS playlists,
 * DASH manifests, WebVTT (subtitles, thumbnails), VAST XML, and HTML pages (the embed document
 * carries its boot data: the catalogue's answers and playlists). Media segments, clips and
 * images are compressed already and are never matched: mime-db calls none of them compressible.
 */
const TEXT_TYPES = /^(application\/(json|xml|dash\+xml|vnd\.apple\.mpegurl|x-mpegurl)|text\/(vtt|xml|html))\s*(;|$)/i;

/** Brotli at quality 4: about gzip's speed with smaller output; the default (11) costs tens of milliseconds per response. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };
/** Which of them, in order of preference when the client likes both as much. */
export const ENCODINGS = ['br', 'gzip'] as const;

/** gzip and brotli for those answers, whichever the client prefers. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // The plugin would also inflate compressed request bodies; no client of ours sends one, and
  // refusing an unknown Content-Encoding with 415 is not a change to make on the way.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    customTypes: TEXT_TYPES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
