// Finding the stretch of sound two episodes share: every alignment of one fingerprint against
// the other is tried, and along each the longest run of frames that agree (few bits differ, a
// short disagreement allowed) is kept. The best run over all alignments is the shared part; a
// season's intro is what each episode shares with the others.
import { FRAME_SECONDS, HOP_SECONDS, popcount, type Fingerprint } from './fingerprint.ts';

export interface MatchOptions {
  /** Frames agree when at most this many of their 32 bits differ. */
  maxBitErrors: number;
  /** A run goes on across at most this many disagreeing frames in a row. */
  maxGapFrames: number;
  /** Shorter runs are chance, not a shared intro. */
  minSeconds: number;
}

export const DEFAULT_MATCH: MatchOptions = { maxBitErrors: 8, maxGapFrames: 4, minSeconds: 4 };

/** A run of agreeing frames: where it starts in each fingerprint and how many frames it spans. */
export interface SharedRun {
  aStart: number;
  bStart: number;
  frames: number;
}

/** The longest run the two fingerprints share at any alignment; null when none is minSeconds long. */
export function longestSharedRun(a: Fingerprint, b: Fingerprint, options: MatchOptions = DEFAULT_MATCH): SharedRun | null {
  const minFrames = Math.ceil(options.minSeconds / HOP_SECONDS);
  let best: SharedRun | null = null;
  // b's frame j faces a's frame j - shift.
  for (let shift = -(a.bits.length - 1); shift < b.bits.length; shift++) {
    const first = Math.max(0, -shift);
    const last = Math.min(a.bits.length, b.bits.length - shift);
    let runStart = -1;
    let lastAgreeing = -1;
    for (let i = first; i < last; i++) {
      const j = i + shift;
      const agree = !a.silent[i] && !b.silent[j] && popcount(((a.bits[i] ?? 0) ^ (b.bits[j] ?? 0)) >>> 0) <= options.maxBitErrors;
      if (!agree) continue;
      if (runStart < 0 || i - lastAgreeing - 1 > options.maxGapFrames) runStart = i;
      lastAgreeing = i;
      const frames = lastAgreeing - runStart + 1;
      if (frames > (best?.frames ?? 0)) best = { aStart: runStart, bStart: runStart + shift, frames };
    }
  }
  return best && best.frames >= minFrames ? best : null;
}

/** Seconds from the start of the audio. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The stretch of sound a run covers. A frame's bits compare it with the frame before, so the run's
 * first frame already lies a hop inside the shared sound; its last frame's window ends with it.
 */
export function runSpan(startFrame: number, frames: number): Span {
  const start = Math.max(0, (startFrame - 1) * HOP_SECONDS);
  const end = (startFrame + frames - 1) * HOP_SECONDS + FRAME_SECONDS;
  return { start: round(start), end: round(end) };
}

/**
 * Each episode's intro: the longest stretch it shares with any other episode of the season.
 * An episode that shares nothing long enough with any other (or a season of one) has none.
 */
export function detectIntros<Id>(episodes: ReadonlyMap<Id, Fingerprint>, options: MatchOptions = DEFAULT_MATCH): Map<Id, Span | null> {
  const best = new Map<Id, { frames: number; span: Span } | null>([...episodes.keys()].map((id) => [id, null]));
  const ids = [...episodes.keys()];
  for (const [index, a] of ids.entries()) {
    for (const b of ids.slice(index + 1)) {
      const run = longestSharedRun(episodes.get(a) as Fingerprint, episodes.get(b) as Fingerprint, options);
      if (!run) continue;
      for (const [id, start] of [[a, run.aStart], [b, run.bStart]] as const) {
        const current = best.get(id);
        if (!current || run.frames > current.frames) best.set(id, { frames: run.frames, span: runSpan(start, run.frames) });
      }
    }
  }
  return new Map([...best].map(([id, found]) => [id, found?.span ?? null]));
}

const round = (seconds: number): number => Math.round(seconds * 10) / 10;
