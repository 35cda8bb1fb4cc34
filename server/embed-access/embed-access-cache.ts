import type { NamedCache } from '../catalogue/cache-registry.ts';
import { embedAccess, type EmbedAccess } from './embed-policy.ts';

/**
 * Seconds a content's allowed set is trusted without asking the database: /embed asks on every
 * player load. The admin routes clear it on each change, so this process sees a change at once
 * and another process of the same deployment within this time.
 */
const ACCESS_CACHE_MS = 5_000;
/** Player loads name any movie_id they like: past this many scopes the cache starts over. */
const ACCESS_CACHE_ENTRIES = 10_000;

/** The reads the cache sits in front of (EmbedOriginsRepository). */
export interface OriginsSource {
  originsFor(contentId: number | undefined): Promise<string[]>;
}

/** The allowed set per content (0: no content, the global entries only), briefly cached. */
export class EmbedAccessCache implements NamedCache {
  readonly name = 'embed-origins';
  readonly description = 'the sites allowed to frame the player, per content (a few seconds each)';
  readonly #entries = new Map<number, { access: Promise<EmbedAccess>; until: number }>();
  readonly #source: OriginsSource;
  readonly #ttlMs: number;

  constructor(source: OriginsSource, ttlMs = ACCESS_CACHE_MS) {
    this.#source = source;
    this.#ttlMs = ttlMs;
  }

  /** The allowed set for a content; concurrent loads of one content share one query. */
  accessFor(contentId: number | undefined): Promise<EmbedAccess> {
    const key = contentId ?? 0;
    const now = Date.now();
    const cached = this.#entries.get(key);
    if (cached && cached.until > now) return cached.access;
    if (this.#entries.size >= ACCESS_CACHE_ENTRIES) this.#entries.clear();
    const access = this.#source.originsFor(contentId).then(embedAccess);
    const entry = { access, until: now + this.#ttlMs };
    this.#entries.set(key, entry);
    // A failed read is not kept: the next player load asks again.
    access.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return access;
  }

  entries(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
