import { describe, expect, it } from 'vitest';
import { SourceBufferQueue } from '../media/source-buffer-queue.ts';
import { BufferBudget } from './buffer-budget.ts';
import { appendWithinQuota, type QuotaContext } from './quota-append.ts';

const MB = 1024 * 1024;

/** A SourceBuffer that refuses the next `refusals` appends with QuotaExceededError, as a full browser quota does. */
class RefusingSourceBuffer extends EventTarget {
  updating = false;
  refusals: number;
  appended = 0;
  removed: Array<[number, number]> = [];

  constructor(refusals: number) {
    super();
    this.refusals = refusals;
  }

  appendBuffer(bytes: Uint8Array): void {
    if (this.refusals > 0) {
      this.refusals -= 1;
      throw new DOMException('The SourceBuffer is full', 'QuotaExceededError');
    }
    this.appended += bytes.byteLength;
    this.finishSoon();
  }

  remove(start: number, end: number): void {
    this.removed.push([start, end]);
    this.finishSoon();
  }

  get buffered(): TimeRanges {
    return { length: 0, start: () => 0, end: () => 0 };
  }

  private finishSoon(): void {
    this.updating = true;
    queueMicrotask(() => {
      this.updating = false;
      this.dispatchEvent(new Event('updateend'));
    });
  }
}

/** 10 s played of [0, 20) held, 2 MB per 4 s segment: a budget that is full behind. */
function setUp(refusals: number, options: { bufferedAhead?: number } = {}) {
  const fake = new RefusingSourceBuffer(refusals);
  const budget = new BufferBudget({ aheadBytes: 15 * MB, behindBytes: 5 * MB, fromDevice: true });
  const buffer = budget.watch(new SourceBufferQueue(fake as unknown as SourceBuffer), 'video');
  for (let start = 0; start < 20; start += 4) budget.record(buffer, start, start + 4, 2 * MB);
  let now = 10;
  const waits: number[] = [];
  const context: QuotaContext = {
    budget,
    currentTime: () => now,
    bufferedAhead: (time) => Math.max(0, (options.bufferedAhead ?? 20) - time),
    playedPast: async (time) => {
      // Playback goes on: the playhead reaches the time the loader waits for.
      waits.push(time);
      now = time;
      return true;
    },
  };
  return { fake, budget, buffer, context, waits };
}

describe('an append the browser refuses (QuotaExceededError)', () => {
  it('refused once: what was played is removed up to the segment at the playhead, and the append goes in', async () => {
    const { fake, budget, buffer, context, waits } = setUp(1);
    await appendWithinQuota(buffer, new Uint8Array(1000), context);
    expect(fake.appended).toBe(1000);
    expect(fake.removed).toContainEqual([0, 8]);
    expect(waits).toEqual([]);
    expect(budget.snapshot(10)).toMatchObject({ behind: 1 * MB, limitAhead: 15 * MB });
  });

  it('refused twice: the bound ahead drops below what is held, and the append waits for playback to consume, then goes in', async () => {
    const { fake, budget, buffer, context, waits } = setUp(2);
    await appendWithinQuota(buffer, new Uint8Array(1000), context);
    expect(fake.appended).toBe(1000);
    expect(waits).toEqual([11]);
    // 5 MB were ahead at 10 s: the bound is three quarters of that now.
    expect(budget.snapshot(11).limitAhead).toBe(Math.round(5 * MB * 0.75));
  });

  it('refused with nothing left to play: fails, rather than waiting for room that cannot come', async () => {
    const { buffer, context } = setUp(5, { bufferedAhead: 10.2 });
    await expect(appendWithinQuota(buffer, new Uint8Array(1000), context)).rejects.toMatchObject({ name: 'QuotaExceededError' });
  });

  it('a download dropped while it waits gives up quietly', async () => {
    const { buffer, context } = setUp(5);
    await expect(appendWithinQuota(buffer, new Uint8Array(1000), { ...context, playedPast: async () => false })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('any other failure is passed on at once', async () => {
    const { buffer, context } = setUp(0);
    const failing = { ...buffer, append: async () => Promise.reject(new Error('SourceBuffer error')) };
    await expect(appendWithinQuota(failing, new Uint8Array(1000), context)).rejects.toThrow('SourceBuffer error');
  });
});
