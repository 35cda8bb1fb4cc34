import type { ByteRange } from '../hls/playlist-types.ts';
import { fetchMedia } from './media-requests.ts';

/**
 * Each rendition's init segment, read once. One still on its way for a download since dropped is
 * asked for again (its request went down with that download); one already read is kept, so a
 * seek appends it again, when it must, without a request.
 */
export class InitSegmentCache {
  private readonly entries = new Map<string, { bytes: Promise<Uint8Array>; signal: AbortSignal; read: boolean }>();

  bytes(uri: string, byteRange: ByteRange | undefined, signal: AbortSignal): Promise<Uint8Array> {
    const key = `${uri}#${byteRange?.offset ?? ''}`;
    const cached = this.entries.get(key);
    if (cached && (cached.read || !cached.signal.aborted)) return cached.bytes;
    const bytes = fetchMedia(uri, { kind: 'init', signal, byteRange }).then((download) => download.bytes);
    const entry = { bytes, signal, read: false };
    bytes.then(
      () => {
        entry.read = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.entries.set(key, entry);
    return bytes;
  }
}
