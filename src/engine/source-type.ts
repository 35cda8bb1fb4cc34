import { createRequestEngine } from '../contract/net/request-engine.ts';
import type { SourceType } from './types.ts';

const PROGRESSIVE_EXTENSIONS = ['.mp4', '.m4v', '.webm', '.mov', '.ogv', '.mp3', '.m4a'];

/**
 * The source type from the URL alone (SPEC.md section 4): m3u8 → HLS, mpd → DASH, blob, YouTube,
 * Vimeo, and the common progressive extensions; undefined when the URL does not say.
 */
export function sourceTypeOf(url: string): SourceType | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid/');
  } catch {
    return undefined;
  }
  if (parsed.protocol === 'blob:') return 'blob';
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') return 'youtube';
  if (host === 'vimeo.com' || host === 'player.vimeo.com') return 'vimeo';
  const path = parsed.pathname.toLowerCase();
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.mpd')) return 'dash';
  if (PROGRESSIVE_EXTENSIONS.some((extension) => path.endsWith(extension))) return 'progressive';
  return undefined;
}

/** The source type a Content-Type header names; undefined when it names none we know. */
export function sourceTypeOfContentType(contentType: string | null): SourceType | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl', 'audio/x-mpegurl'].includes(type)) return 'hls';
  if (type === 'application/dash+xml') return 'dash';
  if (type.startsWith('video/') || type.startsWith('audio/')) return 'progressive';
  return undefined;
}

/**
 * The URL's type, else the Content-Type of a HEAD request (SPEC.md section 4). When neither
 * says, the source is handed to the browser as a progressive file: it is the only engine that
 * can still recognise it, and its error is the one the viewer should see.
 */
export async function detectSourceType(url: string, fetchImpl: typeof fetch = fetch, signal?: AbortSignal): Promise<SourceType> {
  const fromUrl = sourceTypeOf(url);
  if (fromUrl) return fromUrl;
  try {
    const probe = await createRequestEngine({ fetchImpl }).request(url, { kind: 'media-probe', method: 'HEAD', signal: signal ?? new AbortController().signal });
    return sourceTypeOfContentType(probe.headers.get('content-type')) ?? 'progressive';
  } catch (error) {
    if (signal?.aborted) throw error;
    return 'progressive';
  }
}
