// The intro detector's fingerprint and matching (scripts/intro) on made-up sound: a shared
// opening placed at a different offset in episodes that otherwise sound nothing alike.
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_SAMPLE_RATE, fingerprint, HOP_SECONDS, popcount } from '../../scripts/intro/fingerprint.ts';
import { detectIntros, longestSharedRun, runSpan } from '../../scripts/intro/match.ts';
import { openingThemeSamples } from '../../scripts/media/opening.ts';

const RATE = FINGERPRINT_SAMPLE_RATE;
const THEME = openingThemeSamples(8, RATE);

/** A repeatable pseudo-random source, so each episode's own sound is its own and the test is the same every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 0xffffffff) * 2 - 1;
  };
}

/**
 * An episode: its own "dialogue" (tones that wander, at the episode's pace) over noise, with the
 * opening theme in place of everything from `introAt` for 8 s.
 */
function episode(seconds: number, introAt: number | null, seed: number): Float32Array {
  const random = noise(seed);
  const samples = new Float32Array(seconds * RATE);
  let pitch = 300 + (seed % 7) * 40;
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    if (i % (RATE / 5) === 0) pitch = 200 + Math.abs(random()) * 1500;
    phase += (2 * Math.PI * pitch) / RATE;
    samples[i] = 0.3 * Math.sin(phase) + 0.05 * random();
  }
  if (introAt !== null) samples.set(THEME, Math.round(introAt * RATE));
  return samples;
}

describe('popcount', () => {
  it('counts the set bits of a 32-bit word', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(0xffffffff)).toBe(32);
    expect(popcount(0x80000001)).toBe(2);
    expect(popcount(0b1011_0110)).toBe(5);
  });
});

describe('the fingerprint', () => {
  it('gives a frame every 0.1 s, the same bits for the same sound at any loudness, and marks silence', () => {
    const loud = episode(5, null, 3);
    const print = fingerprint(loud);
    expect(print.bits.length).toBe(Math.floor((5 - 0.256) / HOP_SECONDS) + 1);
    const quieter = fingerprint(loud.map((sample) => sample * 0.25));
    expect([...quieter.bits]).toEqual([...print.bits]);
    const silence = fingerprint(new Float32Array(3 * RATE));
    expect([...silence.silent].every((flag) => flag === 1)).toBe(true);
  });

  it('differs in about half the bits between unrelated sounds', () => {
    const a = fingerprint(episode(6, null, 1));
    const b = fingerprint(episode(6, null, 2));
    let differing = 0;
    for (let i = 1; i < a.bits.length; i++) differing += popcount(((a.bits[i] ?? 0) ^ (b.bits[i] ?? 0)) >>> 0);
    const share = differing / ((a.bits.length - 1) * 32);
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
  });
});

describe('matching', () => {
  it('finds the shared opening and where it sits in each episode, within half a second', () => {
    const run = longestSharedRun(fingerprint(episode(24, 3, 11)), fingerprint(episode(24, 9.5, 12)));
    expect(run).not.toBeNull();
    if (!run) return;
    const inA = runSpan(run.aStart, run.frames);
    const inB = runSpan(run.bStart, run.frames);
    expect(Math.abs(inA.start - 3)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(inA.end - 11)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(inB.start - 9.5)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(inB.end - 17.5)).toBeLessThanOrEqual(0.5);
  });

  it('finds nothing between episodes that share no sound, nor in silence they share', () => {
    expect(longestSharedRun(fingerprint(episode(20, null, 21)), fingerprint(episode(20, null, 22)))).toBeNull();
    const silentStart = (seed: number) => {
      const samples = episode(20, null, seed);
      samples.fill(0, 0, 8 * RATE);
      return fingerprint(samples);
    };
    expect(longestSharedRun(silentStart(23), silentStart(24))).toBeNull();
  });

  it('carries a run across a short disagreement but not a long one', () => {
    const agreeing = (frames: number) => ({ bits: Uint32Array.from({ length: frames }, (_, i) => (i * 2654435761) >>> 0), silent: new Uint8Array(frames) });
    const a = agreeing(100);
    const withGap = (gap: number) => {
      const b = agreeing(100);
      for (let i = 50; i < 50 + gap; i++) b.bits[i] = ~(a.bits[i] ?? 0) >>> 0;
      return b;
    };
    const options = { maxBitErrors: 8, maxGapFrames: 4, minSeconds: 1 };
    expect(longestSharedRun(a, withGap(3), options)).toEqual({ aStart: 0, bStart: 0, frames: 100 });
    expect(longestSharedRun(a, withGap(6), options)).toEqual({ aStart: 0, bStart: 0, frames: 50 });
  });

  it('proposes every episode\'s intro in a season, and none in a season of one', () => {
    const season = new Map([
      ['e1', fingerprint(episode(24, 0, 31))],
      ['e2', fingerprint(episode(24, 3, 32))],
      ['e3', fingerprint(episode(24, 2, 33))],
      ['e4', fingerprint(episode(24, null, 34))],
    ]);
    const intros = detectIntros(season);
    for (const [id, start] of [['e1', 0], ['e2', 3], ['e3', 2]] as const) {
      const intro = intros.get(id);
      expect(intro, id).not.toBeNull();
      expect(Math.abs((intro?.start ?? -9) - start), id).toBeLessThanOrEqual(0.5);
      expect(Math.abs((intro?.end ?? -9) - (start + 8)), id).toBeLessThanOrEqual(0.5);
    }
    // An episode without the opening (a special, a pilot without titles) gets none.
    expect(intros.get('e4')).toBeNull();
    expect(detectIntros(new Map([['film', fingerprint(episode(24, 0, 41))]])).get('film')).toBeNull();
  });
});
