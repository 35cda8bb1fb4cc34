import { describeFailure, logPlayerError, PLAYER_ERROR_CODES } from '../contract/errors/player-error.ts';
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
  /** Storage errors are logged only (SPEC.md section 8), once per store. Default: logged as a PlayerError (STORAGE_FAILED). */
  warn?: (message: string, error: unknown) => void;
  /** The clock that stamps each write (milliseconds). Default Date.now. */
  now?: () => number;
}

/**
 * The mirror item holding when each key was last written (key to milliseconds). A page that goes
 * away (a reload, a closed tab) finishes its synchronous mirror write but may lose the durable
 * one still on its way; the stamps let the next start tell which copy is newer.
 */
export const MIRROR_STAMPS_KEY = 'player-saved-at';

/** How the durable store keeps a value: with the time it was written. */
interface DurableRecord {
  readonly savedAt: number;
  readonly value: unknown;
}

/** A durable record, or a bare value written before records carried their time (as old as can be). */
function readDurableRecord(raw: unknown): DurableRecord {
  const record = raw as Partial<DurableRecord> | null;
  const isRecord = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && typeof record?.savedAt === 'number' &&
    'value' in raw && Object.keys(raw).length === 2;
  return isRecord ? (raw as DurableRecord) : { savedAt: 0, value: raw };
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
  const { mirror, durable, now = Date.now } = options;
  const warn = options.warn ?? ((message: string, error: unknown) => logPlayerError(describeFailure('storage', PLAYER_ERROR_CODES.STORAGE_FAILED, message, error)));
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

  const stamps = readStamps(mirror);
  /** Each write's time, strictly increasing so two writes in one millisecond stay ordered. */
  let lastStamp = 0;
  const stamp = () => (lastStamp = Math.max(now(), lastStamp + 1));

  const writeMirror = (key: StorageKey, json: string, savedAt: number) => {
    try {
      mirror?.setItem(key, json);
      stamps[key] = savedAt;
      mirror?.setItem(MIRROR_STAMPS_KEY, JSON.stringify(stamps));
    } catch (error) {
      report('mirror', error); // full or blocked: memory and the durable copy still have it
    }
  };
  const writeDurable = (key: StorageKey, value: unknown, savedAt: number) => {
    const record: DurableRecord = { savedAt, value };
    if (durable) attempt(() => durable.set(key, record)).catch((error: unknown) => report('durable', error));
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
    const record = readDurableRecord(raw);
    const value = parseStored(key, record.value);
    if (written.has(key)) return false;
    const mirrorStamp = stamps[key] ?? 0;
    if (value === undefined || (mirrorStamp > record.savedAt && cache.has(key))) {
      // Nothing usable there, or the mirror's copy is newer (its page left before the durable
      // write landed): the mirror's value goes to the durable store and stays.
      const current = cache.get(key);
      if (current) writeDurable(key, current.value, Math.max(mirrorStamp, stamp()));
      return false;
    }
    const entry = remember(key, value);
    // The durable copy wins otherwise: the browser may have cleared the mirror.
    if (entry) writeMirror(key, entry.json, record.savedAt);
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
      const savedAt = stamp();
      if (entry) writeMirror(key, entry.json, savedAt);
      if (entry || first) writeDurable(key, clean, savedAt);
      if (entry) notify();
    },
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The mirror's write times; none when missing, corrupt or unreadable (the durable copy then wins). */
function readStamps(mirror: MirrorStore | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(mirror?.getItem(MIRROR_STAMPS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => Number.isFinite(entry[1])));
  } catch {
    return {};
  }
}
