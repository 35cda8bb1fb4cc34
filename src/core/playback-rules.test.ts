import { describe, expect, it } from 'vitest';
import { FakeTimeRanges } from '../../test/fakes/fake-video.ts';
import { clampVolume, liveEdgeTarget, seekTarget } from './playback-rules.ts';

describe('clampVolume (SPEC.md section 5)', () => {
  it.each([
    [0.5, 0.5],
    [-1, 0],
    [7, 1],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ])('%d → %s', (input, output) => {
    expect(clampVolume(input)).toBe(output);
  });
});

describe('liveEdgeTarget', () => {
  it('is the seekable end minus 2 s, never before the seekable start', () => {
    expect(liveEdgeTarget(new FakeTimeRanges([[100, 160]]) as unknown as TimeRanges)).toBe(158);
    expect(liveEdgeTarget(new FakeTimeRanges([[100, 101]]) as unknown as TimeRanges)).toBe(100);
    expect(liveEdgeTarget(new FakeTimeRanges() as unknown as TimeRanges)).toBeUndefined();
  });
});

describe('seekTarget', () => {
  it.each([
    ['a time inside the film', 30, 60, 30],
    ['the very end: its last frame', 60, 60, 59.99],
    ['past the end', 75, 60, 59.99],
    ['within the last frame already', 59.995, 60, 59.99],
    ['a live stream (no end)', 500, Number.POSITIVE_INFINITY, 500],
    ['an unknown duration', 5, Number.NaN, 5],
  ])('%s', (_case, time, duration, expected) => {
    expect(seekTarget(time, duration)).toBeCloseTo(expected, 6);
  });
});
