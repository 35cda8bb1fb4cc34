import type { RequestFilterRule } from '../contract/net/request-filter-rules.ts';
import type { RequestFilterSource } from './types.ts';

/** The one apply function, for the adapters that apply filters on this thread (hls.js, dash.js). */
export { applyRequestFilterRules } from '../contract/net/request-filter-rules.ts';

/** The valid filters of the source as they change; what was left out is said once, in the console. */
export interface RequestFilterFeed {
  /** The filters in effect now (none until `ready`). */
  current(): readonly RequestFilterRule[];
  /** The first reading is done: an engine waits for it before its first request. */
  readonly ready: Promise<void>;
  stop(): void;
}

const told = new WeakSet<object>();

/**
 * Follows the player's request filters for one engine. The validator (zod) is a chunk of its
 * own, fetched only when there are filters to read: a player without any never loads it.
 * `onChange` hears each later reading (a rotated token), not the first.
 */
export function followRequestFilters(source: RequestFilterSource | undefined, onChange?: (rules: readonly RequestFilterRule[]) => void): RequestFilterFeed {
  let rules: readonly RequestFilterRule[] = [];
  let readings = 0;
  let landed = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const read = async (): Promise<void> => {
    const requested = source?.getState().requestFilters;
    const reading = (readings += 1);
    let next: readonly RequestFilterRule[] = [];
    if (requested !== undefined) {
      try {
        const result = (await import('../contract/net/request-filter-schema.ts')).readRequestFilters(requested);
        if (!told.has(result)) for (const error of result.errors) console.warn(`Request filter ignored: ${error}`);
        told.add(result);
        next = result.filters;
      } catch (error) {
        console.warn('request filters could not be read', error);
      }
    }
    // A newer change may have been read meanwhile: it wins.
    if (reading !== readings) return;
    rules = next;
    if (landed) onChange?.(rules);
    landed = true;
    markReady();
  };
  void read();
  const unsubscribe = source?.subscribe(() => void read());
  return { current: () => rules, ready, stop: () => unsubscribe?.() };
}
