import type { ThumbnailCue } from './thumbnail-types.ts';

/** SPEC.md section 9: "Thumbnail cache up to 99 entries". */
export const THUMBNAIL_CACHE_LIMIT = 99;

/**
 * Parsed cue lists by thumbnails URL, evicting the least recently used entry past `limit`.
 * A Map iterates in insertion order, so re-inserting on use keeps the oldest entry first.
 */
export class ThumbnailCache {
  readonly #entries = new Map<string, readonly ThumbnailCue[]>();
  readonly #limit: number;

  /** @param limit most entries kept; default {@link THUMBNAIL_CACHE_LIMIT}. */
  constructor(limit: number = THUMBNAIL_CACHE_LIMIT) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cues stored for `url`, marking them most recently used. */
  get(url: string): readonly ThumbnailCue[] | undefined {
    const cues = this.#entries.get(url);
    if (cues !== undefined) {
      this.#entries.delete(url);
      this.#entries.set(url, cues);
    }
    return cues;
  }

  set(url: string, cues: readonly ThumbnailCue[]): void {
    this.#entries.delete(url);
    this.#entries.set(url, cues);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#limit) break;
      this.#entries.delete(oldest);
    }
  }
}
