import type { Level } from '../abr/abr-controller.ts';
import type { AlternateRendition, MasterPlaylist, MediaPlaylist, VariantStream } from '../hls/playlist-types.ts';
import { parsePlaylist } from '../hls/playlist-parser.ts';
import { engineSupport, isCompatibleVariant, masterSupport } from '../hls/stream-type.ts';
import { fetchMedia } from './media-requests.ts';
import type { AudioTrackInfo, QualityInfo } from '../engine-protocol.ts';

/** The custom engine will not play this stream; another engine should. */
export class DeclinedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DeclinedError';
  }
}

export type SegmentFormat = 'ts' | 'fmp4';

/**
 * What the master playlist offers, with media playlists fetched on demand and kept: the levels
 * (video variants), the audio renditions of their group, and their codecs.
 */
export class StreamCatalog {
  readonly levels: readonly VariantStream[];
  readonly audio: readonly AlternateRendition[];
  /** The master's I-frame variants (EXT-X-I-FRAME-STREAM-INF): keyframe positions for seeks. */
  readonly iFrameLevels: readonly VariantStream[];
  private readonly playlists = new Map<string, Promise<MediaPlaylist>>();

  private constructor(levels: VariantStream[], audio: AlternateRendition[], firstMedia?: { url: string; playlist: MediaPlaylist }, iFrameLevels: VariantStream[] = []) {
    this.levels = levels;
    this.audio = audio;
    this.iFrameLevels = iFrameLevels;
    if (firstMedia) this.playlists.set(firstMedia.url, Promise.resolve(firstMedia.playlist));
  }

  /** Reads the playlist at `url`: a master, or a single media playlist played as one level. */
  static async open(url: string, signal: AbortSignal): Promise<StreamCatalog> {
    const playlist = await loadPlaylist(url, signal);
    if (playlist.kind === 'media') {
      return new StreamCatalog([{ uri: url, bandwidth: 0, codecs: [] }], [], { url, playlist });
    }
    return StreamCatalog.fromMaster(playlist);
  }

  /**
   * The catalogue of a master playlist's text, as the engine would read it; throws DeclinedError
   * when the engine would decline the stream (the embed document asks this before prefetching).
   */
  static ofMasterText(text: string, url: string): StreamCatalog {
    const playlist = parseText(text, url);
    if (playlist.kind !== 'master') throw new DeclinedError(`${url} is not a master playlist`);
    return StreamCatalog.fromMaster(playlist);
  }

  private static fromMaster(master: MasterPlaylist): StreamCatalog {
    const support = masterSupport(master);
    if (!support.supported) throw new DeclinedError(support.reason);
    const levels = master.variants.filter(isCompatibleVariant).sort((a, b) => a.bandwidth - b.bandwidth);
    const group = levels[0]?.audioGroup;
    // One audio group for all levels is what the engine models; renditions inside it switch.
    const audio = group ? master.renditions.filter((rendition) => rendition.type === 'AUDIO' && rendition.groupId === group && rendition.uri) : [];
    return new StreamCatalog(levels, audio, undefined, master.iFrameVariants);
  }

  /** A media playlist, fetched once; declined when the engine cannot play it. */
  mediaPlaylist(url: string, signal: AbortSignal): Promise<MediaPlaylist> {
    let pending = this.playlists.get(url);
    if (!pending) {
      pending = loadPlaylist(url, signal).then((playlist) => playableMedia(playlist, url));
      pending.catch(() => this.playlists.delete(url));
      this.playlists.set(url, pending);
    }
    return pending;
  }

  abrLevels(): Level[] {
    return this.levels.map((level, index) => ({
      index,
      bitrate: level.bandwidth,
      ...(level.resolution ? { width: level.resolution.width, height: level.resolution.height } : {}),
    }));
  }

  qualities(): QualityInfo[] {
    return this.levels.map((level, index) => ({
      index,
      width: level.resolution?.width ?? 0,
      height: level.resolution?.height ?? 0,
      bitrate: level.bandwidth,
      codec: level.codecs.join(','),
    }));
  }

  audioTracks(): AudioTrackInfo[] {
    return this.audio.map((rendition, index) => ({
      index,
      name: rendition.name,
      language: rendition.language ?? '',
      isDefault: rendition.isDefault,
      codec: this.audioCodec(),
    }));
  }

  defaultAudioIndex(): number {
    const index = this.audio.findIndex((rendition) => rendition.isDefault);
    return index === -1 ? 0 : index;
  }

  videoCodec(): string {
    return this.levels[0]?.codecs.find((codec) => /^(avc|hvc|hev)/.test(codec)) ?? 'avc1.42E01E';
  }

  audioCodec(): string {
    return this.levels[0]?.codecs.find((codec) => codec.startsWith('mp4a')) ?? 'mp4a.40.2';
  }

  /** Whether the variants carry their audio inside (no separate audio rendition to load). */
  hasMuxedAudio(): boolean {
    return this.audio.length === 0 && (this.levels[0]?.codecs.length === 0 || this.levels[0]?.codecs.some((codec) => codec.startsWith('mp4a')) === true);
  }
}

export function segmentFormat(playlist: MediaPlaylist): SegmentFormat {
  return playlist.segments.some((segment) => segment.init) ? 'fmp4' : 'ts';
}

/** Playlists handed over with the source (the embed document's boot data), each read once. */
const given = new Map<string, string>();

/** Replaces the playlists at hand with those of the source being opened. */
export function givePlaylists(playlists: Record<string, string> | undefined): void {
  given.clear();
  for (const [url, text] of Object.entries(playlists ?? {})) given.set(url, text);
}

async function loadPlaylist(url: string, signal: AbortSignal) {
  const carried = given.get(url);
  given.delete(url);
  const text = carried ?? new TextDecoder().decode((await fetchMedia(url, { kind: 'playlist', signal })).bytes);
  return parseText(text, url);
}

function parseText(text: string, url: string): MasterPlaylist | MediaPlaylist {
  const parsed = parsePlaylist(text, url);
  if (!parsed.ok) throw new DeclinedError(parsed.error.message);
  return parsed.value;
}

/** A media playlist's text as the engine would play it; throws DeclinedError when it would decline it. */
export function readMediaPlaylist(text: string, url: string): MediaPlaylist {
  return playableMedia(parseText(text, url), url);
}

function playableMedia(playlist: MasterPlaylist | MediaPlaylist, url: string): MediaPlaylist {
  if (playlist.kind !== 'media') throw new DeclinedError(`${url} is not a media playlist`);
  const support = engineSupport(playlist);
  if (!support.supported) throw new DeclinedError(support.reason);
  return playlist;
}
