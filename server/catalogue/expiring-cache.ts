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

export interface MemoryCacheOptions<Value> {
  /** Past this many entries, the one stored longest ago goes: a bound on memory whatever the keys. */
  maxEntries: number;
  /** With `sizeOf`: past this many bytes held, the oldest entries go too (for values of very different sizes). */
  maxBytes?: number;
  /** A value's size in bytes, near enough. */
  sizeOf?: (value: Value) => number;
  now?: () => number;
}

/** An ExpiringCache in this process's memory. */
export class MemoryCache<Value> implements ExpiringCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number; bytes: number }>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: Value) => number;
  private readonly now: () => number;
  private bytes = 0;

  constructor(options: MemoryCacheOptions<Value>) {
    this.maxEntries = options.maxEntries;
    this.maxBytes = options.maxBytes ?? Infinity;
    this.sizeOf = options.sizeOf ?? (() => 0);
    this.now = options.now ?? Date.now;
  }

  async get(key: string): Promise<Value | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.remove(key);
    return undefined;
  }

  async set(key: string, value: Value, ttlMs: number): Promise<void> {
    this.remove(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    // Oldest first in a Map's order: past a bound, the entries stored longest ago go.
    while (this.entries.size >= this.maxEntries || this.bytes + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs, bytes });
    this.bytes += bytes;
  }

  async delete(key: string): Promise<void> {
    this.remove(key);
  }

  async clear(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  async size(): Promise<number> {
    return this.entries.size;
  }
}
