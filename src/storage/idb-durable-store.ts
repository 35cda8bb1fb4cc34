import { createStore, get, set } from 'idb-keyval';
import type { DurableStore, MirrorStore } from './media-storage.ts';

/** The player's own IndexedDB database and object store, apart from the host's data. */
export const PLAYER_DATABASE = 'kino-player';
export const PLAYER_OBJECT_STORE = 'state';

/**
 * The production durable store: IndexedDB through idb-keyval. Undefined when IndexedDB is
 * missing or blocked (some sandboxed frames throw on merely reading `indexedDB`). The database
 * opens on first use, so a failing open shows up as rejected calls, which createMediaStorage
 * tolerates.
 */
export function idbDurableStore(database = PLAYER_DATABASE, objectStore = PLAYER_OBJECT_STORE): DurableStore | undefined {
  try {
    if (typeof globalThis.indexedDB === 'undefined') return undefined;
  } catch {
    return undefined;
  }
  const store = createStore(database, objectStore);
  // async: idb-keyval throws synchronously when indexedDB.open does; this turns it into a rejection.
  return {
    get: async (key) => get(key, store),
    set: async (key, value) => set(key, value, store),
  };
}

/** `localStorage`, or undefined when it is missing or reading it throws (blocked storage in a third-party frame). */
export function browserMirror(): MirrorStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
