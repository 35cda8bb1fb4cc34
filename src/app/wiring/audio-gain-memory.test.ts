import { describe, expect, it } from 'vitest';
import { createStore } from '../../core/store.ts';
import { keepAudioGain } from './audio-gain-memory.ts';

function setUp(saved: number | undefined) {
  const store = createStore({ supported: true, gain: 1 });
  const applied: number[] = [];
  const remembered: number[] = [];
  const doc = new EventTarget();
  const lifetime = new AbortController();
  const setGain = keepAudioGain({
    audioGain: { store, setGain: (gain) => (applied.push(gain), store.update({ gain })) },
    saved: () => saved,
    remember: (gain) => void remembered.push(gain),
    doc,
    signal: lifetime.signal,
  });
  return { applied, remembered, doc, setGain, lifetime };
}

describe('keepAudioGain', () => {
  it('applies the saved boost at the viewer\'s first gesture, not before, and once', () => {
    const { applied, doc } = setUp(2);
    expect(applied).toEqual([]);
    doc.dispatchEvent(new Event('pointerup'));
    expect(applied).toEqual([2]);
    doc.dispatchEvent(new Event('keydown'));
    expect(applied).toEqual([2]);
  });

  it('does nothing without a saved boost', () => {
    const { applied, doc } = setUp(undefined);
    doc.dispatchEvent(new Event('keydown'));
    expect(applied).toEqual([]);
  });

  it('saves the viewer\'s choice, and a choice made first is not overridden by the saved one', () => {
    const { applied, remembered, doc, setGain } = setUp(3);
    setGain(1.5);
    doc.dispatchEvent(new Event('pointerup'));
    expect(applied).toEqual([1.5]);
    expect(remembered).toEqual([1.5]);
  });

  it('stops waiting when the player goes', () => {
    const { applied, doc, lifetime } = setUp(2);
    lifetime.abort();
    doc.dispatchEvent(new Event('pointerup'));
    expect(applied).toEqual([]);
  });
});
