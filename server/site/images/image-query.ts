import { z } from 'zod';
import { IMAGE_FITS, IMAGE_FORMATS, IMAGE_HEIGHTS, IMAGE_WIDTHS, type ImageFormat } from '../../../src/contract/schemas/site-schema.ts';
import { MEDIA_URL_PREFIX } from '../../http/paths.ts';
import { singleText } from '../../http/request-schemas.ts';

/** A relative path of plain names ending in an image extension: no '..', no scheme, no host. */
const IMAGE_PATH = /^[a-z0-9_-]+(\/[a-z0-9_-][a-z0-9_.-]*)*\.(jpe?g|png|webp)$/i;

/** One of the allowed sizes, written as a query value; the document lists them. */
function sizeFrom(allowed: readonly number[], what: string) {
  const values = allowed.map(String) as [string, ...string[]];
  return z
    .enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : `${what} must be one of ${values.join(', ')}`) })
    .transform(Number);
}

/**
 * GET /image's query. `src` is an image under our media root, as 'posters/content-1.jpg' or as
 * the URL the catalogue hands out ('/catalog-api/media/posters/content-1.jpg'); never a remote
 * URL, so the server fetches nothing a stranger names.
 */
export const imageQuerySchema = z.strictObject({
  src: singleText(300)
    .transform((text) => (text.startsWith(MEDIA_URL_PREFIX) ? text.slice(MEDIA_URL_PREFIX.length) : text))
    .refine((text) => IMAGE_PATH.test(text) && !text.split('/').includes('..'), 'must be the path of an image under the media root, e.g. posters/content-1.jpg')
    // The same rule for the document (no flags in JSON Schema; no segment can be "..": none starts with a dot).
    .meta({ pattern: `^(${MEDIA_URL_PREFIX})?[A-Za-z0-9_-]+(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\\.([jJ][pP][eE]?[gG]|[pP][nN][gG]|[wW][eE][bB][pP])$` }),
  w: sizeFrom(IMAGE_WIDTHS, 'the width'),
  h: sizeFrom(IMAGE_HEIGHTS, 'the height').optional(),
  fit: z.enum(IMAGE_FITS, { error: `must be one of ${IMAGE_FITS.join(', ')}` }).default('cover'),
  format: z.enum(IMAGE_FORMATS, { error: `must be one of ${IMAGE_FORMATS.join(', ')}` }).default('auto'),
});
export type ImageQuery = z.infer<typeof imageQuerySchema>;

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** `auto`: the smallest format the client says it takes (Accept), else JPEG, which every client shows. */
export function negotiatedFormat(requested: ImageQuery['format'], accept: string | undefined): ImageFormat {
  if (requested !== 'auto') return requested;
  const accepted = (accept ?? '').toLowerCase();
  if (accepted.includes('image/avif')) return 'avif';
  if (accepted.includes('image/webp')) return 'webp';
  return 'jpeg';
}
