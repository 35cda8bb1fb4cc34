import type { MediaSourceDescriptor } from './types.ts';

/** The source type from the URL's path (SPEC.md section 4): m3u8 is HLS, mpd is DASH. */
export function sourceTypeOf(url: string): MediaSourceDescriptor['type'] {
  const path = new URL(url, 'http://x/').pathname.toLowerCase();
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.mpd')) return 'dash';
  return 'progressive';
}
