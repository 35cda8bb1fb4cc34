/**
 * The media-playlist half of the one-pass parser (RFC 8216 section 4.3.2–4.3.3): it receives the
 * tags and URI lines in order and builds segments. Tags that describe the next segment wait in
 * `pending` until its URI line; EXT-X-KEY and EXT-X-MAP hold until replaced.
 */
import { decimalFloat, decimalInteger, parseAttributeList, signedInteger } from './attribute-list.ts';
import type { ByteRange, InitSegment, KeyInfo, MediaPlaylist, MediaSegment } from './playlist-types.ts';
import type { UriResolver } from './tag-values.ts';
import { readByteRange, readCommonTag, readDateTime, readExtinf, readKey } from './tag-values.ts';

interface PendingSegment {
  duration?: number;
  title?: string;
  range?: { length: number; offset?: number };
  programDateTime?: number;
  discontinuity: boolean;
  gap: boolean;
}

const LOW_LATENCY_TAGS = new Set([
  'EXT-X-PART', 'EXT-X-PART-INF', 'EXT-X-SERVER-CONTROL', 'EXT-X-PRELOAD-HINT', 'EXT-X-RENDITION-REPORT', 'EXT-X-SKIP',
]);

export class MediaPlaylistReader {
  private readonly uris: UriResolver;
  private readonly playlist: MediaPlaylist;
  private pending: PendingSegment = { discontinuity: false, gap: false };
  private key: KeyInfo | undefined;
  private init: InitSegment | undefined;
  private time = 0;
  private skipped = 0;
  private discontinuities = 0;
  /** Where the last byte range of each resource ended, for EXT-X-BYTERANGE without an offset. */
  private readonly rangeEnds = new Map<string, number>();
  private previousRangeEnd: number | undefined;
  private firstDated = -1;
  /** Set when the URI of a segment cannot be resolved; the parser turns it into an error. */
  badUri: string | undefined;

  constructor(uris: UriResolver) {
    this.uris = uris;
    this.playlist = {
      kind: 'media', mediaSequence: 0, discontinuitySequence: 0, endList: false, iFramesOnly: false,
      independentSegments: false, segments: [], totalDuration: 0, hasProgramDateTime: false,
      hasDiscontinuity: false, encrypted: false, lowLatency: false, usesVariables: false,
    };
  }

  /** One tag line: `name` without the leading '#', `value` after the first ':' ('' when none). */
  tag(name: string, value: string): void {
    const playlist = this.playlist;
    if (readCommonTag(name, value, playlist)) return;
    switch (name) {
      case 'EXTINF': {
        const { duration, title } = readExtinf(value);
        this.pending.duration = duration;
        this.pending.title = title;
        return;
      }
      case 'EXT-X-BYTERANGE':
        this.pending.range = readByteRange(value);
        return;
      case 'EXT-X-DISCONTINUITY':
        this.pending.discontinuity = true;
        playlist.hasDiscontinuity = true;
        // RFC 8216 section 4.3.3.3: the first listed segment carries EXT-X-DISCONTINUITY-SEQUENCE itself.
        if (playlist.segments.length > 0 || this.skipped > 0) this.discontinuities += 1;
        return;
      case 'EXT-X-PROGRAM-DATE-TIME': {
        const time = readDateTime(value);
        if (time === undefined) return; // bad values are ignored (hls.js does the same)
        this.pending.programDateTime = time;
        playlist.hasProgramDateTime = true;
        return;
      }
      case 'EXT-X-GAP':
        this.pending.gap = true;
        return;
      case 'EXT-X-KEY': {
        const key = readKey(parseAttributeList(value), this.uris);
        this.key = key.method === 'NONE' ? undefined : key;
        if (this.key) playlist.encrypted = true;
        return;
      }
      case 'EXT-X-MAP':
        this.init = this.readMap(value) ?? this.init;
        return;
      case 'EXT-X-TARGETDURATION': {
        const target = decimalFloat(value.trim());
        if (target !== undefined && target > 0) playlist.targetDuration = target;
        return;
      }
      case 'EXT-X-MEDIA-SEQUENCE':
        playlist.mediaSequence = signedInteger(value.trim()) ?? playlist.mediaSequence;
        return;
      case 'EXT-X-DISCONTINUITY-SEQUENCE':
        playlist.discontinuitySequence = decimalInteger(value.trim()) ?? playlist.discontinuitySequence;
        return;
      case 'EXT-X-PLAYLIST-TYPE': {
        const type = value.trim();
        if (type === 'VOD' || type === 'EVENT') playlist.playlistType = type;
        return;
      }
      case 'EXT-X-ENDLIST':
        playlist.endList = true;
        return;
      case 'EXT-X-I-FRAMES-ONLY':
        playlist.iFramesOnly = true;
        return;
      default:
        if (!LOW_LATENCY_TAGS.has(name)) return;
        playlist.lowLatency = true;
        if (name === 'EXT-X-SKIP') this.skipped += decimalInteger(parseAttributeList(value)['SKIPPED-SEGMENTS']) ?? 0;
    }
  }

