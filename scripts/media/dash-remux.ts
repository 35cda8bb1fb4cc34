// DASH form of an existing HLS episode: the same H.264 and AAC bytes, rewrapped
// from MPEG-TS into fragmented MP4 without re-encoding, so an HLS player and a
// DASH player can be compared on identical pictures, sound and bitrates.
import { mkdir, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { aacCodecString, avcCodecString, playlistDuration, probeStreams, readMediaPlaylist, type MediaPlaylist } from './hls.ts';
import { ffmpeg, ffprobe } from './run.ts';
import { SEGMENT_SECONDS } from './workspace.ts';

export interface DashRemuxOptions {
  /** Master playlist in hlsDir; every video variant it lists becomes a representation. */
  master?: string;
  /** Audio rendition folder to carry over; by default the master's DEFAULT=YES one (else its first). */
  audio?: string;
}

export interface DashRemuxSummary {
  dir: string;
  lines: string[];
}

/** The SegmentTemplate clock: the MPEG-TS one, so TS start times convert without rounding. */
const TIMESCALE = 90000;
const INIT_TEMPLATE = 'init-$RepresentationID$.mp4';
const MEDIA_TEMPLATE = 'seg-$RepresentationID$-$Number%03d$.m4s';
const segmentFile = (id: number, n: number): string => `seg-${id}-${String(n).padStart(3, '0')}.m4s`;

interface MasterEntries {
  variants: string[];
  audio: { uri: string; language: string; isDefault: boolean }[];
}

function parseMaster(text: string): MasterEntries {
  const lines = text.split('\n').map((l) => l.trim());
  const variants = lines.flatMap((l, i) => (l.startsWith('#EXT-X-STREAM-INF:') ? [lines[i + 1] ?? ''] : []));
  const audio = lines.flatMap((l) => {
    if (!l.startsWith('#EXT-X-MEDIA:') || !l.includes('TYPE=AUDIO')) return [];
    const attr = (name: string): string | undefined => {
      const m = new RegExp(`\\b${name}=(?:"([^"]*)"|([^,]*))`).exec(l);
      return m?.[1] ?? m?.[2];
    };
    const uri = attr('URI');
    return uri ? [{ uri, language: attr('LANGUAGE') ?? 'und', isDefault: attr('DEFAULT') === 'YES' }] : [];
  });
  return { variants, audio };
}

interface Rendition {
  id: number;
  kind: 'video' | 'audio';
  playlist: MediaPlaylist;
  /** First PTS of the TS segments, in seconds. */
  tsStart: number;
}

interface VideoProbe { width: number; height: number; sample_aspect_ratio?: string; r_frame_rate: string }

async function firstPts(file: string): Promise<number> {
  const [stream] = await probeStreams(file);
  const start = Number(stream?.start_time);
  if (!Number.isFinite(start)) throw new Error(`${file}: cannot read the start time`);
  return start;
}

const firstSegment = (p: MediaPlaylist): string => path.join(path.dirname(p.file), p.segments[0]?.uri ?? '');

/**
 * ffmpeg's DASH muxer always rebases each fMP4 track to start at 0 (video at
 * its first DTS, so its first PTS lands at the B-frame delay; audio at its
 * first, priming, frame), which shifts audio against video. The offset each
 * track was moved by is read back here and undone with the representation's
 * presentationTimeOffset, so presentation time 0 is the first video frame
 * and audio keeps exactly the distance to it it had in the TS segments.
 */
async function presentationTimeOffset(outDir: string, r: Rendition, contentStart: number): Promise<number> {
  const init = path.join(outDir, `init-${r.id}.mp4`);
  const first = path.join(outDir, segmentFile(r.id, 1));
  const mp4Start = await firstPts(`concat:${init}|${first}`);
  const rebasedBy = r.tsStart - mp4Start;
  return Math.round((contentStart - rebasedBy) * TIMESCALE);
}

/** HLS-style peak: the largest segment over its duration, so minBufferTime can be one segment. */
async function peakBandwidth(outDir: string, r: Rendition): Promise<number> {
  let peak = 0;
  for (const [i, seg] of r.playlist.segments.entries()) {
    const bits = (await stat(path.join(outDir, segmentFile(r.id, i + 1)))).size * 8;
    peak = Math.max(peak, bits / seg.duration);
  }
  return Math.ceil(peak);
}

const DASH_ARGS = [
  '-f', 'dash', '-seg_duration', String(SEGMENT_SECONDS), '-use_template', '1', '-use_timeline', '0',
  // No edit lists: MSE players differ in honouring them; timing lives in tfdt + presentationTimeOffset.
  '-format_options', 'use_editlist=0',
];

/**
 * Video and audio go through separate runs: in one run the muxer cuts audio
 * on the earliest video DTS, 124 frames into the first segment, while alone
 * it keeps the 125-frame (4 s) segments of the HLS audio rendition.
 */
async function remuxVideo(outDir: string, videos: Rendition[]): Promise<void> {
  const inputs = videos.flatMap((r) => ['-i', r.playlist.file]);
  const maps = videos.flatMap((_, i) => ['-map', `${i}:v:0`]);
  const manifest = path.join(outDir, 'remux-video.mpd');
  await ffmpeg([
    // copyts: the inputs' own timestamps, rather than each zeroed on its own start.
    '-copyts', ...inputs, ...maps, '-c', 'copy', '-tag:v', 'avc1', ...DASH_ARGS,
    '-adaptation_sets', 'id=0,streams=v', '-init_seg_name', INIT_TEMPLATE, '-media_seg_name', MEDIA_TEMPLATE, manifest,
  ]);
  await unlink(manifest);
}

async function remuxAudio(outDir: string, audio: Rendition): Promise<void> {
  const manifest = path.join(outDir, 'remux-audio.mpd');
  // Alone in its run the stream would get representation id 0: name its files after the final id instead.
  await ffmpeg([
    '-copyts', '-i', audio.playlist.file, '-map', '0:a:0', '-c', 'copy', '-tag:a', 'mp4a', '-bsf:a', 'aac_adtstoasc', ...DASH_ARGS,
    '-adaptation_sets', 'id=0,streams=a', '-init_seg_name', `init-${audio.id}.mp4`,
    '-media_seg_name', `seg-${audio.id}-$Number%03d$.m4s`, manifest,
  ]);
  await unlink(manifest);
}

/** Every rendition must come out with exactly the HLS segments: same count, so the same 4 s cuts. */
async function checkSegmentCounts(outDir: string, renditions: Rendition[]): Promise<void> {
  const files = new Set(await readdir(outDir));
  for (const r of renditions) {
    const count = [...files].filter((f) => f.startsWith(`seg-${r.id}-`)).length;
    if (count !== r.playlist.segments.length || !files.has(`init-${r.id}.mp4`)) {
      throw new Error(`${outDir}: representation ${r.id} has ${count} segments, ${path.relative(path.dirname(outDir), r.playlist.file)} has ${r.playlist.segments.length}`);
    }
  }
}

const isoDuration = (seconds: number): string => `PT${Number(seconds.toFixed(3))}S`;

function frameRate(rational: string): string {
  const [num, den] = rational.split('/');
  return den === undefined || den === '1' ? (num ?? rational) : rational;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function segmentTemplate(pto: number): string {
  return `<SegmentTemplate timescale="${TIMESCALE}" duration="${SEGMENT_SECONDS * TIMESCALE}" presentationTimeOffset="${pto}" startNumber="1" initialization="${INIT_TEMPLATE}" media="${MEDIA_TEMPLATE}"/>`;
}

/**
 * Remuxes the video variants of `<hlsDir>/<master>` and one audio rendition
 * into a static DASH presentation: `<outDir>/manifest.mpd`, one video
 * adaptation set (representations 0…n-1 in master order) and one audio set
 * (representation n). outDir is wiped first; it must not hold the HLS files.
 */
export async function remuxHlsToDash(hlsDir: string, outDir: string, options: DashRemuxOptions = {}): Promise<DashRemuxSummary> {
  const masterName = options.master ?? 'master.m3u8';
  const src = path.resolve(hlsDir);
  const out = path.resolve(outDir);
  if (out === src || src.startsWith(`${out}${path.sep}`)) throw new Error(`refusing to wipe ${out}: it holds the HLS input`);

  const master = parseMaster(await readFile(path.join(src, masterName), 'utf8'));
  if (master.variants.length === 0) throw new Error(`${masterName}: no video variants`);
  const audioEntry = options.audio
    ? master.audio.find((a) => path.dirname(a.uri) === options.audio)
    : (master.audio.find((a) => a.isDefault) ?? master.audio[0]);
  if (!audioEntry) throw new Error(`${masterName}: no audio rendition${options.audio ? ` "${options.audio}"` : ''}`);

  const load = async (uri: string, id: number, kind: Rendition['kind']): Promise<Rendition> => {
    const playlist = await readMediaPlaylist(path.join(src, uri));
    if (playlist.map) throw new Error(`${uri}: already fMP4; only MPEG-TS renditions are remuxed`);
    return { id, kind, playlist, tsStart: await firstPts(firstSegment(playlist)) };
  };
  const videos = await Promise.all(master.variants.map((uri, i) => load(uri, i, 'video')));
  const audio = await load(audioEntry.uri, videos.length, 'audio');
  const renditions = [...videos, audio];

  const contentStart = videos[0]?.tsStart ?? 0;
  if (videos.some((v) => Math.abs(v.tsStart - contentStart) > 1e-6)) throw new Error(`${src}: video renditions start at different times`);
  const duration = playlistDuration(videos[0]?.playlist ?? audio.playlist);

  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await remuxVideo(out, videos);
  await remuxAudio(out, audio);
  await checkSegmentCounts(out, renditions);

  const videoReps: string[] = [];
  const lines: string[] = [];
  let maxWidth = 0;
  let maxHeight = 0;
  let rate = '';
  for (const v of videos) {
    const segment = firstSegment(v.playlist);
    const { streams: [probe] } = await ffprobe<{ streams: VideoProbe[] }>([
      '-select_streams', 'v:0', '-show_entries', 'stream=width,height,sample_aspect_ratio,r_frame_rate', segment,
    ]);
    if (!probe) throw new Error(`${segment}: no video stream`);
    const bandwidth = await peakBandwidth(out, v);
    const pto = await presentationTimeOffset(out, v, contentStart);
    maxWidth = Math.max(maxWidth, probe.width);
    maxHeight = Math.max(maxHeight, probe.height);
    rate = frameRate(probe.r_frame_rate);
    const sar = probe.sample_aspect_ratio && probe.sample_aspect_ratio !== '0:1' ? ` sar="${probe.sample_aspect_ratio}"` : '';
    videoReps.push(
      `      <Representation id="${v.id}" mimeType="video/mp4" codecs="${await avcCodecString(segment)}" bandwidth="${bandwidth}" width="${probe.width}" height="${probe.height}"${sar} frameRate="${rate}">`,
      `        ${segmentTemplate(pto)}`,
      '      </Representation>',
    );
    lines.push(`dash representation ${v.id} (${path.dirname(path.relative(src, v.playlist.file))}, ${probe.height}p): peak ${Math.round(bandwidth / 1000)} kbps, ${v.playlist.segments.length} segs`);
  }

  const audioSegment = firstSegment(audio.playlist);
  const audioStream = (await probeStreams(audioSegment)).find((s) => s.codec_type === 'audio');
  if (!audioStream?.sample_rate || !audioStream.channels) throw new Error(`${audioSegment}: no audio stream`);
  const audioBandwidth = await peakBandwidth(out, audio);
  const audioPto = await presentationTimeOffset(out, audio, contentStart);
  lines.push(`dash representation ${audio.id} (${path.dirname(audioEntry.uri)}): peak ${Math.round(audioBandwidth / 1000)} kbps, ${audio.playlist.segments.length} segs`);

  const mpd = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static" mediaPresentationDuration="${isoDuration(duration)}" maxSegmentDuration="${isoDuration(SEGMENT_SECONDS)}" minBufferTime="${isoDuration(SEGMENT_SECONDS)}">`,
    '  <Period id="0" start="PT0S">',
    `    <AdaptationSet id="0" contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1" maxWidth="${maxWidth}" maxHeight="${maxHeight}" frameRate="${rate}">`,
    ...videoReps,
    '    </AdaptationSet>',
    `    <AdaptationSet id="1" contentType="audio" mimeType="audio/mp4" lang="${escapeAttr(audioEntry.language)}" segmentAlignment="true" startWithSAP="1">`,
    `      <Representation id="${audio.id}" mimeType="audio/mp4" codecs="${aacCodecString(audioStream)}" bandwidth="${audioBandwidth}" audioSamplingRate="${audioStream.sample_rate}">`,
    `        <AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="${audioStream.channels}"/>`,
    `        ${segmentTemplate(audioPto)}`,
    '      </Representation>',
    '    </AdaptationSet>',
    '  </Period>',
    '</MPD>',
    '',
  ].join('\n');
  await writeFile(path.join(out, 'manifest.mpd'), mpd, 'utf8');
  return { dir: out, lines };
}
