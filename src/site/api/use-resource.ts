import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

const LOADING = { status: 'loading' } as const;

export interface ResourceOptions {
  /** Show what the previous key loaded until the new key's answer comes (a filter change keeps the page on screen). */
  keepPrevious?: boolean;
}

/**
 * Loads what a page shows whenever `key` changes; the load of a key left behind is aborted, so a
 * late answer never overwrites a newer page. `reload` asks again for the same key and keeps what
 * is shown until the answer comes.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>, { keepPrevious = false }: ResourceOptions = {}): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<{ key: string; resource: Resource<T> }>({ key, resource: LOADING });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const lifetime = new AbortController();
    load(lifetime.signal).then(
      (data) => lifetime.signal.aborted || setState({ key, resource: { status: 'ready', data } }),
      (error: unknown) => lifetime.signal.aborted || setState({ key, resource: { status: 'error', error } }),
    );
    return () => lifetime.abort();
    // `load` is a new function every render; the key says what it loads.
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const resource = state.key === key || (keepPrevious && state.resource.status === 'ready') ? state.resource : LOADING;
  return { ...resource, reload };
}