  /** A URI line: the segment the pending tags describe. */
  uri(line: string): void {
    const uri = this.uris.resolve(line);
    if (uri === undefined) {
      this.badUri ??= line;
      return;
    }
    const { pending, playlist } = this;
    const segments = playlist.segments;
    const previous = segments[segments.length - 1];
    const duration = pending.duration ?? playlist.targetDuration ?? 0;
    let programDateTime = pending.programDateTime;
    if (programDateTime !== undefined) {
      if (this.firstDated < 0) this.firstDated = segments.length;
    } else if (previous?.programDateTime !== undefined) {
      programDateTime = previous.programDateTime + previous.duration * 1000;
    }
    const segment: MediaSegment = {
      uri,
      duration,
      title: pending.title,
      start: this.time,
      // Relative numbers here; finish() adds the declared bases, which may come after segments.
      sequence: segments.length + this.skipped,
      discontinuitySequence: this.discontinuities,
      discontinuity: pending.discontinuity,
      byteRange: this.continueRange(uri, pending.range),
      init: this.init,
      programDateTime,
      key: this.key,
      gap: pending.gap,
    };
    segments.push(segment);
    this.time += duration;
    this.pending = { discontinuity: false, gap: false };
  }

  finish(): MediaPlaylist {
    const playlist = this.playlist;
    const segments = playlist.segments;
    for (const segment of segments) {
      segment.sequence += playlist.mediaSequence;
      segment.discontinuitySequence += playlist.discontinuitySequence;
    }
    this.backfillProgramDateTime();
    playlist.totalDuration = this.time;
    return playlist;
  }

  /**
   * Segments before the first dated one get times counted back from it (hls.js and m3u8-parser
   * do the same). A PROGRAM-DATE-TIME after the last segment dates the end of the list.
   */
  private backfillProgramDateTime(): void {
    const segments = this.playlist.segments;
    const anchor = this.firstDated >= 0 ? segments[this.firstDated] : undefined;
    const anchorTime = anchor ? anchor.programDateTime : this.pending.programDateTime;
    if (anchorTime === undefined || segments.length === 0) return;
    const anchorStart = anchor ? anchor.start : this.time;
    const count = anchor ? this.firstDated : segments.length;
    for (let index = 0; index < count; index += 1) {
      const segment = segments[index] as MediaSegment;
      segment.programDateTime = anchorTime - (anchorStart - segment.start) * 1000;
    }
  }

  private continueRange(uri: string, range: PendingSegment['range']): ByteRange | undefined {
    if (!range) {
      this.previousRangeEnd = undefined;
      return undefined;
    }
    // RFC 8216 section 4.3.2.2: without an offset the range follows the previous range of the
    // same resource. Playlists that break the rule continue after the previous segment's range,
    // as hls.js and m3u8-parser do.
    const offset = range.offset ?? this.rangeEnds.get(uri) ?? this.previousRangeEnd ?? 0;
    this.previousRangeEnd = offset + range.length;
    this.rangeEnds.set(uri, this.previousRangeEnd);
    return { offset, length: range.length };
  }

  private readMap(value: string): InitSegment | undefined {
    const attributes = parseAttributeList(value);
    if (attributes.URI === undefined) return undefined;
    const uri = this.uris.resolve(attributes.URI);
    if (uri === undefined) return undefined;
    const range = attributes.BYTERANGE === undefined ? undefined : readByteRange(attributes.BYTERANGE);
    return { uri, byteRange: range ? { offset: range.offset ?? 0, length: range.length } : undefined };
  }
}
