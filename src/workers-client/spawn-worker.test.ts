import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerWithFallback } from './spawn-worker.ts';

interface Api {
  double(value: number): Promise<number>;
}

/** A worker that takes every message and never answers, as one stuck on a slow phone does. */
function silentWorker(): Worker & { terminated: number } {
  const fake = {
    terminated: 0,
    postMessage: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    terminate() {
      fake.terminated += 1;
    },
  };
  return fake as unknown as Worker & { terminated: number };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a worker with its inline fallback', () => {
  it('answers every call inline when the worker stays silent, also calls made at the same time', async () => {
    vi.useFakeTimers();
    const worker = silentWorker();
    const inline: Api = { double: async (value) => value * 2 };
    const door = workerWithFallback<Api>(() => worker, async () => inline, 1000);
    const answers = Promise.all([door.run((api) => api.double(1)), door.run((api) => api.double(2)), door.run((api) => api.double(3))]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(answers).resolves.toEqual([2, 4, 6]);
    expect(worker.terminated).toBe(1);
    // Given up for good: later calls go inline at once.
    await expect(door.run((api) => api.double(5))).resolves.toBe(10);
  });
});
