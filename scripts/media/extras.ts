// Progressive MP4s: the ad creatives and the "blocked in your country" clip.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { aacArgs, jingleSource } from './audio.ts';
import type { Ad } from './catalogue.ts';
import { clockText, drawtext } from './drawtext.ts';
import { ffmpeg } from './run.ts';
import type { Workspace } from './workspace.ts';

const AD_MAX_BYTES = 600 * 1024;
const PLACEHOLDER_MAX_BYTES = 30 * 1024;

const AD_LOOKS: [string, string, number][] = [
  // gradient colours, jingle base frequency (Hz)
  ['0xf39c12', '0xc0392b', 392],
  ['0x2c3e50', '0x8e44ad', 262],
];

/** Plain MP4 settings: moov first (+faststart) so playback starts before the download ends. */
function mp4Video(crf: number, maxrateKbps: number): string[] {
  return [
    '-c:v', 'libx264', '-preset', 'medium', '-profile:v', 'high', '-level:v', '3.1', '-pix_fmt', 'yuv420p',
    '-crf', String(crf), '-maxrate', `${maxrateKbps}k`, '-bufsize', `${maxrateKbps * 2}k`, '-movflags', '+faststart',
  ];
}

async function assertSize(file: string, maxBytes: number): Promise<void> {
  const { size } = await stat(file);
  if (size > maxBytes) throw new Error(`${file} is ${size} bytes, over the ${maxBytes}-byte budget`);
}

export async function makeAd(ws: Workspace, ad: Ad, index: number, mediaRoot: string): Promise<string> {
  const file = path.join(mediaRoot, ad.file);
  await mkdir(path.dirname(file), { recursive: true });
  const look = AD_LOOKS[index % AD_LOOKS.length];
  if (!look) throw new Error('no ad looks defined');
  const [c0, c1, baseHz] = look;
  const d = ad.duration;
  const filters = [
    await drawtext(ws, 'РЕКЛАМА', { font: 'bold', size: 96, x: '(w-tw)/2', y: '40', shadow: true }),
    await drawtext(ws, ad.title, { font: 'sans', size: Math.min(34, Math.floor(580 / (ad.title.length * 0.6))), x: '(w-tw)/2', y: '175', shadow: true }),
    // Countdown to the end of the creative: 15 … 1.
    await drawtext(ws, `Осталось %{eif:ceil(${d}-t):d} с`, { font: 'bold', size: 30, x: '(w-tw)/2', y: '250', box: true, expand: true }),
    await drawtext(ws, clockText('hms'), { font: 'mono', size: 22, x: 'w-tw-12', y: 'h-th-12', box: true, expand: true }),
  ];
  await ffmpeg([
    '-f', 'lavfi', '-t', String(d), '-i', `gradients=s=640x360:r=25:c0=${c0}:c1=${c1}:speed=0.03`,
    '-f', 'lavfi', '-i', jingleSource(baseHz, d, 48000),
    '-vf', filters.join(','), '-map', '0:v', '-map', '1:a', '-t', String(d),
    ...mp4Video(30, 250), ...aacArgs({ bitrateKbps: 64, sampleRate: 48000, channels: 2 }), file,
  ]);
  await assertSize(file, AD_MAX_BYTES);
  return file;
}

/** 1 s of black and silence, played instead of content blocked in the viewer's country. */
export async function makePlaceholder(mediaRoot: string): Promise<string> {
  const file = path.join(mediaRoot, 'placeholder', 'blocked.mp4');
  await mkdir(path.dirname(file), { recursive: true });
  await ffmpeg([
    '-f', 'lavfi', '-t', '1', '-i', 'color=c=black:s=160x90:r=25',
    '-f', 'lavfi', '-t', '1', '-i', 'anullsrc=r=48000:cl=stereo',
    '-map', '0:v', '-map', '1:a', '-t', '1',
    ...mp4Video(40, 50), ...aacArgs({ bitrateKbps: 32, sampleRate: 48000, channels: 2 }), file,
  ]);
  await assertSize(file, PLACEHOLDER_MAX_BYTES);
  return file;
}
