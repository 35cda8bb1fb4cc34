import { describe, expect, it } from 'vitest';
import { findThumbnail } from './thumbnail-lookup.ts';
import type { ThumbnailCue } from './thumbnail-types.ts';

const cue = (startTime: number, endTime: number): ThumbnailCue => ({ url: `https://x.example/${startTime}.jpg`, startTime, endTime });

// A VTT-like list with a gap between 10 and 15 and a closed end, and a JSON-like open one.
const GAPPED = [cue(2, 5), cue(5, 10), cue(15, 20)];
const OPEN = [cue(0, 5), cue(5, 10), cue(10, Infinity)];

describe('findThumbnail', () => {
  it.each<[string, readonly ThumbnailCue[], number, number | undefined]>([
    ['before the first cue', GAPPED, 1.999, undefined],
    ['exactly at the first start', GAPPED, 2, 0],
    ['inside a cue', GAPPED, 3.5, 0],
    ['exactly at a boundary: the later cue', GAPPED, 5, 1],
    ['just before a boundary', GAPPED, 4.999, 0],
    ['between cues, in a gap', GAPPED, 12, undefined],
    ['exactly at the end of the last closed cue', GAPPED, 20, undefined],
    ['after the last closed cue', GAPPED, 1e6, undefined],
    ['exactly at the last start', GAPPED, 15, 2],
    ['after the last open cue', OPEN, 1e9, 2],
    ['at zero', OPEN, 0, 0],
    ['negative time', OPEN, -1, undefined],
    ['NaN', OPEN, NaN, undefined],
    ['an empty list', [], 3, undefined],
  ])('%s', (_name, cues, time, index) => {
    expect(findThumbnail(cues, time)).toBe(index === undefined ? undefined : cues[index]);
  });

  it('agrees with a linear scan over 188 tiles', () => {
    const cues = Array.from({ length: 188 }, (_, i) => cue(i * 10, i === 100 ? 1005 : i * 10 + 10));
    // The tiles do not overlap, so the covering cue is unique; tile 100 ends early, leaving a gap.
    const linear = (time: number): ThumbnailCue | undefined => cues.find((c) => c.startTime <= time && time < c.endTime);
    for (let time = -5; time < 1900; time += 2.5) {
      expect(findThumbnail(cues, time), `at ${time}`).toBe(linear(time));
    }
  });
});
