// HLS helpers: muxer arguments, media-playlist parsing, measuring real
// bitrates from the segment files, codec strings, and master playlists
// written by hand (ffmpeg's own master output guesses BANDWIDTH and CODECS).
import { readFile, stat, writeFile, open } from 'node:fs/promises';
import path from 'node:path';
import { ffprobe, runBuffer } from './run.ts';
import { SEGMENT_SECONDS, type Workspace } from './workspace.ts';

export type SegmentType = 'mpegts' | 'fmp4';

export function hlsOutputArgs(dir: string, type: SegmentType): string[] {
  const ext = type === 'fmp4' ? 'm4s' : 'ts';
  return [
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_list_size', '0',
    '-hls_playlist_type', 'vod',
    // No independent_segments flag here: ffmpeg would bump every media playlist
    // to version 6. The master's EXT-X-INDEPENDENT-SEGMENTS covers them all.
    '-hls_segment_type', type,
    ...(type === 'fmp4' ? ['-hls_fmp4_init_filename', 'init.mp4'] : []),
    '-hls_segment_filename', path.join(dir, `seg-%03d.${ext}`),
    path.join(dir, 'index.m3u8'),
  ];
}

export interface MediaPlaylist {
  file: string;
  version: number;
  targetDuration: number;
  playlistType: string | undefined;
  endList: boolean;
  map: string | undefined;
  segments: { uri: string; duration: number }[];
}

export async function readMediaPlaylist(file: string): Promise<MediaPlaylist> {
  const lines = (await readFile(file, 'utf8')).split('\n').map((l) => l.trim());
  const tag = (name: string): string | undefined => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
  const segments: MediaPlaylist['segments'] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXTINF:')) return;
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (!uri) throw new Error(`${file}: EXTINF without URI`);
    segments.push({ uri, duration: Number.parseFloat(line.slice(8)) });
  });
  return {
    file,
    version: Number(tag('#EXT-X-VERSION') ?? 1),
    targetDuration: Number(tag('#EXT-X-TARGETDURATION')),
    playlistType: tag('#EXT-X-PLAYLIST-TYPE'),
    endList: lines.includes('#EXT-X-ENDLIST'),
    map: /URI="([^"]+)"/.exec(tag('#EXT-X-MAP') ?? '')?.[1],
    segments,
  };
}

export const playlistDuration = (p: MediaPlaylist): number => p.segments.reduce((s, seg) => s + seg.duration, 0);

export interface Bitrate {
  peak: number;
  average: number;
}

/** Peak and average bits per second over the segment files actually written. */
export async function measureBitrate(p: MediaPlaylist): Promise<Bitrate> {
  const dir = path.dirname(p.file);
  let peak = 0;
  let bits = 0;
  for (const seg of p.segments) {
    const size = (await stat(path.join(dir, seg.uri))).size * 8;
    bits += size;
    peak = Math.max(peak, size / seg.duration);
  }
  return { peak: Math.ceil(peak), average: Math.ceil(bits / playlistDuration(p)) };
}

/**
 * One decodable file for a rendition: init segment (if any) + all segments,
 * byte-concatenated. Valid for both MPEG-TS and fragmented MP4, and avoids
 * depending on ffmpeg's HLS/DASH demuxers for probing and thumbnails.
 */
export async function joinSegments(ws: Workspace, files: string[], ext: 'ts' | 'mp4'): Promise<string> {
  const out = ws.file('joined', ext);
  const handle = await open(out, 'w');
  try {
    for (const f of files) await handle.write(await readFile(f));
  } finally {
    await handle.close();
  }
  return out;
}

export function playlistFiles(p: MediaPlaylist): string[] {
  const dir = path.dirname(p.file);
  return [...(p.map ? [p.map] : []), ...p.segments.map((s) => s.uri)].map((u) => path.join(dir, u));
}

export async function joinRendition(ws: Workspace, p: MediaPlaylist): Promise<string> {
  return joinSegments(ws, playlistFiles(p), p.map ? 'mp4' : 'ts');
}

/**
 * RFC 6381 codec string from the SPS itself (profile_idc, constraint flags,
 * level_idc), so CODECS in the master always matches what x264 wrote.
 */
export async function avcCodecString(input: string): Promise<string> {
  const es = await runBuffer('ffmpeg', [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-i', input,
    '-map', '0:v:0', '-c:v', 'copy', '-bsf:v', 'h264_mp4toannexb', '-frames:v', '1', '-f', 'h264', 'pipe:1',
  ]);
  for (let i = 0; i + 6 < es.length; i++) {
    if (es[i] === 0 && es[i + 1] === 0 && es[i + 2] === 1 && ((es[i + 3] ?? 0) & 0x1f) === 7) {
      const bytes = [es[i + 4], es[i + 5], es[i + 6]].map((b) => (b ?? 0).toString(16).padStart(2, '0'));
      return `avc1.${bytes.join('')}`;
    }
  }
  throw new Error(`no H.264 SPS found in ${input}`);
}

export interface StreamInfo {
  codec_type: 'video' | 'audio';
  codec_name: string;
  profile?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  channels?: number;
  sample_rate?: string;
  start_time?: string;
}

