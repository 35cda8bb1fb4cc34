// Sidecar WebVTT subtitles with made-up dialogue.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * One cue every `interval` seconds, back to back, so some line is on screen
 * for the whole duration (handy for checking that subtitles follow seeks).
 * Lines are cycled; `offset` lets episodes start at different lines.
 */
export function buildVtt(lines: readonly string[], duration: number, interval: number, offset = 0): string {
  const cues: string[] = [];
  for (let i = 0; i * interval < duration - 1e-9; i++) {
    const start = i * interval;
    const end = Math.min(start + interval, duration);
    cues.push(`${i + 1}\n${vttTime(start)} --> ${vttTime(end)}\n${lines[(i + offset) % lines.length] ?? ''}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

export async function writeSubs(outDir: string, lang: string, vtt: string): Promise<void> {
  const dir = path.join(outDir, 'subs');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${lang}.vtt`), vtt, 'utf8');
}
