/**
 * A key-value cache whose entries expire: what a cache shared by several server processes
 * (Redis) and the in-process one below both offer, so the code that keeps answers in it does not
 * care which it is given. Asynchronous for that reason; values must survive JSON (a shared store
 * keeps text).
 */
export interface ExpiringCache<Value> {
  /** The value under `key`, or undefined when there is none or it has expired. */
  get(key: string): Promise<Value | undefined>;
  /** Keeps `value` under `key` for `ttlMs` milliseconds. */
  set(key: string, value: Value, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
  /** Entries held now (expired ones not yet dropped may count), for the operator's list of caches. */
  size(): Promise<number>;
}

export interface MemoryCacheOptions {
  /** Past this many entries, the one stored longest ago goes: a bound on memory whatever the keys. */
  maxEntries: number;
  now?: () => number;
}

/** An ExpiringCache in this process's memory. */
export class MemoryCache<Value> implements ExpiringCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryCacheOptions) {
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? Date.now;
  }

  async get(key: string): Promise<Value | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  async set(key: string, value: Value, ttlMs: number): Promise<void> {
    this.entries.delete(key);
    // Oldest first in a Map's order: past the bound, the entry stored longest ago goes.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async clear(): Promise<void> {
    this.entries.clear();
  }

  async size(): Promise<number> {
    return this.entries.size;
  }
}
