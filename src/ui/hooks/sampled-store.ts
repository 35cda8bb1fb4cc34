import type { Store } from '../../core/store.ts';

/**
 * Follows `select(state)` at most once per `periodMs`: a change starts a timer, and the value
 * read when it fires goes to `onChange` if it differs from the last one given. For figures that
 * change many times a second and need no frame-exact display (the statistics line's buffer and
 * bandwidth): a synchronous render on every change would sit on a seek's path.
 * Returns the unsubscribe, which also cancels a pending read.
 */
export function sampleStore<S extends object, T>(store: Store<S>, select: (state: S) => T, periodMs: number, onChange: (value: T) => void): () => void {
  let last = select(store.getState());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = () => {
    timer = undefined;
    const value = select(store.getState());
    if (Object.is(value, last)) return;
    last = value;
    onChange(value);
  };
  const unsubscribe = store.subscribe(() => {
    timer ??= setTimeout(read, periodMs);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
