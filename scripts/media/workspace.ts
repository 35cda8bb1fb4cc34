// Paths, fonts and the temporary work directory shared by the generators.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const mediaRoot = path.join(repoRoot, 'server', 'media');
export const cataloguePath = path.join(repoRoot, 'server', 'db', 'demo-catalogue.json');

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const FONTS = {
  sans: `${FONT_DIR}/DejaVuSans.ttf`,
  bold: `${FONT_DIR}/DejaVuSans-Bold.ttf`,
  mono: `${FONT_DIR}/DejaVuSansMono.ttf`,
} as const;
export type FontName = keyof typeof FONTS;

/** All HLS/DASH segments are cut at this interval (seconds); keyframes are forced on it. */
export const SEGMENT_SECONDS = 4;

/**
 * Paths end up inside ffmpeg filtergraphs (fontfile=, textfile=), where ':' ','
 * '\'' and '\\' are special. Rather than escape, refuse anything unusual:
 * every path we put there is one we built ourselves.
 */
export function filterSafePath(p: string): string {
  if (!/^[\w/.-]+$/.test(p)) throw new Error(`path not safe for an ffmpeg filtergraph: ${p}`);
  return p;
}

/** A temp directory for intermediate files (speech WAVs, drawtext text files). */
export class Workspace {
  private counter = 0;
  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async create(): Promise<Workspace> {
    return new Workspace(await mkdtemp(path.join(tmpdir(), 'make-media-')));
  }

  /** A fresh unique path in the workspace, e.g. file('speech', 'wav'). */
  file(stem: string, ext: string): string {
    this.counter += 1;
    return filterSafePath(path.join(this.dir, `${stem}-${this.counter}.${ext}`));
  }

  /** Writes UTF-8 text for drawtext's textfile= (so titles need no escaping). */
  async text(content: string): Promise<string> {
    const file = this.file('text', 'txt');
    await writeFile(file, content, 'utf8');
    return file;
  }

  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
