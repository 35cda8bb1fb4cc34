// Posters (content and episode) as small JPEGs generated with ffmpeg.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { episodesOf, type Catalogue, type Content } from './catalogue.ts';
import { drawtext, wrapTitle } from './drawtext.ts';
import { ffmpeg } from './run.ts';
import type { Workspace } from './workspace.ts';

const POSTER_MAX_BYTES = 40 * 1024;
const EPISODE_MAX_BYTES = 20 * 1024;

/** Two gradient colours per content id, so every title has its own look. */
const PALETTE: Record<number, [string, string]> = {
  1: ['0x1d4e89', '0x050d1a'],
  2: ['0x6a2c91', '0x12051c'],
  3: ['0x127475', '0x031515'],
  4: ['0x9c5b12', '0x1c0e02'],
  5: ['0x5f6368', '0x101112'],
  6: ['0xb3202c', '0x1d0306'],
  7: ['0x2f8a3c', '0x061807'],
};

export function contentColours(id: number): [string, string] {
  return PALETTE[id] ?? ['0x444444', '0x111111'];
}

/** Writes a single-frame JPEG, raising the quantiser until it fits the byte budget. */
async function jpegWithin(source: string, filters: string, file: string, maxBytes: number): Promise<void> {
  for (let q = 3; q <= 20; q++) {
    await ffmpeg(['-f', 'lavfi', '-i', source, '-vf', filters, '-frames:v', '1', '-q:v', String(q), file]);
    if ((await stat(file)).size <= maxBytes) return;
  }
  throw new Error(`${file} does not fit in ${maxBytes} bytes`);
}

function gradient(size: string, [c0, c1]: [string, string], w: number, h: number): string {
  return `gradients=s=${size}:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=${w}:y1=${h}:n=2:d=1`;
}

/** Title lines centred; the font shrinks so the longest line fits the width. */
async function titleLines(ws: Workspace, title: string, width: number, centreY: number, maxSize: number, oneLine: number): Promise<string[]> {
  const lines = wrapTitle(title, oneLine);
  const longest = Math.max(...lines.map((l) => l.length));
  // ~0.66 em per character is DejaVu Sans Bold's average Cyrillic advance.
  const size = Math.min(maxSize, Math.floor((width * 0.88) / (longest * 0.66)));
  const lineHeight = size * 1.25;
  const top = centreY - (lineHeight * lines.length) / 2;
  return Promise.all(
    lines.map((line, i) => drawtext(ws, line, { font: 'bold', size, x: '(w-tw)/2', y: String(Math.round(top + i * lineHeight)), shadow: true })),
  );
}

async function contentPoster(ws: Workspace, content: Content, dir: string): Promise<void> {
  const filters = [
    'drawbox=x=40:y=420:w=320:h=3:color=white@0.7:t=fill',
    await drawtext(ws, content.type === 'series' ? 'СЕРИАЛ' : 'ФИЛЬМ', { font: 'sans', size: 22, x: '(w-tw)/2', y: '48', color: 'white@0.85' }),
    ...(await titleLines(ws, content.title, 400, 260, 64, 11)),
    await drawtext(ws, String(content.year), { font: 'sans', size: 34, x: '(w-tw)/2', y: '450', color: 'white@0.9' }),
  ];
  await jpegWithin(gradient('400x600', contentColours(content.id), 400, 600), filters.join(','), path.join(dir, `content-${content.id}.jpg`), POSTER_MAX_BYTES);
}

async function episodePosters(ws: Workspace, content: Content, dir: string): Promise<number> {
  const [c0, c1] = contentColours(content.id);
  const refs = episodesOf(content);
  for (const ref of refs) {
    const filters = [
      await drawtext(ws, `Сезон ${ref.season} · Серия ${ref.episode.order}`, { font: 'sans', size: 18, x: '16', y: '14', color: 'white@0.9' }),
      ...(await titleLines(ws, ref.episode.title, 320, 105, 34, 14)),
    ];
    // Flip the gradient direction per episode so neighbouring stills differ.
    const flip = ref.episode.order % 2 === 0;
    const source = gradient('320x180', flip ? [c1, c0] : [c0, c1], 320, 180);
    await jpegWithin(source, filters.join(','), path.join(dir, `episode-${ref.episode.id}.jpg`), EPISODE_MAX_BYTES);
  }
  return refs.length;
}

/** posters/content-{id}.jpg for every content, posters/episode-{id}.jpg for series episodes. */
export async function makePosters(ws: Workspace, cat: Catalogue, mediaRoot: string): Promise<number> {
  const dir = path.join(mediaRoot, 'posters');
  await mkdir(dir, { recursive: true });
  let count = 0;
  for (const content of cat.contents) {
    await contentPoster(ws, content, dir);
    count += 1;
    if (content.type === 'series') count += await episodePosters(ws, content, dir);
  }
  return count;
}
