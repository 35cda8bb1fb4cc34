// Video: synthetic test pictures with burnt-in labels and a running time
// code, encoded with x264 into keyframe-aligned HLS or DASH renditions.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { aacArgs, type AacOptions } from './audio.ts';
import { clockText, drawtext, enableBetween } from './drawtext.ts';
import { hlsOutputArgs, type SegmentType } from './hls.ts';
import { ffmpeg } from './run.ts';
import { SEGMENT_SECONDS, type Workspace } from './workspace.ts';

export interface Rendition {
  name: string;
  width: number;
  height: number;
  crf: number;
  maxrateKbps: number;
  /** H.264 level; 3.1 (up to 720p) unless given. 1080p25 needs 4.0. */
  level?: string;
}

export interface Picture {
  /** lavfi source producing the background at `size` (e.g. "1280x720"). */
  background: (size: string, fps: number) => string;
  fps: number;
  duration: number;
  title: string;
  /** Second label line, e.g. «Сезон 1, серия 2 · Пилот». */
  subtitle?: string;
  clock: 'hms' | 'seconds';
  /** x264 tune, e.g. stillimage for the near-static long film. */
  tune?: string;
  /** Full-frame title cards over the background (a series' opening, its credits). */
  cards?: TitleCard[];
}

export interface TitleCard {
  from: number;
  to: number;
  /** drawbox colour, e.g. 0x1f2041. */
  color: string;
  heading: string;
  lines: string[];
}

/** A card: the frame filled with its colour, its heading in the middle and its lines below. */
async function cardFilters(ws: Workspace, card: TitleCard, h: number): Promise<string[]> {
  const during = { from: card.from, to: card.to };
  const filters = [`drawbox=x=0:y=0:w=iw:h=ih:color=${card.color}:t=fill:${enableBetween(card.from, card.to)}`];
  filters.push(await drawtext(ws, card.heading, { font: 'bold', size: h / 7, x: '(w-tw)/2', y: `h/2-th-${Math.round(h / 40)}`, color: 'yellow', shadow: true, during }));
  for (const [i, line] of card.lines.entries()) {
    const y = `h/2+${Math.round(h / 30 + (i * h) / 12)}`;
    filters.push(await drawtext(ws, line, { font: 'sans', size: h / 16, x: '(w-tw)/2', y, shadow: true, during }));
  }
  return filters;
}

/** Scale + labels for one rendition; sizes follow the rendition height. */
async function renditionFilter(ws: Workspace, pic: Picture, r: Rendition): Promise<string> {
  const h = r.height;
  const margin = Math.round(h / 24);
  const titleSize = h / 14;
  const filters = [
    `scale=${r.width}:${r.height}`,
    // 426x240 is not exactly 16:9; a matching DAR (SAR 640:639) keeps all
    // renditions one aspect ratio, which ffmpeg's DASH muxer insists on.
    'setdar=16/9',
    // Under the labels: the clock and the rendition stay readable over a card.
    ...(await Promise.all((pic.cards ?? []).map((card) => cardFilters(ws, card, h)))).flat(),
    await drawtext(ws, pic.title, { font: 'bold', size: titleSize, x: String(margin), y: String(margin), box: true }),
    await drawtext(ws, `${r.height}p`, { font: 'bold', size: h / 9, x: `w-tw-${margin}`, y: String(margin), box: true, color: 'yellow' }),
    await drawtext(ws, clockText(pic.clock), {
      font: 'mono', size: h / 7, x: '(w-tw)/2', y: `h-th-${Math.round(h / 10)}`, box: true, expand: true,
    }),
  ];
  if (pic.subtitle) {
    const y = Math.round(margin + titleSize * 1.7);
    filters.push(await drawtext(ws, pic.subtitle, { font: 'sans', size: h / 18, x: String(margin), y: String(y), box: true }));
  }
  return filters.join(',');
}

/** Background once at the largest size, split and scaled per rendition. */
export async function filterGraph(ws: Workspace, pic: Picture, renditions: Rendition[]): Promise<string> {
  const parts = [`[0:v]split=${renditions.length}${renditions.map((_, i) => `[src${i}]`).join('')}`];
  for (const [i, r] of renditions.entries()) parts.push(`[src${i}]${await renditionFilter(ws, pic, r)}[out${i}]`);
  return parts.join(';');
}

