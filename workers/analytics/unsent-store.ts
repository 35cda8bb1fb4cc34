/**
 * The events each frame load has not yet seen delivered, in IndexedDB (workers have it; they have
 * no localStorage): one entry per load, so two players on one page never overwrite each other.
 * A later load takes over what earlier loads left and sends it; the collector stores each event id
 * once, so a batch that did arrive just before its page went away is harmless to send again.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { AnalyticsEvent } from '../../src/contract/schemas/analytics-schema.ts';

export interface UnsentStore {
  /** Replaces this load's copy; writes are coalesced, the last one wins. */
  save(events: readonly AnalyticsEvent[]): void;
  /** Everything earlier loads left, removed from the store as it is handed over. */
  takeLeftovers(): Promise<AnalyticsEvent[]>;
  /** Resolves once the last save is written (a hide waits for it). */
  settled(): Promise<void>;
}

const KEY_PREFIX = 'unsent:';
/** What an earlier load left is sent only this long after it was written; older is dropped. */
const LEFTOVER_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

interface Entry {
  savedAt: number;
  events: AnalyticsEvent[];
}

export function createUnsentStore(loadId: string, now: () => number = Date.now, store: UseStore | undefined = openStore()): UnsentStore {
  const key = KEY_PREFIX + loadId;
  let pending: readonly AnalyticsEvent[] | undefined;
  let writing: Promise<void> = Promise.resolve();
  let busy = false;

  async function drain(): Promise<void> {
    busy = true;
    try {
      while (pending && store) {
        const events = pending;
        pending = undefined;
        // A storage failure (private mode, quota) costs only the copy, never the delivery.
        await (events.length === 0 ? del(key, store) : set(key, { savedAt: now(), events: [...events] } satisfies Entry, store)).catch(() => undefined);
      }
    } finally {
      busy = false;
    }
  }

  return {
    save(events) {
      pending = events;
      if (!busy) writing = drain();
    },
    async takeLeftovers() {
      if (!store) return [];
      const all = await entries<IDBValidKey, Entry>(store).catch(() => []);
      const taken: AnalyticsEvent[] = [];
      for (const [entryKey, entry] of all) {
        if (typeof entryKey !== 'string' || !entryKey.startsWith(KEY_PREFIX) || entryKey === key) continue;
        await del(entryKey, store).catch(() => undefined);
        if (entry && Array.isArray(entry.events) && now() - entry.savedAt < LEFTOVER_MAX_AGE_MS) taken.push(...entry.events);
      }
      return taken;
    },
    settled: () => writing,
  };
}

function openStore(): UseStore | undefined {
  try {
    return typeof indexedDB === 'undefined' ? undefined : createStore('kino-analytics', 'unsent');
  } catch {
    return undefined;
  }
}