export async function probeStreams(file: string): Promise<StreamInfo[]> {
  const out = await ffprobe<{ streams: StreamInfo[] }>([
    '-show_entries', 'stream=codec_type,codec_name,profile,width,height,r_frame_rate,channels,sample_rate,start_time', file,
  ]);
  return out.streams;
}

export function aacCodecString(s: StreamInfo): string {
  // Only AAC-LC is produced (ffmpeg's native encoder); anything else is a bug.
  if (s.codec_name !== 'aac' || s.profile !== 'LC') throw new Error(`expected AAC-LC, got ${s.codec_name}/${s.profile}`);
  return 'mp4a.40.2';
}

export interface AudioRendition {
  groupId: string;
  language: string;
  name: string;
  isDefault: boolean;
  channels: number;
  uri: string;
  bitrate: Bitrate;
}

export interface Variant {
  uri: string;
  bitrate: Bitrate;
  codecs: string[];
  width: number;
  height: number;
  frameRate: number;
  audioGroup?: string;
}

/** Describes a rendition folder (video-only or muxed) for a master playlist. */
export async function describeVariant(ws: Workspace, masterDir: string, dir: string): Promise<Variant> {
  const playlist = await readMediaPlaylist(path.join(dir, 'index.m3u8'));
  const joined = await joinRendition(ws, playlist);
  const streams = await probeStreams(joined);
  const video = streams.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height || !video.r_frame_rate) throw new Error(`${dir}: no video stream`);
  const [num, den] = video.r_frame_rate.split('/').map(Number);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const codecs = [await avcCodecString(joined), ...(audio ? [aacCodecString(audio)] : [])];
  return {
    uri: path.relative(masterDir, playlist.file),
    bitrate: await measureBitrate(playlist),
    codecs,
    width: video.width,
    height: video.height,
    frameRate: (num ?? 0) / (den ?? 1),
  };
}

export async function describeAudio(
  masterDir: string,
  dir: string,
  meta: Omit<AudioRendition, 'uri' | 'bitrate' | 'channels'>,
): Promise<AudioRendition & { codec: string }> {
  const playlist = await readMediaPlaylist(path.join(dir, 'index.m3u8'));
  const first = path.join(dir, playlist.segments[0]?.uri ?? '');
  // An fMP4 segment cannot be probed without its init segment.
  const [stream] = await probeStreams(playlist.map ? `concat:${path.join(dir, playlist.map)}|${first}` : first);
  if (!stream || stream.codec_type !== 'audio') throw new Error(`${dir}: no audio stream`);
  return {
    ...meta,
    uri: path.relative(masterDir, playlist.file),
    channels: stream.channels ?? 2,
    bitrate: await measureBitrate(playlist),
    codec: aacCodecString(stream),
  };
}

function quoted(value: string): string {
  if (/["\n\r]/.test(value)) throw new Error(`cannot put ${JSON.stringify(value)} in a quoted HLS attribute`);
  return `"${value}"`;
}

/** An I-frame playlist of one video rendition (EXT-X-I-FRAME-STREAM-INF, RFC 8216 §4.3.4.3). */
export interface IframeVariant {
  uri: string;
  bandwidth: number;
  codec: string;
  width: number;
  height: number;
}

/**
 * Writes a master playlist. With alternate audio, a variant's BANDWIDTH is
 * the worst playable combination (RFC 8216 §4.3.4.2): video peak + the
 * largest audio peak in its group; likewise for AVERAGE-BANDWIDTH.
 */
export async function writeMaster(
  file: string, version: number, audio: (AudioRendition & { codec: string })[], variants: Variant[], iframes: IframeVariant[] = [],
): Promise<void> {
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${version}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const a of audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=${quoted(a.groupId)},LANGUAGE=${quoted(a.language)},NAME=${quoted(a.name)},` +
        `DEFAULT=${a.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS=${quoted(String(a.channels))},URI=${quoted(a.uri)}`,
    );
  }
  for (const v of variants) {
    const group = audio.filter((a) => a.groupId === v.audioGroup);
    const peak = v.bitrate.peak + Math.max(0, ...group.map((a) => a.bitrate.peak));
    const average = v.bitrate.average + Math.max(0, ...group.map((a) => a.bitrate.average));
    const codecs = [...new Set([...v.codecs, ...group.map((a) => a.codec)])];
    const attrs = [
      `BANDWIDTH=${peak}`,
      `AVERAGE-BANDWIDTH=${average}`,
      `CODECS=${quoted(codecs.join(','))}`,
      `RESOLUTION=${v.width}x${v.height}`,
      `FRAME-RATE=${v.frameRate.toFixed(3)}`,
      ...(v.audioGroup ? [`AUDIO=${quoted(v.audioGroup)}`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, v.uri);
  }
  for (const f of iframes) {
    lines.push(`#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=${f.bandwidth},CODECS=${quoted(f.codec)},RESOLUTION=${f.width}x${f.height},URI=${quoted(f.uri)}`);
  }
  await writeFile(file, `${lines.join('\n')}\n`, 'utf8');
}
