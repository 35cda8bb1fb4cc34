import { fail, ok } from '../shared/result.ts';
import type { Result } from '../shared/result.ts';
import { isThumbnailJson, parseThumbnailJson } from './thumbnail-json.ts';
import type { ThumbnailCue } from './thumbnail-types.ts';
import { hasVttSignature, parseThumbnailVtt } from './thumbnail-vtt.ts';

export { parseThumbnailJson } from './thumbnail-json.ts';
export { parseThumbnailVtt } from './thumbnail-vtt.ts';

type Format = 'json' | 'vtt';

/** The error code of thumbnail parse failures: SPEC.md section 8, 4 'Failed to load resource.' */
export const THUMBNAILS_ERROR_CODE = 4;

/**
 * Parses a thumbnails file (SPEC.md section 3: JSON list, JSON sprite, or WebVTT). `url` is the
 * file's absolute URL, the base for relative image URLs; `duration` ends the last JSON cue.
 *
 * The body decides when it starts (after whitespace) with `WEBVTT`, `[` or `{`, because servers
 * often label these files text/plain or application/octet-stream; otherwise the content type,
 * then the URL's extension, only pick the error message. Never throws.
 */
export function parseThumbnails(
  text: string,
  contentType: string | null,
  url: string,
  duration?: number,
): Result<ThumbnailCue[]> {
  const format = sniffFormat(text);
  if (format === 'vtt') return ok(parseThumbnailVtt(text, url));
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      return parseError(`Invalid thumbnail JSON: ${error instanceof Error ? error.message : String(error)}`, url);
    }
    if (!isThumbnailJson(data)) return parseError('Thumbnail JSON is neither a list nor a sprite object', url);
    return ok(parseThumbnailJson(data, url, duration));
  }
  const declared = declaredFormat(contentType, url);
  if (declared === 'json') return parseError('Invalid thumbnail JSON: it does not start with [ or {', url);
  if (declared === 'vtt') return parseError('Invalid thumbnail WebVTT: the WEBVTT signature is missing', url);
  return parseError('Thumbnails file is neither JSON nor WebVTT', url);
}

function sniffFormat(text: string): Format | undefined {
  if (hasVttSignature(text)) return 'vtt';
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '[' || first === '{' ? 'json' : undefined;
}

function declaredFormat(contentType: string | null, url: string): Format | undefined {
  const mime = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (mime === 'text/vtt') return 'vtt';
  if (mime === 'application/json' || mime === 'text/json' || mime.endsWith('+json')) return 'json';
  const path = urlPath(url).toLowerCase();
  if (path.endsWith('.vtt') || path.endsWith('.webvtt')) return 'vtt';
  return path.endsWith('.json') ? 'json' : undefined;
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
}

function parseError(message: string, url: string): Result<never> {
  return fail({ category: 'thumbnails', code: THUMBNAILS_ERROR_CODE, severity: 'recoverable', message, detail: { url } });
}
