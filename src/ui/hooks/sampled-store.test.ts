import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../core/store.ts';
import { sampleStore } from './sampled-store.ts';

describe('sampleStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a burst of changes once, with the latest value, a period after the first', () => {
    const store = createStore({ buffered: 10 });
    const seen: number[] = [];
    sampleStore(store, (state) => state.buffered, 250, (value) => seen.push(value));
    store.update({ buffered: 8 });
    store.update({ buffered: 8.5 });
    vi.advanceTimersByTime(249);
    expect(seen).toEqual([]);
    store.update({ buffered: 9 });
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([9]);
  });

  it('stays silent when the selection ends where it was', () => {
    const store = createStore({ buffered: 10, other: 0 });
    const onChange = vi.fn();
    sampleStore(store, (state) => state.buffered, 250, onChange);
    store.update({ other: 1 });
    store.update({ buffered: 4 });
    store.update({ buffered: 10 });
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reads nothing after it is stopped, even with a read pending', () => {
    const store = createStore({ buffered: 10 });
    const onChange = vi.fn();
    const stop = sampleStore(store, (state) => state.buffered, 250, onChange);
    store.update({ buffered: 3 });
    stop();
    vi.advanceTimersByTime(1000);
    store.update({ buffered: 5 });
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });
});
