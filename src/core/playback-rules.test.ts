import { describe, expect, it } from 'vitest';
import { FakeTimeRanges } from '../../test/fakes/fake-video.ts';
import { clampVolume, liveEdgeTarget } from './playback-rules.ts';

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
