import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/http-error.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { ImageStore } from './image-cache.ts';
import { IMAGE_CONTENT_TYPES, imageQuerySchema, negotiatedFormat } from './image-query.ts';
import type { ImageResizer, ResizeRequest } from './image-resizer.ts';

/** The address names the source (with its modification time in the ETag) and every parameter. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ImageRouteOptions {
  mediaDir: string;
  store: ImageStore;
  resizer: ImageResizer;
}

/** The source file under the media root and its identity, or a 404. */
async function sourceOf(mediaDir: string, src: string): Promise<{ file: string; version: string }> {
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, src);
  // The query schema already refuses '..'; this holds even if that pattern is ever loosened.
  if (!file.startsWith(root + path.sep)) throw new HttpError(400, 'invalid query: src: must be under the media root');
  try {
    const info = await stat(file);
    if (info.isFile()) return { file, version: `${info.size}-${info.mtimeMs}` };
  } catch {
    // Answered below: a missing source is the client's mistake, not ours.
  }
  throw new HttpError(404, `no image at ${src}`);
}

/**
 * GET /image (SPEC.md section 7): an image of our media resized to one of the allowed sizes,
 * in the asked or negotiated format, made once and then served from the 'images' cache.
 */
export function imageRoutes(app: FastifyInstance, options: ImageRouteOptions): void {
  const { store, resizer } = options;
  /** Identical requests that miss the cache at the same time share one resize. */
  const inFlight = new Map<string, Promise<Buffer>>();

  /** The stored image, else a new one, stored for next time (a full disk costs the cache, not the answer). */
  const imageFor = async (key: string, job: ResizeRequest): Promise<Buffer> => {
    const stored = await store.get(key);
    if (stored) return stored;
    let making = inFlight.get(key);
    if (!making) {
      making = resizer.resize(job).then(async (made) => {
        await store.set(key, made).catch((error: unknown) => app.log.warn({ err: error }, 'image cache: could not keep a resized image'));
        return made;
      }).finally(() => inFlight.delete(key));
      inFlight.set(key, making);
    }
    return making;
  };

  app.withTypeProvider<ZodTypeProvider>().get('/image', {
    schema: {
      summary: 'A catalogue image, resized (widths and heights from a fixed list) and converted',
      querystring: imageQuerySchema,
      produces: { type: 'image/*', description: 'The resized image: AVIF, WebP or JPEG' },
      errors: [404, 422, 503],
    },
  }, async (request, reply) => {
    const { src, w, h, fit, format: requested } = request.query;
    const format = negotiatedFormat(requested, request.headers.accept);
    const source = await sourceOf(options.mediaDir, src);
    const key = createHash('sha256').update(JSON.stringify([src, source.version, w, h ?? null, fit, format])).digest('hex').slice(0, 40);
    const etag = `"${key}"`;
    // Only on a 200 or 304: a 503 under load must not be kept by a CDN for a year.
    const cacheHeaders = { 'cache-control': CACHE_CONTROL, etag, ...(requested === 'auto' ? { vary: 'Accept' } : {}) };
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.status(304).headers(cacheHeaders).send();
    }
    const bytes = await imageFor(key, { file: source.file, width: w, height: h, fit, format });
    return reply.headers(cacheHeaders).type(IMAGE_CONTENT_TYPES[format]).send(bytes);
  });
}
