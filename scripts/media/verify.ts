// Post-build checks against the catalogue contract. Anything off throws, so
// `npm run media` exits non-zero instead of committing broken media.
import { access, open, readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { episodesOf, type Catalogue, type EpisodeRef } from './catalogue.ts';
import { joinRendition, joinSegments, playlistDuration, probeStreams, readMediaPlaylist, type MediaPlaylist } from './hls.ts';
import { ffprobe, mapLimit } from './run.ts';
import { COLUMNS, TILE_H, TILE_W, tileLayout } from './thumbs.ts';
import { AAC_FRAME } from './audio.ts';
import { SEGMENT_SECONDS, mediaRoot, type Workspace } from './workspace.ts';

const DURATION_TOLERANCE = 0.1;
/**
 * Total budget for server/media: the film-bitrate film 1 (in HLS and again as its DASH remux)
 * and the 1080p film 8 (about 35 MB, shared by its HLS and DASH forms) take most of it.
 */
export const TOTAL_MAX_BYTES = 150 * 1024 * 1024;

function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`verification failed: ${message}`);
}

const exists = (p: string): Promise<boolean> => access(p).then(() => true, () => false);

async function formatDuration(file: string): Promise<number> {
  const out = await ffprobe<{ format: { duration: string } }>(['-show_entries', 'format=duration', file]);
  return Number(out.format.duration);
}

/**
 * Audio-only MPEG-TS carries one PTS per PES (several AAC frames), so
 * ffprobe's format duration comes out short; counting frames is exact.
 */
async function audioDuration(file: string): Promise<number> {
  const out = await ffprobe<{ streams: { nb_read_packets: string; sample_rate: string }[] }>([
    '-select_streams', 'a:0', '-count_packets', '-show_entries', 'stream=nb_read_packets,sample_rate', file,
  ]);
  const [s] = out.streams;
  return (Number(s?.nb_read_packets) * AAC_FRAME) / Number(s?.sample_rate);
}

async function firstVideoFrame(file: string): Promise<{ key_frame: number; pict_type: string }> {
  const out = await ffprobe<{ frames: { key_frame: number; pict_type: string }[] }>([
    '-select_streams', 'v:0', '-show_entries', 'frame=key_frame,pict_type', '-read_intervals', '%+#1', file,
  ]);
  const [frame] = out.frames;
  if (!frame) throw new Error(`verification failed: no video frame in ${file}`);
  return frame;
}

/** Every segment file (with the init segment prepended for fMP4) must open on an IDR frame. */
async function checkKeyframes(ws: Workspace, label: string, segments: string[], init?: string): Promise<void> {
  await mapLimit(segments, 4, async (seg) => {
    const file = init ? await joinSegments(ws, [init, seg], 'mp4') : seg;
    const frame = await firstVideoFrame(file);
    check(frame.key_frame === 1 && frame.pict_type === 'I', `${label}: ${path.basename(seg)} does not start with a keyframe`);
  });
}

