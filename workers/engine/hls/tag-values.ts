/**
 * Values of single HLS tags both readers use (RFC 8216 section 4.3): EXTINF, EXT-X-BYTERANGE,
 * EXT-X-PROGRAM-DATE-TIME, EXT-X-KEY, EXT-X-START, and URI resolution. Malformed values read as
 * undefined; nothing here throws.
 */
import type { AttributeList } from './attribute-list.ts';
import { decimalFloat, decimalInteger, hexadecimal, isYes, parseAttributeList, signedFloat } from './attribute-list.ts';
import type { KeyInfo, MasterPlaylist, MediaPlaylist, StartPoint } from './playlist-types.ts';

/** `#EXTINF:<duration>,[<title>]`. The comma is optional in practice; the title is trimmed. */
export function readExtinf(value: string): { duration?: number; title?: string } {
  const comma = value.indexOf(',');
  const duration = decimalFloat((comma < 0 ? value : value.slice(0, comma)).trim());
  const title = comma < 0 ? '' : value.slice(comma + 1).trim();
  return { duration, title: title === '' ? undefined : title };
}

/** `<length>[@<offset>]`: an absent (or empty) offset is undefined, to be continued by the caller. */
export function readByteRange(value: string): { length: number; offset?: number } | undefined {
  const at = value.indexOf('@');
  const length = decimalInteger((at < 0 ? value : value.slice(0, at)).trim());
  if (length === undefined) return undefined;
  const offsetText = at < 0 ? '' : value.slice(at + 1).trim();
  if (offsetText === '') return { length };
  const offset = decimalInteger(offsetText);
  return offset === undefined ? undefined : { length, offset };
}

// ISO 8601 / RFC 3339 date-time. Anchored, no nested quantifiers: linear on any input.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * EXT-X-PROGRAM-DATE-TIME to milliseconds since the epoch. A value without a zone designator
 * is read as UTC (as hls.js does), not in the worker's local zone the way `Date.parse` would.
 * Fractional seconds are rounded to the millisecond.
 */
export function readDateTime(value: string): number | undefined {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number, number, number, number, number, number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  const fraction = match[7] === undefined ? 0 : Math.round(Number(match[7]) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
  return utc - zoneOffsetMinutes(match[8]) * 60_000;
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  return sign * (hours * 60 + minutes);
}

/** EXT-X-KEY / EXT-X-SESSION-KEY attributes; the key URI is resolved like any other. */
export function readKey(attributes: AttributeList, uris: UriResolver): KeyInfo {
  const rawUri = attributes.URI;
  return {
    method: attributes.METHOD ?? 'NONE',
    uri: rawUri === undefined ? undefined : (uris.resolve(rawUri) ?? rawUri),
    iv: hexadecimal(attributes.IV),
    keyFormat: attributes.KEYFORMAT,
  };
}

/** EXT-X-START, in media and multivariant playlists alike. */
export function readStart(value: string): StartPoint | undefined {
  const attributes = parseAttributeList(value);
  const timeOffset = signedFloat(attributes['TIME-OFFSET']);
  return timeOffset === undefined ? undefined : { timeOffset, precise: isYes(attributes.PRECISE) };
}

/**
 * Resolves `uri` against the playlist URL with the WHATWG URL parser; undefined when it cannot
 * be resolved. URIs made of unreserved characters only (`seg-001.ts`) take a fast path: joined to
 * the base directory, which is what the URL parser would produce for them.
 */
export class UriResolver {
  private readonly base: URL;
  /** The base without its last path segment, query and fragment; undefined for opaque bases (data:, blob:). */
  private readonly directory: string | undefined;

  constructor(base: URL) {
    this.base = base;
    this.directory = base.href.startsWith(base.protocol + '//') ? new URL('./', base).href : undefined;
  }

  resolve(uri: string): string | undefined {
    if (this.directory !== undefined && PLAIN_NAME.test(uri) && uri !== '.' && uri !== '..') return this.directory + uri;
    try {
      return new URL(uri, this.base).href;
    } catch {
      return undefined;
    }
  }
}

const PLAIN_NAME = /^[\w.~-]+$/;

/**
 * Tags both kinds of playlist carry the same way (RFC 8216 section 4.3.5). Returns false for any
 * other tag, so each reader handles only its own.
 */
export function readCommonTag(name: string, value: string, playlist: MasterPlaylist | MediaPlaylist): boolean {
  switch (name) {
    case 'EXT-X-INDEPENDENT-SEGMENTS':
      playlist.independentSegments = true;
      return true;
    case 'EXT-X-VERSION':
      playlist.version = decimalInteger(value.trim()) ?? playlist.version;
      return true;
    case 'EXT-X-START':
      playlist.start = readStart(value) ?? playlist.start;
      return true;
    case 'EXT-X-DEFINE':
      playlist.usesVariables = true;
      return true;
    default:
      return false;
  }
}
