import { processOnlyState, type SharedState } from '../shared-state/shared-state.ts';

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

/**
 * The caches of one server, by name; each owner registers its own when the app is built.
 * Clearing one through the registry clears it in every process of the deployment: this one at
 * once, the others when the shared state's event reaches them (Redis pub/sub; without Redis
 * there are no others).
 */
export class CacheRegistry {
  private readonly caches = new Map<string, NamedCache>();
  private readonly shared: SharedState;

  constructor(shared: SharedState = processOnlyState(), onError: (error: unknown, name: string) => void = () => undefined) {
    this.shared = shared;
    shared.onEvent((event) => {
      if (event.type !== 'cache-cleared') return;
      const cache = this.caches.get(event.name);
      if (cache) Promise.resolve().then(() => cache.clear()).catch((error: unknown) => onError(error, event.name));
    });
  }

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

  /** Empties the cache here and tells the other processes to; false when there is none of that name. */
  async clear(name: string): Promise<boolean> {
    const cache = this.caches.get(name);
    if (!cache) return false;
    this.shared.publish({ type: 'cache-cleared', name });
    await cache.clear();
    return true;
  }

  /** Empties every cache, even when one fails (a shared store away); then throws the first failure. */
  async clearAll(): Promise<void> {
    const outcomes = await Promise.allSettled([...this.caches.keys()].map((name) => this.clear(name)));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
