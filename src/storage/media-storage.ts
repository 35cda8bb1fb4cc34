import { STORAGE_KEYS, STORAGE_KEY_NAMES, parseStored } from './storage-keys.ts';
import type { StorageKey, StorageValues } from './storage-keys.ts';

/** The synchronous mirror: localStorage or anything shaped like it. */
export interface MirrorStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The durable store: IndexedDB through idb-keyval in production (idb-durable-store.ts). */
export interface DurableStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface MediaStorageOptions {
  /** Read synchronously at creation so the first render has the saved values; undefined: none. */
  mirror?: MirrorStore | undefined;
  /** The copy that wins once read; undefined: none. */
  durable?: DurableStore | undefined;
  /** Storage errors are logged only (SPEC.md section 8), once per store. Default console.warn. */
  warn?: (message: string, error: unknown) => void;
}

/** Saved progress and preferences (SPEC.md section 3), readable synchronously. */
export interface MediaStorage {
  /** The saved value, or the key's default. */
  get<K extends StorageKey>(key: K): StorageValues[K];
  /** Saves in memory and the mirror now, in the durable store in the background. Values failing the key's guard are dropped. */
  set<K extends StorageKey>(key: K, value: StorageValues[K]): void;
  /** Resolves once the durable store has been read (or failed); never rejects. */
  readonly ready: Promise<void>;
  /** Runs `listener` after any value changes, including when `ready` brings durable values. */
  subscribe(listener: () => void): () => void;
}

interface Entry {
  readonly value: unknown;
  readonly json: string;
}

/** Runs a store call whose failure must not reach the player: sync throws and rejections alike. */
async function attempt<T>(call: () => T | Promise<T>): Promise<T> {
  return call();
}

export function createMediaStorage(options: MediaStorageOptions = {}): MediaStorage {
  const { mirror, durable } = options;
  const warn = options.warn ?? ((message: string, error: unknown) => console.warn(message, error));
  const warned = new Set<string>();
  const report = (store: string, error: unknown) => {
    if (warned.has(store)) return;
    warned.add(store);
    warn(`Saved player state: the ${store} store failed; continuing without it.`, error);
  };

  const cache = new Map<StorageKey, Entry>();
  /** Keys set since creation: a late durable read must not undo them. */
  const written = new Set<StorageKey>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const writeMirror = (key: StorageKey, json: string) => {
    try {
      mirror?.setItem(key, json);
    } catch (error) {
      report('mirror', error); // full or blocked: memory and the durable copy still have it
    }
  };
  const writeDurable = (key: StorageKey, value: unknown) => {
    if (durable) attempt(() => durable.set(key, value)).catch((error: unknown) => report('durable', error));
  };
  const remember = (key: StorageKey, value: unknown): Entry | undefined => {
    const json = JSON.stringify(value);
    if (cache.get(key)?.json === json) return undefined;
    const entry = { value, json };
    cache.set(key, entry);
    return entry;
  };

  for (const key of STORAGE_KEY_NAMES) {
    try {
      const text = mirror?.getItem(key);
      const value = text == null ? undefined : parseStored(key, JSON.parse(text));
      if (value !== undefined) remember(key, value);
    } catch (error) {
      if (!(error instanceof SyntaxError)) report('mirror', error); // corrupt JSON is just ignored
    }
  }

  const readDurable = async (store: DurableStore, key: StorageKey): Promise<boolean> => {
    let raw: unknown;
    try {
      raw = await attempt(() => store.get(key));
    } catch (error) {
      report('durable', error);
      return false;
    }
    const value = parseStored(key, raw);
    if (written.has(key)) return false;
    if (value === undefined) {
      // Nothing usable there: copy what the mirror had (also moves values saved before the durable store existed).
      const current = cache.get(key);
      if (current) writeDurable(key, current.value);
      return false;
    }
    const entry = remember(key, value);
    if (entry) writeMirror(key, entry.json); // the durable copy wins: the browser may have cleared the mirror
    return entry !== undefined;
  };

  const ready = durable
    ? Promise.all(STORAGE_KEY_NAMES.map((key) => readDurable(durable, key))).then((changed) => {
        if (changed.includes(true)) notify();
      })
    : Promise.resolve();

  return {
    get: <K extends StorageKey>(key: K) => (cache.get(key)?.value ?? STORAGE_KEYS[key].defaultValue) as StorageValues[K],
    set(key, value) {
      const clean = parseStored(key, value);
      if (clean === undefined) return;
      // The first set of a key reaches the durable store even if unchanged here: that copy wins at the next start.
      const first = !written.has(key);
      written.add(key);
      const entry = remember(key, clean);
      if (entry) writeMirror(key, entry.json);
      if (entry || first) writeDurable(key, clean);
      if (entry) notify();
    },
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
