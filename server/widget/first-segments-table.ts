import type { FirstSegmentsTable, SegmentRequest } from '../../src/contract/catalogue/first-segments-table.ts';
import type { ByteRange, MediaSegment } from '../../workers/engine/hls/playlist-types.ts';
import { segmentIndexAt } from '../../workers/engine/session/segment-index.ts';
import { readMediaPlaylist, StreamCatalog } from '../../workers/engine/session/stream-catalog.ts';

/**
 * The first segments of the stream whose playlists the document carries (absolute URL → text),
 * read exactly as the engine reads them (its parser, its level order, its default audio), so
 * that the document can start them before it has loaded any of the engine's code. Undefined when
 * there is no master among them or the engine would decline the stream; a level whose media
 * playlist is not carried, or cannot be played, has no segment (the document then fetches nothing).
 */
export function firstSegmentsTable(playlists: Record<string, string>): FirstSegmentsTable | undefined {
  const master = Object.entries(playlists).find(([, text]) => text.includes('#EXT-X-STREAM-INF'));
  if (!master) return undefined;
  let catalog: StreamCatalog;
  try {
    catalog = StreamCatalog.ofMasterText(master[1], master[0]);
  } catch {
    return undefined;
  }
  const firstOf = (uri: string | undefined): MediaSegment | undefined => {
    const text = uri === undefined ? undefined : playlists[uri];
    if (uri === undefined || text === undefined) return undefined;
    try {
      const { segments } = readMediaPlaylist(text, uri);
      return segments[segmentIndexAt(segments, 0)];
    } catch {
      return undefined;
    }
  };
  const table: FirstSegmentsTable = {
    src: master[0],
    levels: catalog.abrLevels().map((level) => {
      const first = firstOf(catalog.levels[level.index]?.uri);
      return {
        bitrate: level.bitrate,
        ...(level.width === undefined ? {} : { width: level.width, height: level.height }),
        codecs: catalog.levels[level.index]?.codecs.join(',') ?? '',
        ...requestsOf(first),
      };
    }),
    audio: catalog.audioTracks().map((track) => ({ label: track.name, language: track.language })),
    defaultAudio: catalog.defaultAudioIndex(),
  };
  const audio = requestsOf(firstOf(catalog.audio[table.defaultAudio]?.uri));
  if (audio.segment) Object.assign(table, { audioSegment: audio.segment, ...(audio.init ? { audioInit: audio.init } : {}) });
  return table;
}

/** A segment's request and its init segment's; none when either could not go into JSON (an open-ended range). */
function requestsOf(segment: MediaSegment | undefined): { segment?: SegmentRequest; init?: SegmentRequest } {
  if (!segment) return {};
  const init = segment.init && request(segment.init.uri, segment.init.byteRange);
  const own = request(segment.uri, segment.byteRange);
  if (!own || (segment.init && !init)) return {};
  return init ? { segment: own, init } : { segment: own };
}

function request(url: string, byteRange: ByteRange | undefined): SegmentRequest | undefined {
  if (!byteRange) return { url };
  return Number.isFinite(byteRange.length) ? { url, byteRange: { offset: byteRange.offset, length: byteRange.length } } : undefined;
}
