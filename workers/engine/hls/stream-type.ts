/**
 * What kind of stream a playlist is, and whether the custom engine plays it or hands it to hls.js
 * (ARCHITECTURE.md, "The custom engine in one paragraph": live streams and anything the engine
 * declines go to hls.js).
 */
import type { MasterPlaylist, MediaPlaylist, VariantStream } from './playlist-types.ts';

export type StreamType = 'on-demand' | 'live' | 'live:dvr';

export type EngineSupport = { supported: true } | { supported: false; reason: string };

/**
 * SPEC.md section 4: "HLS: VOD playlist type means on-demand; live with target duration >= 10
 * and a DVR tag or discontinuity means live:dvr." Read as:
 * - on-demand: EXT-X-PLAYLIST-TYPE:VOD, or EXT-X-ENDLIST (a finished EVENT or an untyped list
 *   that will not grow is on-demand too);
 * - otherwise live; live:dvr when EXT-X-TARGETDURATION >= 10 and either EXT-X-PLAYLIST-TYPE:EVENT
 *   (the "DVR tag": the server keeps every segment, so the viewer can seek back) or an
 *   EXT-X-DISCONTINUITY in the window.
 */
export function hlsStreamType(playlist: MediaPlaylist): StreamType {
  if (playlist.playlistType === 'VOD' || playlist.endList) return 'on-demand';
  const longTarget = (playlist.targetDuration ?? 0) >= 10;
  return longTarget && (playlist.playlistType === 'EVENT' || playlist.hasDiscontinuity) ? 'live:dvr' : 'live';
}

/** Segment containers the engine handles: MPEG-TS (transmuxed) and fragmented MP4 / raw AAC. */
const SEGMENT_EXTENSIONS = new Set(['ts', 'm4s', 'mp4', 'm4v', 'm4a', 'aac']);

/**
 * Whether the custom engine plays this media playlist. It declines, one reason at a time in this
 * order: live playlists (no ENDLIST and not VOD), encryption (EXT-X-KEY other than NONE),
 * low-latency parts, EXT-X-DEFINE variables, I-frame-only playlists, an empty playlist, and
 * segments whose URI extension is not one it can append.
 */
export function engineSupport(playlist: MediaPlaylist): EngineSupport {
  if (playlist.playlistType !== 'VOD' && !playlist.endList) {
    return decline('live playlist (no EXT-X-ENDLIST and not VOD): hls.js handles live');
  }
  if (playlist.encrypted) return decline('encrypted segments (EXT-X-KEY with a METHOD other than NONE)');
  if (playlist.lowLatency) return decline('low-latency HLS (EXT-X-PART, EXT-X-SERVER-CONTROL or delta updates)');
  if (playlist.usesVariables) return decline('variable substitution (EXT-X-DEFINE)');
  if (playlist.iFramesOnly) return decline('I-frame-only playlist (EXT-X-I-FRAMES-ONLY)');
  if (playlist.segments.length === 0) return decline('the playlist has no segments');
  for (const segment of playlist.segments) {
    const extension = uriExtension(segment.uri);
    if (!SEGMENT_EXTENSIONS.has(extension)) {
      const type = extension === '' ? 'without an extension' : `".${extension}"`;
      return decline(`unsupported segment type ${type} (${segment.uri}); expected .ts, .m4s, .mp4, .m4v, .m4a or .aac`);
    }
  }
  return { supported: true };
}

/**
 * Whether the custom engine can play some variant of this multivariant playlist: it needs one
 * whose CODECS are all H.264 (avc1/avc3) or AAC (mp4a); a variant without CODECS is allowed,
 * its media playlist decides. It also declines EXT-X-SESSION-KEY encryption and EXT-X-DEFINE
 * variables (variant URIs would hold unsubstituted references).
 */
export function masterSupport(master: MasterPlaylist): EngineSupport {
  if (master.usesVariables) return decline('variable substitution (EXT-X-DEFINE)');
  if (master.sessionKeys.some((key) => key.method !== 'NONE')) {
    return decline('encrypted stream (EXT-X-SESSION-KEY with a METHOD other than NONE)');
  }
  if (master.variants.length === 0) return decline('the multivariant playlist has no variants');
  if (!master.variants.some(isCompatibleVariant)) {
    const codecs = [...new Set(master.variants.flatMap((variant) => variant.codecs))].join(', ');
    return decline(`no variant with H.264/AAC codecs (avc1, avc3, mp4a); found: ${codecs}`);
  }
  return { supported: true };
}

/** The variants the engine can choose from (those `masterSupport` counts). */
export function isCompatibleVariant(variant: VariantStream): boolean {
  return variant.codecs.every(isCompatibleCodec);
}

function isCompatibleCodec(codec: string): boolean {
  const dot = codec.indexOf('.');
  const family = (dot < 0 ? codec : codec.slice(0, dot)).toLowerCase();
  return family === 'avc1' || family === 'avc3' || family === 'mp4a';
}

/** The lower-case extension of the URI's last path segment, query and fragment ignored. */
function uriExtension(uri: string): string {
  let pathEnd = uri.length;
  const query = uri.indexOf('?');
  if (query >= 0) pathEnd = query;
  const hash = uri.indexOf('#');
  if (hash >= 0 && hash < pathEnd) pathEnd = hash;
  const slash = uri.lastIndexOf('/', pathEnd - 1);
  const dot = uri.lastIndexOf('.', pathEnd - 1);
  return dot > slash ? uri.slice(dot + 1, pathEnd).toLowerCase() : '';
}

function decline(reason: string): EngineSupport {
  return { supported: false, reason };
}
