import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * Loads what a page shows whenever `key` changes; the load of a key left behind is aborted, so a
 * late answer never overwrites a newer page. `reload` asks again for the same key.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const lifetime = new AbortController();
    setState((previous) => (previous.status === 'ready' && round > 0 ? previous : { status: 'loading' }));
    load(lifetime.signal).then(
      (data) => lifetime.signal.aborted || setState({ status: 'ready', data }),
      (error: unknown) => lifetime.signal.aborted || setState({ status: 'error', error }),
    );
    return () => lifetime.abort();
    // `load` is a new function every render; the key says what it loads.
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
