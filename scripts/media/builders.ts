// Builds one episode folder end to end: renditions, master playlist(s),
// subtitles and thumbnails. make-media.ts only says *what* each content gets.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { encodeAudioHls, renderVoiceTrack, type AacOptions, type VoiceTrack } from './audio.ts';
import {
  describeAudio, describeVariant, joinRendition, joinSegments, probeStreams, readMediaPlaylist, writeMaster, type Variant,
} from './hls.ts';
import { writeSubs } from './subs.ts';
import { makeThumbs } from './thumbs.ts';
import { encodeDash, encodeHlsVideo, type Picture, type Rendition } from './video.ts';
import { SEGMENT_SECONDS, type Workspace } from './workspace.ts';

export interface SubtitleTrack {
  lang: string;
  vtt: string;
}

export interface AltAudio {
  /** Folder name, e.g. "audio-ru". */
  name: string;
  language: string;
  label: string;
  track: VoiceTrack;
  aac: AacOptions;
}

export interface MasterSpec {
  file: string;
  /** Names of the AltAudio folders in this master's group; the first is DEFAULT. */
  audio: string[];
}

export interface AltAudioEpisode {
  outDir: string;
  picture: Picture;
  renditions: Rendition[];
  audio: AltAudio[];
  masters: MasterSpec[];
  subtitles: SubtitleTrack[];
  thumbInterval: number;
}

/** What got built, for the log and the final report. */
export interface BuildSummary {
  dir: string;
  lines: string[];
}

const kbps = (bps: number): string => `${Math.round(bps / 1000)} kbps`;

function describeBitrates(name: string, v: { bitrate: { peak: number; average: number } }): string {
  return `${name}: avg ${kbps(v.bitrate.average)}, peak ${kbps(v.bitrate.peak)}`;
}

async function videoStartTime(dir: string): Promise<number> {
  const streams = await probeStreams(path.join(dir, 'seg-000.ts'));
  const start = Number(streams.find((s) => s.codec_type === 'video')?.start_time);
  if (!Number.isFinite(start)) throw new Error(`${dir}: cannot read video start time`);
  return start;
}

async function finishExtras(ws: Workspace, outDir: string, topRendition: string, fps: number, duration: number, ep: { subtitles: SubtitleTrack[]; thumbInterval: number }): Promise<string> {
  for (const s of ep.subtitles) await writeSubs(outDir, s.lang, s.vtt);
  const playlist = await readMediaPlaylist(path.join(outDir, topRendition, 'index.m3u8'));
  const tiles = await makeThumbs(await joinRendition(ws, playlist), fps, duration, ep.thumbInterval, outDir);
  return `subs: ${ep.subtitles.map((s) => s.lang).join(', ') || 'none'}; thumbs: ${tiles} tiles every ${ep.thumbInterval}s`;
}

/** A master's EXT-X-VERSION: the highest version among the media playlists it lists. */
async function mediaVersion(uris: string[], dir: string): Promise<number> {
  const versions = await Promise.all(uris.map(async (u) => (await readMediaPlaylist(path.join(dir, u))).version));
  return Math.max(3, ...versions);
}

/** Video-only TS renditions + separate audio renditions, one or more masters. */
export async function buildAltAudioEpisode(ws: Workspace, ep: AltAudioEpisode): Promise<BuildSummary> {
  const { outDir, picture, renditions } = ep;
  await encodeHlsVideo(ws, { picture, renditions, outDir, segmentType: 'mpegts' });
  const starts = await Promise.all(renditions.map((r) => videoStartTime(path.join(outDir, r.name))));
  const videoStart = starts[0] ?? 0;
  if (starts.some((s) => Math.abs(s - videoStart) > 1e-6)) throw new Error(`${outDir}: renditions start at different times: ${starts.join(', ')}`);

  for (const a of ep.audio) {
    const wav = await renderVoiceTrack(ws, a.track);
    await encodeAudioHls(wav, path.join(outDir, a.name), a.aac, videoStart);
  }

  const variants: Variant[] = [];
  for (const r of renditions) variants.push({ ...(await describeVariant(ws, outDir, path.join(outDir, r.name))), audioGroup: 'aud' });
  const lines = variants.map((v, i) => describeBitrates(renditions[i]?.name ?? '', v));
  for (const m of ep.masters) {
    const audio = await Promise.all(
      m.audio.map(async (name, i) => {
        const a = ep.audio.find((x) => x.name === name);
        if (!a) throw new Error(`unknown audio rendition ${name}`);
        return describeAudio(outDir, path.join(outDir, name), { groupId: 'aud', language: a.language, name: a.label, isDefault: i === 0 });
      }),
    );
    await writeMaster(path.join(outDir, m.file), await mediaVersion([...variants, ...audio].map((x) => x.uri), outDir), audio, variants);
    lines.push(...audio.map((a) => describeBitrates(`${path.dirname(a.uri)} (${m.file})`, a)));
  }
  const top = renditions.reduce((a, b) => (b.height > a.height ? b : a));
  lines.push(await finishExtras(ws, outDir, top.name, picture.fps, picture.duration, ep));
  return { dir: outDir, lines };
}

