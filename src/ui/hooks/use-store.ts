import { useSyncExternalStore } from 'react';
import type { Store } from '../../core/store.ts';

/** A whole small store (a browser feature's state), re-rendering when it changes. */
export function useStore<S extends object>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState);
}
