// The demo series' opening theme: the same 8 s of music at the start of each episode's
// opening titles, in both voice-overs, so an intro detector matching the episodes' audio
// finds it. Written sample by sample: a melody that never repeats within the opening (a
// looped jingle would match itself a beat later as well as it matches in place).
import { writeFile } from 'node:fs/promises';
import type { Workspace } from './workspace.ts';

/** Semitones above the theme's root, one per quarter second: 32 notes for the 8 s opening. */
const MELODY = [0, 4, 7, 12, 11, 7, 4, 5, 9, 12, 16, 14, 12, 9, 7, 2, 5, 9, 14, 17, 16, 12, 9, 11, 7, 4, 0, 2, 4, 7, 12, 19];
/** Bass notes, one per second, an octave and a half below. */
const BASS = [-12, -7, -3, -10, -5, -8, -12, -5];
const ROOT_HZ = 392;
const NOTE_SECONDS = 0.25;

const hz = (semitones: number): number => ROOT_HZ * 2 ** (semitones / 12);

/** The theme's samples in [-1, 1]: melody with two overtones over a bass line, each note faded in and out. */
export function openingThemeSamples(durationSeconds: number, sampleRate: number): Float32Array {
  const samples = new Float32Array(Math.round(durationSeconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const note = Math.floor(t / NOTE_SECONDS);
    const inNote = (t % NOTE_SECONDS) / NOTE_SECONDS;
    const melodyHz = hz(MELODY[note % MELODY.length] ?? 0);
    // sin envelope: silent at every note boundary, so frequency jumps do not click.
    const envelope = Math.sin(Math.PI * inNote);
    const melody = Math.sin(2 * Math.PI * melodyHz * t) + 0.4 * Math.sin(4 * Math.PI * melodyHz * t) + 0.2 * Math.sin(6 * Math.PI * melodyHz * t);
    const bassHz = hz(BASS[Math.floor(t) % BASS.length] ?? 0);
    const bass = Math.sin(2 * Math.PI * bassHz * t) * Math.sin(Math.PI * (t % 1));
    // The whole opening fades in and out over a tenth of a second.
    const edge = Math.min(1, t / 0.1, (durationSeconds - t) / 0.1);
    samples[i] = 0.32 * edge * (0.6 * envelope * melody + 0.5 * bass);
  }
  return samples;
}

/** 16-bit mono PCM WAV bytes of `samples`. */
export function wavBytes(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Writes the theme as a WAV in the workspace and returns its path. */
export async function renderOpeningTheme(ws: Workspace, durationSeconds: number, sampleRate: number): Promise<string> {
  const file = ws.file('opening-theme', 'wav');
  await writeFile(file, wavBytes(openingThemeSamples(durationSeconds, sampleRate), sampleRate));
  return file;
}
