import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../core/store.ts';
import { patchReadyView, type AppStore, type ReadyView } from './app-view.ts';

function readyStore(): AppStore {
  // Only the fields patchReadyView reads and writes matter here.
  const view = { status: 'ready', resumeAt: undefined, nextCard: undefined } as unknown as ReadyView;
  return createStore({ view });
}

describe('patchReadyView', () => {
  it('leaves the view (and the screen drawn from it) alone when nothing changes', () => {
    const store = readyStore();
    const before = store.getState().view;
    const listener = vi.fn();
    store.subscribe(listener);
    patchReadyView(store, { resumeAt: undefined, nextCard: undefined });
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState().view).toBe(before);
  });

  it('publishes a new view when a value changes', () => {
    const store = readyStore();
    const listener = vi.fn();
    store.subscribe(listener);
    patchReadyView(store, { resumeAt: 42, nextCard: undefined });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().view).toMatchObject({ status: 'ready', resumeAt: 42 });
  });

  it('does nothing while loading', () => {
    const store: AppStore = createStore({ view: { status: 'loading' } });
    patchReadyView(store, { resumeAt: 42 });
    expect(store.getState().view).toEqual({ status: 'loading' });
  });
});
