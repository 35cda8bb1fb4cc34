import { useEffect, useRef, useState } from 'react';
import type { PlayerState } from '../../core/player-state.ts';
import type { Store } from '../../core/store.ts';
import { sampleStore } from './sampled-store.ts';

/**
 * Like usePlayerState, but re-renders at most once per `periodMs` (./sampled-store.ts), in a task
 * of its own: for figures shown for information, never on the path of a seek or a frame.
 */
export function useSampledPlayerState<T>(store: Store<PlayerState>, select: (state: PlayerState) => T, periodMs: number): T {
  const [value, setValue] = useState(() => select(store.getState()));
  const latestSelect = useRef(select);
  latestSelect.current = select;
  useEffect(() => {
    setValue(latestSelect.current(store.getState()));
    return sampleStore(store, (state) => latestSelect.current(state), periodMs, setValue);
  }, [store, periodMs]);
  return value;
}
