// Seek-preview thumbnails: one JPEG sprite of 160x90 tiles, 10 per row,
// described both as WebVTT (#xywh fragments) and as JSON.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpeg } from './run.ts';
import { vttTime } from './subs.ts';

export const TILE_W = 160;
export const TILE_H = 90;
export const COLUMNS = 10;

export interface Tile {
  x: number;
  y: number;
  startTime: number;
  endTime: number;
}

export function tileLayout(duration: number, interval: number): Tile[] {
  const count = Math.ceil(duration / interval - 1e-9);
  return Array.from({ length: count }, (_, i) => ({
    x: (i % COLUMNS) * TILE_W,
    y: Math.floor(i / COLUMNS) * TILE_H,
    startTime: i * interval,
    // The last cue ends exactly at the media duration.
    endTime: Math.min((i + 1) * interval, duration),
  }));
}

/**
 * `source` is a decodable file of the rendition (see joinRendition). Frames
 * are picked by index (n = i * interval * fps) rather than with the fps
 * filter, so tile i shows exactly the frame at time i*interval.
 */
export async function makeThumbs(source: string, fps: number, duration: number, interval: number, outDir: string): Promise<number> {
  const dir = path.join(outDir, 'thumbs');
  await mkdir(dir, { recursive: true });
  const tiles = tileLayout(duration, interval);
  const rows = Math.ceil(tiles.length / COLUMNS);
  // Fewer than 10 tiles: a narrower sprite, same x = (i % 10) * 160 addressing.
  const columns = Math.min(COLUMNS, tiles.length);
  const step = Math.round(interval * fps);
  await ffmpeg([
    '-i', source, '-map', '0:v:0',
    '-vf', `select='not(mod(n,${step}))',scale=${TILE_W}:${TILE_H},setsar=1,tile=${columns}x${rows}`,
    '-frames:v', '1', '-q:v', '5', path.join(dir, 'sprite.jpg'),
  ]);
  const cues = tiles.map((t) => `${vttTime(t.startTime)} --> ${vttTime(t.endTime)}\nsprite.jpg#xywh=${t.x},${t.y},${TILE_W},${TILE_H}`);
  await writeFile(path.join(dir, 'thumbs.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`, 'utf8');
  const json = {
    url: 'sprite.jpg',
    tileWidth: TILE_W,
    tileHeight: TILE_H,
    tiles: tiles.map(({ x, y, startTime }) => ({ x, y, startTime })),
  };
  await writeFile(path.join(dir, 'thumbs.json'), `${JSON.stringify(json)}\n`, 'utf8');
  return tiles.length;
}
