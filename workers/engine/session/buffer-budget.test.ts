import { describe, expect, it } from 'vitest';
import type { BufferSink } from '../media/media-sink.ts';
import { BufferBudget } from './buffer-budget.ts';

const MB = 1024 * 1024;

/** A buffer that takes everything and records its removals. */
function fakeBuffer(): BufferSink & { removed: Array<[number, number]> } {
  const removed: Array<[number, number]> = [];
  return {
    removed,
    append: async () => {},
    remove: async (start, end) => void removed.push([start, end]),
    setTimestampOffset: async () => {},
    resetParser: async () => {},
    rangeAt: () => undefined,
    firstStart: () => undefined,
    idle: async () => {},
  };
}

/** A 1 GB phone's bounds: 15 MB ahead, 5 MB behind; video and separate audio. */
function setUp() {
  const budget = new BufferBudget({ aheadBytes: 15 * MB, behindBytes: 5 * MB, fromDevice: true });
  const rawVideo = fakeBuffer();
  const rawAudio = fakeBuffer();
  const video = budget.watch(rawVideo, 'video');
  const audio = budget.watch(rawAudio, 'audio');
  return { budget, video, audio, rawVideo, rawAudio };
}

describe('BufferBudget', () => {
  it('holds the main track back once the bytes ahead and the next segment would pass the bound ahead', () => {
    const { budget, video } = setUp();
    expect(budget.allows(0, 4)).toBe(true);
    // A segment bigger than the bound still loads when nothing is ahead: playback needs it.
    budget.record(video, 0, 4, 20 * MB);
    expect(budget.allows(0, 4)).toBe(false);
    expect(budget.allows(4, 4)).toBe(true);
  });

  it('with 3.5 MB segments, 14 MB ahead leaves no room for a fifth one; a segment played, it loads', () => {
    const { budget, video } = setUp();
    for (let start = 0; start < 16; start += 4) budget.record(video, start, start + 4, 3.5 * MB);
    expect(budget.allows(0, 4)).toBe(false);
    expect(budget.allows(4, 4)).toBe(true);
  });

  it('before an append would pass the bound behind, removes what was played, keeping 3 s behind the playhead', async () => {
    const { budget, video, audio, rawVideo, rawAudio } = setUp();
    for (let start = 0; start < 12; start += 2) {
      budget.record(video, start, start + 2, 1 * MB);
      budget.record(audio, start, start + 2, 16_000);
    }
    // At 11 s: 5.5 MB of video behind (and the audio), over the 5 MB bound.
    await budget.makeRoom(100_000, 11);
    expect(rawVideo.removed).toEqual([[0, 2]]);
    expect(rawAudio.removed).toEqual([[0, 2]]);
    expect(budget.snapshot(11)).toMatchObject({ behind: Math.round(4.5 * MB + 9 * 8000), video: 5 * MB, audio: 5 * 16_000 });
  });

  it('within the bounds, an append removes nothing', async () => {
    const { budget, video, rawVideo } = setUp();
    budget.record(video, 0, 4, 2 * MB);
    await budget.makeRoom(1 * MB, 5);
    expect(rawVideo.removed).toEqual([]);
  });

  it('when keeping 3 s behind would not free enough, removes up to the segment holding the playhead, never into it', async () => {
    const { budget, video, rawVideo } = setUp();
    // Two 4 s segments of 4 MB, the playhead 1 s into the second: 4 MB + 1 MB behind, 3 MB ahead; 14 MB coming.
    budget.record(video, 0, 4, 4 * MB);
    budget.record(video, 4, 8, 4 * MB);
    await budget.makeRoom(14 * MB, 5);
    expect(rawVideo.removed).toEqual([[0, 4]]);
  });

  it('media left far ahead from before a seek back is dropped when it holds the main track back', async () => {
    const { budget, video, rawVideo } = setUp();
    for (let start = 100; start < 120; start += 4) budget.record(video, start, start + 4, 3 * MB);
    budget.record(video, 10, 14, 3 * MB);
    expect(budget.allows(11, 4)).toBe(false);
    expect(await budget.dropUnreachable(11)).toBe(true);
    expect(rawVideo.removed).toEqual([[14, Number.POSITIVE_INFINITY]]);
    expect(budget.allows(11, 4)).toBe(true);
  });
});
