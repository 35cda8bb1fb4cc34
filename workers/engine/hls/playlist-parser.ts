/**
 * HLS playlist parser for the custom engine (RFC 8216), DOM-free. One pass over the lines feeds
 * both readers; the playlist is multivariant when a multivariant-only tag was seen. It runs on
 * every live refresh, so it allocates little and never throws: malformed input is an error Result
 * or, for a malformed tag, the tag is ignored.
 */
import { fail, ok } from '../../shared/result.ts';
import type { Result } from '../../shared/result.ts';
import { MASTER_TAGS, MasterPlaylistReader } from './master-playlist-reader.ts';
import { MediaPlaylistReader } from './media-playlist-reader.ts';
import type { Playlist } from './playlist-types.ts';
import { UriResolver } from './tag-values.ts';

/** SPEC.md section 8: 4 'Failed to load resource.' covers a manifest that cannot be used. */
const MANIFEST_ERROR_CODE = 4;

/** Tags both readers need. */
const SHARED_TAGS = new Set(['EXT-X-VERSION', 'EXT-X-INDEPENDENT-SEGMENTS', 'EXT-X-START', 'EXT-X-DEFINE']);

/**
 * Parses a media or multivariant playlist. URIs are resolved against `baseUrl`, the URL the
 * playlist was loaded from (after redirects). Tolerates a BOM, CRLF or CR line ends, blank lines
 * and whitespace around lines; unknown tags and comments are skipped.
 */
export function parsePlaylist(text: string, baseUrl: string): Result<Playlist> {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return manifestError('the playlist URL is not an absolute URL', baseUrl);
  }
  try {
    return parseLines(text, base, baseUrl);
  } catch (error) {
    // Not expected; kept so that a bug here is an error value, never an exception in the worker.
    return manifestError(`the playlist could not be parsed: ${String(error)}`, baseUrl);
  }
}

function parseLines(text: string, base: URL, baseUrl: string): Result<Playlist> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // LF or CRLF (the CR goes with the trim); a file with CR line ends only is split on CR.
  const newline = body.indexOf('\n') < 0 && body.indexOf('\r') >= 0 ? '\r' : '\n';
  const end = body.length;
  let lineStart = 0;
  let lineNumber = 0;
  const uris = new UriResolver(base);
  const master = new MasterPlaylistReader(uris);
  const media = new MediaPlaylistReader(uris);
  while (lineStart <= end) {
    let lineEnd = body.indexOf(newline, lineStart);
    if (lineEnd < 0) lineEnd = end;
    const line = body.slice(lineStart, lineEnd).trim();
    lineStart = lineEnd + 1;
    lineNumber += 1;
    if (lineNumber === 1) {
      if (line !== '#EXTM3U') return manifestError(missingHeaderMessage(line), baseUrl);
      continue;
    }
    if (line === '') continue;
    if (line.charCodeAt(0) !== 0x23 /* # */) {
      if (master.wantsUri) master.uri(line);
      else media.uri(line);
      continue;
    }
    if (!line.startsWith('#EXT')) continue; // a comment
    const colon = line.indexOf(':');
    const name = colon < 0 ? line.slice(1) : line.slice(1, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1);
    if (MASTER_TAGS.has(name) || name === 'EXT-X-SESSION-KEY') master.tag(name, value);
    else if (SHARED_TAGS.has(name)) {
      master.tag(name, value);
      media.tag(name, value);
    } else media.tag(name, value);
  }
  const reader = master.isMaster ? master : media;
  if (reader.badUri !== undefined) {
    return manifestError(`the URI "${reader.badUri}" cannot be resolved against the playlist URL`, baseUrl);
  }
  return ok(reader.finish());
}

function missingHeaderMessage(firstLine: string): string {
  if (firstLine === '') return 'the playlist is empty or does not start with #EXTM3U';
  return `the playlist does not start with #EXTM3U (first line: "${firstLine.slice(0, 60)}")`;
}

function manifestError(message: string, url: string): Result<never> {
  return fail({ category: 'manifest', code: MANIFEST_ERROR_CODE, severity: 'fatal', message, detail: { url } });
}
