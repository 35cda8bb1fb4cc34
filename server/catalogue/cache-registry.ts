/** One of the server's caches as the operator sees it (GET/DELETE /catalog-api/caches). */
export interface NamedCache {
  readonly name: string;
  /** What it keeps, for the operator's list. */
  readonly description: string;
  /** Entries held now. */
  entries(): number | Promise<number>;
  /** Forgets everything; the next read rebuilds from the database or the source files. */
  clear(): void | Promise<void>;
}

/** The caches of one server, by name; each owner registers its own when the app is built. */
export class CacheRegistry {
  private readonly caches = new Map<string, NamedCache>();

  register(cache: NamedCache): void {
    if (this.caches.has(cache.name)) throw new Error(`cache ${cache.name} is registered twice`);
    this.caches.set(cache.name, cache);
  }

  get(name: string): NamedCache | undefined {
    return this.caches.get(name);
  }

  list(): NamedCache[] {
    return [...this.caches.values()];
  }
}
