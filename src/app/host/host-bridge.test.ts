import { describe, expect, it } from 'vitest';
import { createStore } from '../../core/store.ts';
import { createHostBridge, type HostFeatures } from './host-bridge.ts';
import { whenFeatures } from './host-commands.ts';

const features = (): HostFeatures => ({
  fullscreen: {
    store: createStore({ supported: true, active: false, mode: 'none' as const }),
    toggle: async () => undefined,
    enter: async () => undefined,
    exit: async () => undefined,
  },
  textTracks: { store: createStore({ tracks: [], activeId: undefined }), select: () => undefined },
});

describe('the host bridge\'s features', () => {
  it('a command waits for the controls\' features and gets them once made', async () => {
    const bridge = createHostBridge();
    const waiting = whenFeatures(bridge);
    const made = features();
    bridge.provideFeatures(made);
    await expect(waiting).resolves.toBe(made);
  });

  it('keeps the new features when the old ones are destroyed after them (React makes the new set first)', async () => {
    const bridge = createHostBridge();
    const old = features();
    const fresh = features();
    bridge.provideFeatures(old);
    bridge.provideFeatures(fresh);
    bridge.withdrawFeatures(old);
    await expect(whenFeatures(bridge)).resolves.toBe(fresh);
  });

  it('tells listeners when the features go, and a later command waits for the next ones', async () => {
    const bridge = createHostBridge();
    const seen: Array<HostFeatures | undefined> = [];
    bridge.onFeatures((current) => seen.push(current));
    const first = features();
    bridge.provideFeatures(first);
    bridge.withdrawFeatures(first);
    expect(seen).toEqual([first, undefined]);
    const waiting = whenFeatures(bridge);
    const next = features();
    bridge.provideFeatures(next);
    await expect(waiting).resolves.toBe(next);
  });
});
