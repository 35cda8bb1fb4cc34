/** Runs `run` when the page is idle (requestIdleCallback, at most `timeoutMs` later; the next task where there is none). */
export function whenPageIdle(run: () => void, timeoutMs = 500): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 0);
}

export interface IdleQueue<T> {
  add(items: readonly T[]): void;
  /** Handles everything waiting now: the page is going away, or the queue's owner stops. */
  flush(): void;
}

/**
 * Items handled together at the page's next idle moment, in the order they came. The player's
 * events arrive while the browser does urgent work on the same thread (a seek it finishes there,
 * the frame after it): what only needs to happen soon waits for the thread to be free.
 */
export function createIdleQueue<T>(handle: (items: T[]) => void, whenIdle: (run: () => void) => void = whenPageIdle): IdleQueue<T> {
  let waiting: T[] = [];
  let scheduled = false;
  const flush = () => {
    if (waiting.length === 0) return;
    const items = waiting;
    waiting = [];
    handle(items);
  };
  return {
    add(items) {
      if (items.length === 0) return;
      waiting.push(...items);
      if (scheduled) return;
      scheduled = true;
      whenIdle(() => {
        scheduled = false;
        flush();
      });
    },
    flush,
  };
}
