/**
 * A framework-free store (getState, subscribe, update) with frozen snapshots replaced only on
 * change, so React reads it through useSyncExternalStore selectors (ARCHITECTURE.md rule 2).
 */
export interface Store<S extends object> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  /** Merges a patch; listeners run only when some value really changed. */
  update(patch: Partial<S>): void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state: S = Object.freeze({ ...initial });
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      const changed = (Object.keys(patch) as Array<keyof S>).some((key) => !Object.is(state[key], patch[key]));
      if (!changed) return;
      state = Object.freeze({ ...state, ...patch });
      for (const listener of [...listeners]) listener();
    },
  };
}
