import { createHash } from 'node:crypto';

/** A catalogue answer, serialised once: the JSON text and its entity tag. */
export interface CachedJson {
  body: string;
  /** A weak tag (W/"…"): compression changes the bytes, not the meaning. */
  etag: string;
}

export interface CatalogueCacheOptions {
  /**
   * Default 60 s, the answers' max-age. A bound on staleness when another process writes the
   * catalogue (an operator's SQL, a second server on the same PostgreSQL); this process's own
   * writes call invalidate().
   */
  ttlMs?: number;
  /** Default 10 000: every content, season list, episode list and manifest many times over. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * The catalogue's hot reads, kept in this process. The embedded database answers one query at
 * a time on the event loop, so 100 players loading at once queue behind each other; from memory
 * they do not. Only found values are kept (an unknown id still asks the database, so guessing
 * ids cannot fill the cache), and concurrent misses of one key share one load.
 *
 * The catalogue is read-only while the server runs (the seed writes it before the app starts).
 * Anything that ever writes it must call invalidate() once its transaction has committed.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, { value: CachedJson; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<CachedJson | null>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by invalidate(): a load that began before it must not store what it read. */
  private generation = 0;
  /** Caches built from this one's answers, emptied with it (server/widget/embed-boot-data.ts). */
  private readonly dependents: (() => void)[] = [];

  constructor(options: CatalogueCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The JSON of `load()` under `key`; null (not found) is passed through and not kept. */
  async json(key: string, load: () => Promise<unknown>): Promise<CachedJson | null> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load()
      .then((value) => {
        if (value === null) return null;
        const cached = serialise(value);
        if (generation === this.generation) this.store(key, cached);
        return cached;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  /** Forgets everything: the next read of each key asks the database again. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
    for (const forget of this.dependents) forget();
  }

  /** Runs `forget` on every invalidate(): what was made from the old answers must go with them. */
  onInvalidate(forget: () => void): void {
    this.dependents.push(forget);
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: CachedJson): void {
    this.entries.delete(key);
    // Oldest first in a Map's order: past the bound, the entry stored longest ago goes.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}

function serialise(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  const digest = createHash('sha1').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `W/"${digest}"` };
}