export interface MuxedEpisode {
  outDir: string;
  picture: Picture;
  rendition: Rendition;
  track: VoiceTrack;
  aac: AacOptions;
  segmentType: 'mpegts' | 'fmp4';
  subtitles: SubtitleTrack[];
  thumbInterval: number;
}

/** One rendition with audio and video in the same segments (TS or fMP4). */
export async function buildMuxedEpisode(ws: Workspace, ep: MuxedEpisode): Promise<BuildSummary> {
  const wav = await renderVoiceTrack(ws, ep.track);
  await encodeHlsVideo(ws, { picture: ep.picture, renditions: [ep.rendition], outDir: ep.outDir, segmentType: ep.segmentType, audio: { wav, aac: ep.aac } });
  const variant = await describeVariant(ws, ep.outDir, path.join(ep.outDir, ep.rendition.name));
  // fMP4 segments need EXT-X-MAP (version 6+; ffmpeg writes 7); TS stays at 3.
  await writeMaster(path.join(ep.outDir, 'master.m3u8'), await mediaVersion([variant.uri], ep.outDir), [], [variant]);
  const extras = await finishExtras(ws, ep.outDir, ep.rendition.name, ep.picture.fps, ep.picture.duration, ep);
  return { dir: ep.outDir, lines: [describeBitrates(`${ep.rendition.name} (muxed, ${ep.segmentType})`, variant), extras] };
}

export interface DashEpisode {
  outDir: string;
  picture: Picture;
  renditions: Rendition[];
  track: VoiceTrack;
  aac: AacOptions;
  subtitles: SubtitleTrack[];
  thumbInterval: number;
}

interface MpdRepresentation {
  id: string;
  bandwidth: number;
  height?: number;
}

function mpdRepresentations(mpd: string): MpdRepresentation[] {
  return [...mpd.matchAll(/<Representation ([^>]*)>/g)].map((m) => {
    const attr = (name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1] ?? '')?.[1];
    const height = attr('height');
    return { id: attr('id') ?? '', bandwidth: Number(attr('bandwidth')), ...(height ? { height: Number(height) } : {}) };
  });
}

/** Static DASH: video renditions in one adaptation set, audio in another. */
export async function buildDashEpisode(ws: Workspace, ep: DashEpisode): Promise<BuildSummary> {
  const wav = await renderVoiceTrack(ws, ep.track);
  await encodeDash(ws, { picture: ep.picture, renditions: ep.renditions, outDir: ep.outDir, audio: { wav, aac: ep.aac } });
  const reps = mpdRepresentations(await readFile(path.join(ep.outDir, 'manifest.mpd'), 'utf8'));
  const lines = reps.map((r) => `representation ${r.id}${r.height ? ` (${r.height}p)` : ' (audio)'}: ${kbps(r.bandwidth)} (MPD bandwidth)`);
  for (const s of ep.subtitles) await writeSubs(ep.outDir, s.lang, s.vtt);
  // Representation 0 is the first rendition listed (the largest): thumbs come from it.
  const segments = Math.ceil(ep.picture.duration / SEGMENT_SECONDS);
  const files = [path.join(ep.outDir, 'init-0.mp4'), ...Array.from({ length: segments }, (_, i) => path.join(ep.outDir, `seg-0-${String(i + 1).padStart(3, '0')}.m4s`))];
  const joined = await joinSegments(ws, files, 'mp4');
  const tiles = await makeThumbs(joined, ep.picture.fps, ep.picture.duration, ep.thumbInterval, ep.outDir);
  lines.push(`subs: ${ep.subtitles.map((s) => s.lang).join(', ')}; thumbs: ${tiles} tiles every ${ep.thumbInterval}s`);
  return { dir: ep.outDir, lines };
}
