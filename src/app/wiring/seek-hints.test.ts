import { describe, expect, it } from 'vitest';
import { INITIAL_AD_STATE, type AdState } from '../../ads/ad-state.ts';
import { createStore } from '../../core/store.ts';
import { seekHints } from './controls-wiring.ts';

describe('seekHints', () => {
  it.each<[string, Partial<AdState>, boolean]>([
    ['no ad break', {}, true],
    ['a midroll loading while the film plays on', { phase: 'load', loading: false }, true],
    ['an ad being loaded over the held film', { phase: 'load', loading: true }, false],
    ['an ad on screen', { phase: 'ready', ad: { id: 'a' } as AdState['ad'] }, false],
    ['the break over', { phase: 'stopped' }, true],
  ])('%s: hinted %s', (_name, patch, hinted) => {
    const times: number[] = [];
    const hint = seekHints({ prefetch: (time) => times.push(time) }, createStore<AdState>({ ...INITIAL_AD_STATE, ...patch }));
    hint(42);
    expect(times).toEqual(hinted ? [42] : []);
  });
});
