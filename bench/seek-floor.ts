/**
 * The floor of an unbuffered seek on a shaped link: one round trip, then the least media a
 * player must fetch to present a frame at the target — the smallest rendition's first GOP at the
 * target (just its keyframe when the target is on it, from the I-frame playlist's byte ranges;
 * the whole keyframe segment when there is no I-frame playlist to say where a GOP ends) and the
 * audio segment under the target, both through the profile's bandwidth. Init segments, fetched
 * at start-up, are left out. Read from the files on disk, so every subject has the same floor.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface PlaylistEntry {
  uri: string;
  /** Seconds from the start of the playlist. */
  start: number;
  duration: number;
  byteRange?: { offset: number; length: number };
}

/** A media playlist's segments (or I-frames) with their start times and byte ranges. */
export function parseMediaPlaylist(text: string): PlaylistEntry[] {
  const entries: PlaylistEntry[] = [];
  let start = 0;
  let duration: number | undefined;
  let byteRange: PlaylistEntry['byteRange'];
  let nextOffset = new Map<string, number>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line.startsWith('#EXT-X-BYTERANGE:')) {
      const [length = '0', offset] = line.slice('#EXT-X-BYTERANGE:'.length).split('@');
      byteRange = { length: Number(length), offset: offset === undefined ? Number.NaN : Number(offset) };
    } else if (line !== '' && !line.startsWith('#') && duration !== undefined) {
      // A byte range without an offset continues where the previous one of the same file ended.
      if (byteRange && Number.isNaN(byteRange.offset)) byteRange.offset = nextOffset.get(line) ?? 0;
      if (byteRange) nextOffset = nextOffset.set(line, byteRange.offset + byteRange.length);
      entries.push({ uri: line, start, duration, ...(byteRange ? { byteRange } : {}) });
      start += duration;
      duration = undefined;
      byteRange = undefined;
    }
  }
  return entries;
}

/** The entry playing at `time` (the last one for a time past the end). */
export function entryAt(entries: readonly PlaylistEntry[], time: number): PlaylistEntry | undefined {
  return entries.find((entry) => entry.start <= time && time < entry.start + entry.duration) ?? entries.at(-1);
}

/** How close to the target a presented frame must be for the bench's seek to count as done. */
const FRAME_TOLERANCE_S = 0.5;

/**
 * The video bytes to fetch for a frame at `time` from one I-frame playlist: the keyframe alone
 * when it is within the tolerance of the target, else its whole GOP (to the next keyframe in the
 * same file, or the file's end).
 */
export function gopBytes(iframes: readonly PlaylistEntry[], time: number, fileSize: (uri: string) => number): number | undefined {
  const entry = entryAt(iframes, time);
  if (!entry?.byteRange) return undefined;
  if (time - entry.start <= FRAME_TOLERANCE_S) return entry.byteRange.length;
  const next = iframes.find((other) => other.uri === entry.uri && other.byteRange && other.byteRange.offset > entry.byteRange!.offset);
  return (next?.byteRange?.offset ?? fileSize(entry.uri)) - entry.byteRange.offset;
}

/** One round trip plus `bytes` at the link's rate (kbit/s are bits per millisecond); just the round trip unshaped. */
export function floorMs(bytes: number, link: { rttMs: number; downKbps: number | null }): number {
  return link.rttMs + (link.downKbps === null ? 0 : (bytes * 8) / link.downKbps);
}

interface MasterPlaylist {
  /** Variant playlist URIs with their bandwidth. */
  variants: Array<{ uri: string; bandwidth: number }>;
  iframes: Array<{ uri: string; bandwidth: number }>;
  /** The default audio rendition's playlist, if the audio is separate. */
  audio?: string;
}

/** A tag's attribute list (NAME=value or NAME="quoted, with commas"), unquoted. */
export function attributes(line: string): Map<string, string> {
  const list = line.slice(line.indexOf(':') + 1);
  return new Map([...list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)].map(([, name = '', value = '']) => [name, value.replace(/^"|"$/g, '')]));
}

export function parseMasterPlaylist(text: string): MasterPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const attribute = (line: string, name: string) => attributes(line).get(name);
  const master: MasterPlaylist = { variants: [], iframes: [] };
  lines.forEach((line, index) => {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
      if (uri) master.variants.push({ uri, bandwidth: Number(attribute(line, 'BANDWIDTH')) });
    } else if (line.startsWith('#EXT-X-I-FRAME-STREAM-INF:')) {
      const uri = attribute(line, 'URI');
      if (uri) master.iframes.push({ uri, bandwidth: Number(attribute(line, 'BANDWIDTH')) });
    } else if (line.startsWith('#EXT-X-MEDIA:') && attribute(line, 'TYPE') === 'AUDIO') {
      const uri = attribute(line, 'URI');
      if (uri && (master.audio === undefined || attribute(line, 'DEFAULT') === 'YES')) master.audio = uri;
    }
  });
  return master;
}

/** The least bytes a player must fetch for a frame at `time` of the stream whose master playlist is `masterPath`. */
export async function seekFloorBytes(masterPath: string, time: number): Promise<number> {
  const master = parseMasterPlaylist(await readFile(masterPath, 'utf8'));
  const smallest = [...master.variants].sort((a, b) => a.bandwidth - b.bandwidth)[0];
  if (!smallest) throw new Error(`${masterPath}: no variant`);
  const base = path.dirname(masterPath);
  const sizeOf = async (playlistUri: string, uri: string) => (await stat(path.join(base, path.dirname(playlistUri), uri))).size;
  const entryBytes = async (playlistUri: string): Promise<number> => {
    const entry = entryAt(parseMediaPlaylist(await readFile(path.join(base, playlistUri), 'utf8')), time);
    if (!entry) throw new Error(`${playlistUri}: no segment`);
    return entry.byteRange?.length ?? sizeOf(playlistUri, entry.uri);
  };
  // The I-frame playlist beside the smallest rendition's, when there is one.
  const iframe = master.iframes.find((candidate) => path.dirname(candidate.uri) === path.dirname(smallest.uri));
  let video: number | undefined;
  if (iframe) {
    const iframes = parseMediaPlaylist(await readFile(path.join(base, iframe.uri), 'utf8'));
    const sizes = new Map(await Promise.all([...new Set(iframes.map((entry) => entry.uri))].map(async (uri) => [uri, await sizeOf(iframe.uri, uri)] as const)));
    video = gopBytes(iframes, time, (uri) => sizes.get(uri) ?? 0);
  }
  const audio = master.audio ? await entryBytes(master.audio) : 0;
  return (video ?? (await entryBytes(smallest.uri))) + audio;
}
