import type { ByteRange, MediaSegment, VariantStream } from '../hls/playlist-types.ts';
import { parsePlaylist } from '../hls/playlist-parser.ts';
import { fetchMedia } from './media-requests.ts';

/** A keyframe inside a segment: where a download can start and still be appended after the init segment. */
export interface Keyframe {
  /** Playlist seconds of the keyframe. */
  time: number;
  /** From the keyframe's fragment to the end of the segment. */
  byteRange: ByteRange;
}

interface Entry {
  uri: string;
  time: number;
  offset: number;
}

/**
 * Keyframe positions from the I-frame playlists (EXT-X-I-FRAME-STREAM-INF, RFC 8216 section
 * 4.3.4.3) of fMP4 levels. Each entry's EXT-X-BYTERANGE points at a fragment (moof) that starts
 * with a keyframe, so a seek into the middle of a segment can fetch from the keyframe at or
 * before the target instead of the whole segment. Each playlist is read on first use (a seek or
 * a prefetch, never before the first frame) and kept.
 */
export class KeyframeIndex {
  private readonly iFrameUris: ReadonlyArray<string | undefined>;
  private readonly read = new Map<string, Promise<Entry[]>>();
  private readonly signal: AbortSignal;

  constructor(levels: readonly VariantStream[], iFrameVariants: readonly VariantStream[], signal: AbortSignal) {
    this.iFrameUris = levels.map((level) => matchIFrameVariant(level, iFrameVariants)?.uri);
    this.signal = signal;
  }

  /** Whether `level` has an I-frame playlist. */
  has(level: number): boolean {
    return this.iFrameUris[level] !== undefined;
  }

  /** Starts reading `level`'s I-frame playlist (a seek hint: the seek that may follow needs it). */
  warm(level: number): void {
    const uri = this.iFrameUris[level];
    if (uri !== undefined) void this.entries(uri).catch(() => undefined);
  }

  /**
   * The keyframe at or before `time` inside `segment` of `level`, when that is not the segment's
   * first byte; undefined when the whole segment is needed or nothing is known (the playlist
   * failed: the whole segment is fetched as before).
   */
  async keyframe(level: number, segment: MediaSegment, time: number): Promise<Keyframe | undefined> {
    const uri = this.iFrameUris[level];
    if (uri === undefined || !segment.init) return undefined;
    const entries = await this.entries(uri).catch(() => [] as Entry[]);
    const start = segment.byteRange?.offset ?? 0;
    const end = segment.byteRange ? start + segment.byteRange.length : Number.POSITIVE_INFINITY;
    let found: Entry | undefined;
    for (const entry of entries) {
      if (entry.uri !== segment.uri || entry.offset < start || entry.offset >= end) continue;
      if (entry.time <= time + 1e-3 && (!found || entry.time >= found.time)) found = entry;
    }
    if (!found || found.offset === start) return undefined;
    // A segment that is a file of its own is asked for to its end (an open-ended range).
    const length = Number.isFinite(end) ? end - found.offset : Number.POSITIVE_INFINITY;
    return { time: found.time, byteRange: { offset: found.offset, length } };
  }

  private entries(uri: string): Promise<Entry[]> {
    let pending = this.read.get(uri);
    if (!pending) {
      pending = readIFramePlaylist(uri, this.signal);
      pending.catch(() => this.read.delete(uri));
      this.read.set(uri, pending);
    }
    return pending;
  }
}

async function readIFramePlaylist(uri: string, signal: AbortSignal): Promise<Entry[]> {
  const { bytes } = await fetchMedia(uri, { kind: 'playlist', signal });
  const parsed = parsePlaylist(new TextDecoder().decode(bytes), uri);
  if (!parsed.ok || parsed.value.kind !== 'media' || !parsed.value.iFramesOnly) return [];
  return parsed.value.segments.flatMap((segment) =>
    segment.byteRange ? [{ uri: segment.uri, time: segment.start, offset: segment.byteRange.offset }] : []);
}

/**
 * The I-frame variant of a level: the one in the same directory, else the one of the same
 * resolution and video codec.
 */
export function matchIFrameVariant(level: VariantStream, iFrameVariants: readonly VariantStream[]): VariantStream | undefined {
  const directory = (uri: string) => uri.slice(0, uri.lastIndexOf('/') + 1);
  const sameDirectory = iFrameVariants.filter((variant) => directory(variant.uri) === directory(level.uri));
  if (sameDirectory.length === 1) return sameDirectory[0];
  const videoCodec = (variant: VariantStream) => variant.codecs.find((codec) => !codec.startsWith('mp4a'));
  return iFrameVariants.find((variant) =>
    variant.resolution !== undefined && level.resolution !== undefined &&
    variant.resolution.width === level.resolution.width && variant.resolution.height === level.resolution.height &&
    (videoCodec(variant) === undefined || videoCodec(level) === undefined || videoCodec(variant) === videoCodec(level)));
}
