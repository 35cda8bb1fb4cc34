import { useSyncExternalStore } from 'react';
import type { PlayerState } from '../../core/player-state.ts';
import type { Store } from '../../core/store.ts';

/** The slice of player state a component renders; it re-renders only when that slice changes. */
export function usePlayerState<T>(store: Store<PlayerState>, select: (state: PlayerState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
