// I-frame playlists (RFC 8216 §4.3.3.6 EXT-X-I-FRAMES-ONLY, §4.3.4.3 EXT-X-I-FRAME-STREAM-INF)
// for CMAF renditions, read from the segments themselves: every fragment that opens on a
// sync sample becomes one entry whose byte range is the fragment's moof, the mdat header
// and the keyframe's bytes — what a player fetches to show that frame or to start a seek
// from it without the rest of the GOP.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSyncSample, readFragments, readInit } from './fmp4.ts';
import type { MediaPlaylist } from './hls.ts';

export interface IframeEntry {
  uri: string;
  /** Seconds until the next keyframe (the fragment's duration). */
  duration: number;
  offset: number;
  length: number;
}

export interface SegmentBytes {
  uri: string;
  bytes: Uint8Array;
}

/** One entry per fragment that starts with a keyframe, in playlist order. */
export function iframeEntries(init: Uint8Array, segments: readonly SegmentBytes[]): IframeEntry[] {
  const { tracks, defaults } = readInit(init);
  const video = tracks.find((t) => t.handler === 'vide');
  if (!video) throw new Error('the init segment has no video track');
  const entries: IframeEntry[] = [];
  for (const seg of segments) {
    for (const f of readFragments(seg.bytes, defaults)) {
      const traf = f.trafs.find((t) => t.trackId === video.trackId);
      const first = traf?.samples[0];
      if (!traf || !first || !isSyncSample(first)) continue;
      const duration = traf.samples.reduce((s, x) => s + x.duration, 0) / video.timescale;
      // dataOffset is moof-relative, so the range runs from the moof to the keyframe's last byte.
      entries.push({ uri: seg.uri, duration, offset: f.moof.start, length: traf.dataOffset + first.size });
    }
  }
  return entries;
}

/** The text of an I-frame playlist; `map` is the media playlist's EXT-X-MAP URI. */
export function iframePlaylist(map: string, entries: readonly IframeEntry[]): string {
  const target = Math.max(1, ...entries.map((e) => Math.round(e.duration)));
  const lines = [
    '#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-I-FRAMES-ONLY', `#EXT-X-MAP:URI="${map}"`,
  ];
  for (const e of entries) lines.push(`#EXTINF:${e.duration.toFixed(3)},`, `#EXT-X-BYTERANGE:${e.length}@${e.offset}`, e.uri);
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** Peak bits per second of the keyframe ranges: the BANDWIDTH of an EXT-X-I-FRAME-STREAM-INF. */
export const iframeBandwidth = (entries: readonly IframeEntry[]): number =>
  Math.ceil(Math.max(0, ...entries.map((e) => (e.length * 8) / e.duration)));

/** Writes <rendition dir>/iframes.m3u8 next to an fMP4 media playlist; returns its entries. */
export async function writeIframePlaylist(media: MediaPlaylist, name = 'iframes.m3u8'): Promise<IframeEntry[]> {
  const dir = path.dirname(media.file);
  if (!media.map) throw new Error(`${media.file}: I-frame playlists need fMP4 segments (EXT-X-MAP)`);
  const init = await readFile(path.join(dir, media.map));
  const segments = await Promise.all(media.segments.map(async (s) => ({ uri: s.uri, bytes: await readFile(path.join(dir, s.uri)) })));
  const entries = iframeEntries(init, segments);
  if (entries.length === 0) throw new Error(`${media.file}: no fragment starts with a keyframe`);
  await writeFile(path.join(dir, name), iframePlaylist(media.map, entries), 'utf8');
  return entries;
}
