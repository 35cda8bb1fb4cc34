import { describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe('createStore', () => {
  it('replaces the frozen snapshot only when a value changes, and tells subscribers then', () => {
    const store = createStore({ volume: 1, muted: false });
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().volume));
    const first = store.getState();
    store.update({ volume: 1 });
    expect(store.getState()).toBe(first);
    store.update({ volume: 0.5 });
    expect(store.getState()).not.toBe(first);
    expect(Object.isFrozen(store.getState())).toBe(true);
    unsubscribe();
    store.update({ volume: 0.2 });
    expect(seen).toEqual([0.5]);
  });
});
