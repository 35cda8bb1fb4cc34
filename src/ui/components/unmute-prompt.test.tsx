// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialPlayerState, type PlayerState } from '../../core/player-state.ts';
import { createStore, type Store } from '../../core/store.ts';
import { UnmutePrompt } from './unmute-prompt.tsx';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | undefined;
afterEach(() => act(() => root?.unmount()));

/** The prompt on a store whose setMuted behaves as the element would (unmuting clears the flag). */
function mount(state: Partial<PlayerState>): { store: Store<PlayerState>; container: HTMLElement } {
  const store = createStore<PlayerState>({ ...initialPlayerState(), ...state });
  const setMuted = (muted: boolean) => store.update({ muted, mutedForAutoplay: store.getState().mutedForAutoplay && muted });
  const container = document.createElement('div');
  root = createRoot(container);
  act(() => root!.render(<UnmutePrompt core={{ store, setMuted }} />));
  return { store, container };
}

describe('UnmutePrompt', () => {
  it('offers Включить звук while the browser\'s refusal keeps the film muted, and one press turns the sound on', () => {
    const { store, container } = mount({ muted: true, mutedForAutoplay: true });
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('Включить звук');
    act(() => button!.click());
    expect(store.getState().muted).toBe(false);
    expect(container.querySelector('button')).toBeNull();
  });

  it('is absent when the viewer muted the film themselves', () => {
    const { container } = mount({ muted: true, mutedForAutoplay: false });
    expect(container.innerHTML).toBe('');
  });
});
