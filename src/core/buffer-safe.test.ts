import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeTimeRanges, FakeVideo } from '../../test/fakes/fake-video.ts';
import { bufferIsSafe, SAFE_AT_THE_LATEST_MS, whenBufferSafe } from './buffer-safe.ts';
import { createPlayerEvents, reportMediaEvents } from './events.ts';
import { PlayerError } from '../contract/errors/player-error.ts';

/** A fake element reporting through the real event map, and whether the moment has come. */
function setUp() {
  const video = new FakeVideo();
  const events = createPlayerEvents();
  const lifetime = new AbortController();
  reportMediaEvents(video.asElement(), events, lifetime.signal);
  let safe = false;
  void whenBufferSafe({ video: video.asElement(), events, signal: lifetime.signal }).then(() => (safe = true));
  const settled = async () => {
    await Promise.resolve();
    await Promise.resolve();
    return safe;
  };
  const buffer = (ranges: Array<[number, number]>, type = 'progress') => {
    video.buffered = new FakeTimeRanges(ranges);
    video.dispatchEvent(new Event(type));
  };
  return { video, events, lifetime, settled, buffer };
}

describe('bufferIsSafe', () => {
  it.each([
    { ranges: [[0, 10]], time: 0, duration: 600, safe: true, why: '10 s ahead' },
    { ranges: [[0, 9.5]], time: 0, duration: 600, safe: false, why: '9.5 s ahead' },
    { ranges: [[0, 4], [5, 30]], time: 0, duration: 600, safe: false, why: 'a gap after 4 s' },
    { ranges: [[0, 30]], time: 25, duration: 600, safe: false, why: 'only 5 s left ahead of the playhead' },
    { ranges: [[0, 6]], time: 1, duration: 6, safe: true, why: 'the end of a short clip' },
    { ranges: [], time: 0, duration: 6, safe: false, why: 'nothing buffered' },
    { ranges: [[0, 6]], time: 0, duration: Number.NaN, safe: false, why: 'an unknown duration' },
  ] as const)('$why: $safe', ({ ranges, time, duration, safe }) => {
    const video = new FakeVideo();
    video.buffered = new FakeTimeRanges(ranges.map(([start, end]) => [start, end]));
    video.currentTime = time;
    video.duration = duration;
    expect(bufferIsSafe(video.asElement())).toBe(safe);
  });
});

describe('whenBufferSafe', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('comes once 10 s are buffered after the first picture, not before', async () => {
    const { video, settled, buffer } = setUp();
    video.duration = 600;
    buffer([[0, 3]]);
    video.dispatchEvent(new Event('loadeddata'));
    expect(await settled()).toBe(false);
    buffer([[0, 8]]);
    expect(await settled()).toBe(false);
    buffer([[0, 10.5]]);
    expect(await settled()).toBe(true);
  });

  it('waits for the first picture even when the buffer is already safe', async () => {
    const { video, settled, buffer } = setUp();
    video.duration = 600;
    buffer([[0, 20]]);
    expect(await settled()).toBe(false);
    video.dispatchEvent(new Event('loadeddata'));
    expect(await settled()).toBe(true);
  });

  it('comes when the buffer reaches the end of a short media', async () => {
    const { video, settled, buffer } = setUp();
    video.duration = 4;
    video.dispatchEvent(new Event('loadeddata'));
    buffer([[0, 4]]);
    expect(await settled()).toBe(true);
  });

  it('comes 10 s after the first picture on a link too slow to buffer', async () => {
    const { video, settled, buffer } = setUp();
    video.duration = 600;
    video.dispatchEvent(new Event('loadeddata'));
    buffer([[0, 2]]);
    vi.advanceTimersByTime(SAFE_AT_THE_LATEST_MS - 1);
    expect(await settled()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled()).toBe(true);
  });

  it('never comes before the first picture however long it takes', async () => {
    const { settled } = setUp();
    vi.advanceTimersByTime(60_000);
    expect(await settled()).toBe(false);
  });

  it('comes at once on a fatal error', async () => {
    const { events, settled } = setUp();
    events.emit('error', { error: new PlayerError('media', 3, 'fatal', 'decode') });
    expect(await settled()).toBe(true);
  });

  it('stops listening when its signal aborts', async () => {
    const { video, lifetime, settled, buffer } = setUp();
    video.duration = 600;
    video.dispatchEvent(new Event('loadeddata'));
    lifetime.abort();
    buffer([[0, 30]]);
    vi.advanceTimersByTime(SAFE_AT_THE_LATEST_MS);
    expect(await settled()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
