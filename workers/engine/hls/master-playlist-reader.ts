/**
 * The multivariant-playlist half of the one-pass parser (RFC 8216 section 4.3.4): variants,
 * I-frame variants, alternate renditions and session keys.
 */
import type { AttributeList } from './attribute-list.ts';
import { codecList, decimalFloat, decimalInteger, isYes, parseAttributeList, resolution } from './attribute-list.ts';
import type { AlternateRendition, MasterPlaylist, VariantStream } from './playlist-types.ts';
import type { UriResolver } from './tag-values.ts';
import { readCommonTag, readKey } from './tag-values.ts';

const RENDITION_TYPES = new Set<string>(['AUDIO', 'SUBTITLES', 'CLOSED-CAPTIONS', 'VIDEO']);

/** Tags that make a playlist multivariant. */
export const MASTER_TAGS = new Set(['EXT-X-STREAM-INF', 'EXT-X-I-FRAME-STREAM-INF', 'EXT-X-MEDIA']);

export class MasterPlaylistReader {
  private readonly uris: UriResolver;
  private readonly playlist: MasterPlaylist;
  /** The attributes of an EXT-X-STREAM-INF waiting for its URI line. */
  private pendingVariant: AttributeList | undefined;
  /** True once a tag only a multivariant playlist has was seen. */
  isMaster = false;
  /** Set when the URI of a variant cannot be resolved; the parser turns it into an error. */
  badUri: string | undefined;

  constructor(uris: UriResolver) {
    this.uris = uris;
    this.playlist = {
      kind: 'master', variants: [], renditions: [], independentSegments: false, iFrameVariants: [],
      sessionKeys: [], usesVariables: false,
    };
  }

  /** True while an EXT-X-STREAM-INF waits for its URI line, which then belongs to this reader. */
  get wantsUri(): boolean {
    return this.pendingVariant !== undefined;
  }

  tag(name: string, value: string): void {
    const playlist = this.playlist;
    if (readCommonTag(name, value, playlist)) return;
    switch (name) {
      case 'EXT-X-STREAM-INF':
        this.isMaster = true;
        this.pendingVariant = parseAttributeList(value);
        return;
      case 'EXT-X-I-FRAME-STREAM-INF': {
        this.isMaster = true;
        const attributes = parseAttributeList(value);
        const uri = attributes.URI === undefined ? undefined : this.resolve(attributes.URI);
        if (uri !== undefined) playlist.iFrameVariants.push(readVariant(attributes, uri));
        return;
      }
      case 'EXT-X-MEDIA': {
        this.isMaster = true;
        const rendition = this.readRendition(parseAttributeList(value));
        if (rendition) playlist.renditions.push(rendition);
        return;
      }
      case 'EXT-X-SESSION-KEY':
        playlist.sessionKeys.push(readKey(parseAttributeList(value), this.uris));
        return;
      default:
    }
  }

  /** The URI line after EXT-X-STREAM-INF. */
  uri(line: string): void {
    const attributes = this.pendingVariant;
    this.pendingVariant = undefined;
    if (attributes === undefined) return;
    const uri = this.resolve(line);
    if (uri !== undefined) this.playlist.variants.push(readVariant(attributes, uri));
  }

  finish(): MasterPlaylist {
    return this.playlist;
  }

  private resolve(uri: string): string | undefined {
    const resolved = this.uris.resolve(uri);
    if (resolved === undefined) this.badUri ??= uri;
    return resolved;
  }

  /** EXT-X-MEDIA without a known TYPE, a GROUP-ID or a NAME is dropped (all three are REQUIRED). */
  private readRendition(attributes: AttributeList): AlternateRendition | undefined {
    const { TYPE: type, 'GROUP-ID': groupId, NAME: name } = attributes;
    if (type === undefined || !RENDITION_TYPES.has(type) || groupId === undefined || name === undefined) return undefined;
    const isDefault = isYes(attributes.DEFAULT);
    const uri = attributes.URI === undefined ? undefined : this.resolve(attributes.URI);
    return {
      type: type as AlternateRendition['type'],
      groupId,
      name,
      language: attributes.LANGUAGE,
      assocLanguage: attributes['ASSOC-LANGUAGE'],
      isDefault,
      // RFC 8216 section 4.3.4.1: AUTOSELECT MUST be YES when DEFAULT is YES.
      autoselect: isDefault || isYes(attributes.AUTOSELECT),
      forced: isYes(attributes.FORCED),
      uri,
      channels: attributes.CHANNELS,
      characteristics: attributes.CHARACTERISTICS,
      instreamId: attributes['INSTREAM-ID'],
    };
  }
}

function readVariant(attributes: AttributeList, uri: string): VariantStream {
  return {
    uri,
    bandwidth: decimalInteger(attributes.BANDWIDTH) ?? 0,
    averageBandwidth: decimalInteger(attributes['AVERAGE-BANDWIDTH']),
    codecs: codecList(attributes.CODECS),
    resolution: resolution(attributes.RESOLUTION),
    frameRate: decimalFloat(attributes['FRAME-RATE']),
    audioGroup: attributes.AUDIO,
    subtitleGroup: attributes.SUBTITLES,
    closedCaptions: attributes['CLOSED-CAPTIONS'],
    videoGroup: attributes.VIDEO,
  };
}