function masterUris(text: string): { variants: string[]; media: string[] } {
  const lines = text.split('\n').map((l) => l.trim());
  const variants = lines.flatMap((l, i) => (l.startsWith('#EXT-X-STREAM-INF:') ? [lines[i + 1] ?? ''] : []));
  const media = lines.flatMap((l) => (l.startsWith('#EXT-X-MEDIA:') ? [/URI="([^"]+)"/.exec(l)?.[1] ?? ''] : []));
  return { variants, media };
}

async function checkMediaPlaylist(ws: Workspace, p: MediaPlaylist, duration: number, isVideo: boolean): Promise<string> {
  const name = path.relative(mediaRoot, p.file);
  check(p.playlistType === 'VOD' && p.endList, `${name}: not a finished VOD playlist`);
  check(p.targetDuration === SEGMENT_SECONDS, `${name}: TARGETDURATION ${p.targetDuration}`);
  check(p.segments.every((s) => !s.uri.includes('/') && !s.uri.includes(':')), `${name}: segment URIs must be relative file names`);
  check(p.map === undefined ? p.version >= 3 : p.version >= 6, `${name}: EXT-X-VERSION ${p.version} too low`);
  const longest = Math.max(...p.segments.map((s) => s.duration));
  // RFC 8216: each EXTINF rounded to the nearest integer must not exceed the target.
  check(Math.round(longest) <= p.targetDuration, `${name}: segment of ${longest}s exceeds the target duration`);
  if (isVideo) check(longest <= SEGMENT_SECONDS + 1e-6, `${name}: video segment of ${longest}s`);
  const listed = playlistDuration(p);
  check(Math.abs(listed - duration) <= DURATION_TOLERANCE, `${name}: playlist lasts ${listed}s, catalogue says ${duration}s`);
  const joined = await joinRendition(ws, p);
  const actual = isVideo ? await formatDuration(joined) : await audioDuration(joined);
  check(Math.abs(actual - duration) <= DURATION_TOLERANCE, `${name}: media lasts ${actual}s, catalogue says ${duration}s`);
  if (isVideo) {
    const dir = path.dirname(p.file);
    await checkKeyframes(ws, name, p.segments.map((s) => path.join(dir, s.uri)), p.map ? path.join(dir, p.map) : undefined);
  }
  return `${name}: ${p.segments.length} segs, ${listed.toFixed(3)}s (media ${actual.toFixed(3)}s), max EXTINF ${longest.toFixed(3)}${isVideo ? ', IDR at every segment start' : ''}`;
}

async function checkHls(ws: Workspace, dir: string, master: string, duration: number, checked: Set<string>): Promise<string[]> {
  const text = await readFile(path.join(dir, master), 'utf8');
  check(/CODECS="avc1\.[0-9a-f]{6}(,mp4a\.40\.2)?"/.test(text), `${master}: CODECS missing or malformed`);
  check(/BANDWIDTH=\d+/.test(text) && /AVERAGE-BANDWIDTH=\d+/.test(text), `${master}: BANDWIDTH missing`);
  const { variants, media } = masterUris(text);
  const lines: string[] = [];
  for (const uri of [...variants, ...media]) {
    // Series masters share their video renditions: check each playlist once.
    if (checked.has(path.join(dir, uri))) continue;
    checked.add(path.join(dir, uri));
    const p = await readMediaPlaylist(path.join(dir, uri));
    lines.push(await checkMediaPlaylist(ws, p, duration, variants.includes(uri)));
  }
  return lines;
}

function isoDuration(value: string): number {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(value);
  if (!m) throw new Error(`verification failed: bad ISO duration ${value}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

interface DashRepresentation {
  id: string;
  kind: 'video' | 'audio';
  init: string;
  segment: (n: number) => string;
  startNumber: number;
  segmentSeconds: number;
}

const xmlAttr = (attrs: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

/** $RepresentationID$ and $Number$ / $Number%0Nd$ (ISO/IEC 23009-1 §5.3.9.4.4). */
function fillTemplate(template: string, id: string, n?: number): string {
  return template.replace(/\$RepresentationID\$/g, id).replace(/\$Number(?:%0(\d+)d)?\$/g, (_, width: string | undefined) => String(n ?? 0).padStart(Number(width ?? 0), '0'));
}

/** Representations with their SegmentTemplate, from the Representation itself or its AdaptationSet. */
function dashRepresentations(mpd: string): DashRepresentation[] {
  const reps: DashRepresentation[] = [];
  for (const [, setAttrs = '', body = ''] of mpd.matchAll(/<AdaptationSet\b([^>]*)>([\s\S]*?)<\/AdaptationSet>/g)) {
    const repPattern = /<Representation\b([^>]*?)(?:\/>|>([\s\S]*?)<\/Representation>)/g;
    const setTemplate = /<SegmentTemplate\b([^>]*)\/>/.exec(body.replace(repPattern, ''))?.[1];
    for (const [, repAttrs = '', repBody = ''] of body.matchAll(repPattern)) {
      const template = /<SegmentTemplate\b([^>]*)\/>/.exec(repBody)?.[1] ?? setTemplate;
      const id = xmlAttr(repAttrs, 'id');
      const type = xmlAttr(setAttrs, 'contentType') ?? xmlAttr(repAttrs, 'mimeType') ?? xmlAttr(setAttrs, 'mimeType') ?? '';
      const kind = type.startsWith('video') ? 'video' : type.startsWith('audio') ? 'audio' : undefined;
      check(template !== undefined && id !== undefined && kind !== undefined, `Representation ${id ?? '?'}: no id, type or SegmentTemplate`);
      const init = xmlAttr(template ?? '', 'initialization') ?? '';
      const media = xmlAttr(template ?? '', 'media') ?? '';
      const seconds = Number(xmlAttr(template ?? '', 'duration')) / Number(xmlAttr(template ?? '', 'timescale') ?? 1);
      reps.push({
        id: id ?? '', kind: kind ?? 'video', init: fillTemplate(init, id ?? ''), segment: (n) => fillTemplate(media, id ?? '', n),
        startNumber: Number(xmlAttr(template ?? '', 'startNumber') ?? 1), segmentSeconds: seconds,
      });
    }
  }
  return reps;
}

async function checkDash(ws: Workspace, episodeDir: string, mpdName: string, duration: number): Promise<string[]> {
  // Segment URLs are relative to the MPD, which may sit in a subfolder (films/1/dash/) and may point out of it (films/8/dash/ → ../v240/).
  const dir = path.dirname(path.join(episodeDir, mpdName));
  const mpd = await readFile(path.join(episodeDir, mpdName), 'utf8');
  check(/type="static"/.test(mpd), `${mpdName}: not type="static"`);
  const mpdDuration = isoDuration(/mediaPresentationDuration="([^"]+)"/.exec(mpd)?.[1] ?? '');
  check(Math.abs(mpdDuration - duration) <= DURATION_TOLERANCE, `${mpdName}: mediaPresentationDuration ${mpdDuration}s`);
  const lines = [`${mpdName}: static, mediaPresentationDuration ${mpdDuration}s`];
  const reps = dashRepresentations(mpd);
  check(reps.some((r) => r.kind === 'video') && reps.some((r) => r.kind === 'audio'), `${mpdName}: needs video and audio representations`);
  for (const r of reps) {
    check(Math.abs(r.segmentSeconds - SEGMENT_SECONDS) < 1e-6, `${mpdName} representation ${r.id}: segments of ${r.segmentSeconds}s`);
    const segments = Math.ceil(duration / SEGMENT_SECONDS);
    const files = Array.from({ length: segments }, (_, i) => path.join(dir, r.segment(r.startNumber + i)));
    const init = path.join(dir, r.init);
    const actual = await formatDuration(await joinSegments(ws, [init, ...files], 'mp4'));
    check(Math.abs(actual - duration) <= DURATION_TOLERANCE, `${mpdName} representation ${r.id}: lasts ${actual}s`);
    if (r.kind === 'video') await checkKeyframes(ws, `${mpdName} rep ${r.id}`, files, init);
    lines.push(`representation ${r.id} (${r.kind}): ${segments} segs, ${actual.toFixed(3)}s${r.kind === 'video' ? ', IDR at every segment start' : ''}`);
  }
  return lines;
}

/** The last cue of a WebVTT file must end exactly at the media duration. */
async function checkVttEnd(file: string, duration: number): Promise<number> {
  const text = await readFile(file, 'utf8');
  check(text.startsWith('WEBVTT'), `${file}: not WebVTT`);
  const ends = [...text.matchAll(/--> (\d\d):(\d\d):(\d\d\.\d\d\d)/g)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
  check(Math.abs((ends.at(-1) ?? -1) - duration) < 1e-6, `${file}: last cue does not end at ${duration}s`);
  return ends.length;
}

async function imageSize(file: string): Promise<[number, number]> {
  const [s] = await probeStreams(file);
  return [s?.width ?? 0, s?.height ?? 0];
}

async function checkThumbs(dir: string, duration: number, interval: number): Promise<string> {
  const tiles = tileLayout(duration, interval);
  const [w, h] = await imageSize(path.join(dir, 'thumbs', 'sprite.jpg'));
  check(w === Math.min(tiles.length, COLUMNS) * TILE_W && h === Math.ceil(tiles.length / COLUMNS) * TILE_H, `${dir}: sprite is ${w}x${h}`);
  const cues = await checkVttEnd(path.join(dir, 'thumbs', 'thumbs.vtt'), duration);
  const json = JSON.parse(await readFile(path.join(dir, 'thumbs', 'thumbs.json'), 'utf8')) as { tiles: unknown[] };
  check(cues === tiles.length && json.tiles.length === tiles.length, `${dir}: thumbnail cue count`);
  return `thumbs: ${tiles.length} tiles, sprite ${w}x${h}`;
}

export interface EpisodeExpectation {
  ref: EpisodeRef;
  dir: string;
  entry: string[];
  subtitles: string[];
  thumbInterval: number;
}

async function checkEpisode(ws: Workspace, e: EpisodeExpectation): Promise<string[]> {
  const duration = e.ref.episode.duration;
  const lines: string[] = [];
  const checked = new Set<string>();
  for (const entry of e.entry) {
    lines.push(...(entry.endsWith('.mpd') ? await checkDash(ws, e.dir, entry, duration) : await checkHls(ws, e.dir, entry, duration, checked)));
  }
  for (const lang of e.subtitles) {
    const cues = await checkVttEnd(path.join(e.dir, 'subs', `${lang}.vtt`), duration);
    lines.push(`subs/${lang}.vtt: ${cues} cues`);
  }
  lines.push(await checkThumbs(e.dir, duration, e.thumbInterval));
  return lines;
}

/** True when the top-level 'moov' box comes before 'mdat' (i.e. +faststart worked). */
async function moovFirst(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(8);
    for (let offset = 0; ; ) {
      const { bytesRead } = await handle.read(header, 0, 8, offset);
      if (bytesRead < 8) return false;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      offset += header.readUInt32BE(0);
    }
  } finally {
    await handle.close();
  }
}

async function checkMp4(file: string, duration: number, size: [number, number], maxBytes: number): Promise<string> {
  const streams = await probeStreams(file);
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  check(video?.codec_name === 'h264' && audio?.codec_name === 'aac', `${file}: expected H.264 + AAC`);
  check(video?.width === size[0] && video.height === size[1], `${file}: expected ${size[0]}x${size[1]}`);
  const actual = await formatDuration(file);
  check(Math.abs(actual - duration) <= DURATION_TOLERANCE, `${file}: lasts ${actual}s, expected ${duration}s`);
  check(await moovFirst(file), `${file}: moov is not before mdat (faststart)`);
  const { size: bytes } = await stat(file);
  check(bytes <= maxBytes, `${file}: ${bytes} bytes > ${maxBytes}`);
  return `${path.basename(file)}: ${actual.toFixed(3)}s, ${size[0]}x${size[1]}, ${(bytes / 1024).toFixed(0)} kB, faststart`;
}

async function checkJpeg(file: string, size: [number, number], maxBytes: number): Promise<void> {
  const [w, h] = await imageSize(file);
  check(w === size[0] && h === size[1], `${file}: ${w}x${h}`);
  check((await stat(file)).size <= maxBytes, `${file}: over ${maxBytes} bytes`);
}

export async function totalBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

export async function verifyAll(ws: Workspace, cat: Catalogue, episodes: EpisodeExpectation[]): Promise<string[]> {
  const lines: string[] = [];
  for (const e of episodes) {
    lines.push(`${path.relative(mediaRoot, e.dir)}:`, ...(await checkEpisode(ws, e)).map((l) => `  ${l}`));
  }
  // Episodes with media: null must have no folder at all (the player shows "unavailable").
  for (const content of cat.contents) {
    for (const ref of episodesOf(content)) {
      if (ref.episode.media === null) check(!(await exists(path.join(mediaRoot, 'films', String(content.id)))), `content ${content.id} has media: null but a folder exists`);
      if (ref.episode.media) check(await exists(path.join(mediaRoot, ref.episode.media.dir)), `${ref.episode.media.dir} missing`);
    }
    await checkJpeg(path.join(mediaRoot, 'posters', `content-${content.id}.jpg`), [400, 600], 40 * 1024);
    if (content.type === 'series') {
      for (const ref of episodesOf(content)) await checkJpeg(path.join(mediaRoot, 'posters', `episode-${ref.episode.id}.jpg`), [320, 180], 20 * 1024);
    }
  }
  lines.push('posters: all sizes and byte budgets ok');
  for (const ad of cat.ads) lines.push(await checkMp4(path.join(mediaRoot, ad.file), ad.duration, [640, 360], 600 * 1024));
  lines.push(await checkMp4(path.join(mediaRoot, 'placeholder', 'blocked.mp4'), 1, [160, 90], 30 * 1024));
  const total = await totalBytes(mediaRoot);
  check(total < TOTAL_MAX_BYTES, `server/media is ${(total / 1048576).toFixed(1)} MB, over the ${TOTAL_MAX_BYTES / 1048576} MiB budget`);
  return lines;
}