export function sourceArgs(pic: Picture, renditions: Rendition[]): string[] {
  const largest = renditions.reduce((a, b) => (b.height > a.height ? b : a));
  return ['-f', 'lavfi', '-t', String(pic.duration), '-i', pic.background(`${largest.width}x${largest.height}`, pic.fps)];
}

/**
 * x264 settings shared by everything. A keyframe is forced every
 * SEGMENT_SECONDS (and scene-cut keyframes are disabled) so every segment of
 * every rendition starts with an IDR at the same instant: ABR switching works.
 * `spec` targets one output stream when several share a muxer (DASH).
 * `gopSeconds` shortens the GOP below a segment (film 8: two 2 s GOPs per 4 s segment).
 */
export function x264Args(r: Rendition, fps: number, spec = 'v', tune?: string, gopSeconds = SEGMENT_SECONDS): string[] {
  const gop = String(fps * gopSeconds);
  return [
    `-c:${spec}`, 'libx264', '-preset', 'medium', '-profile:v', 'high', '-level:v', r.level ?? '3.1', '-pix_fmt', 'yuv420p',
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${gopSeconds})`,
    `-crf:${spec}`, String(r.crf), `-maxrate:${spec}`, `${r.maxrateKbps}k`, `-bufsize:${spec}`, `${r.maxrateKbps * 2}k`,
    ...(tune ? ['-tune', tune] : []),
  ];
}

export interface HlsVideoJob {
  picture: Picture;
  renditions: Rendition[];
  outDir: string;
  segmentType: SegmentType;
  /** Muxed audio (single-rendition outputs only): WAV + encoder options. */
  audio?: { wav: string; aac: AacOptions };
}

/** Encodes all renditions in one ffmpeg run; each lands in outDir/<name>/. */
export async function encodeHlsVideo(ws: Workspace, job: HlsVideoJob): Promise<void> {
  const { picture, renditions } = job;
  if (job.audio && renditions.length !== 1) throw new Error('muxed audio is only supported with one rendition');
  const inputs = sourceArgs(picture, renditions);
  if (job.audio) inputs.push('-i', job.audio.wav);
  const outputs: string[] = [];
  for (const [i, r] of renditions.entries()) {
    const dir = path.join(job.outDir, r.name);
    await mkdir(dir, { recursive: true });
    outputs.push('-map', `[out${i}]`, ...x264Args(r, picture.fps, 'v', picture.tune));
    outputs.push(...(job.audio ? ['-map', '1:a', ...aacArgs(job.audio.aac)] : ['-an']));
    outputs.push(...hlsOutputArgs(dir, job.segmentType));
  }
  await ffmpeg([...inputs, '-filter_complex', await filterGraph(ws, picture, renditions), ...outputs]);
}

export interface DashJob {
  picture: Picture;
  renditions: Rendition[];
  outDir: string;
  audio: { wav: string; aac: AacOptions };
}

/** Static (VOD) DASH: one video adaptation set with all renditions, one audio set. */
export async function encodeDash(ws: Workspace, job: DashJob): Promise<void> {
  const { picture, renditions } = job;
  await mkdir(job.outDir, { recursive: true });
  const video = renditions.flatMap((r, i) => ['-map', `[out${i}]`, ...x264Args(r, picture.fps, `v:${i}`)]);
  await ffmpeg([
    ...sourceArgs(picture, renditions), '-i', job.audio.wav,
    '-filter_complex', await filterGraph(ws, picture, renditions),
    ...video, '-map', '1:a', ...aacArgs(job.audio.aac),
    '-f', 'dash', '-seg_duration', String(SEGMENT_SECONDS), '-use_template', '1', '-use_timeline', '0',
    '-adaptation_sets', 'id=0,streams=v id=1,streams=a',
    '-init_seg_name', 'init-$RepresentationID$.mp4', '-media_seg_name', 'seg-$RepresentationID$-$Number%03d$.m4s',
    path.join(job.outDir, 'manifest.mpd'),
  ]);
}
