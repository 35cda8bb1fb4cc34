import type { FastifyRequest } from 'fastify';
import type { NamedCache } from '../catalogue/cache-registry.ts';
import type { ExpiringCache } from '../catalogue/expiring-cache.ts';
import { bootDataInput, bootDataJson, buildBootData, type BootDataInput, type BootDataOptions, type BootDataReads, type BuiltBootData } from './boot-data.ts';

/**
 * How long one content's boot data is kept. /embed is asked once per view, the busiest route
 * there is, and its boot data costs several catalogue reads, manifest work and playlist files;
 * kept a few seconds, a popular content's views share one build. Short, because the catalogue
 * cache under it already keeps answers a minute (a write by another process shows within both),
 * and an entry can be a hundred kilobytes of playlists.
 */
export const BOOT_DATA_TTL_MS = 10_000;

/**
 * Entries kept at most: many contents, episodes and countries at once, while new keys from a
 * stranger's made-up queries only push out older ones.
 */
export const BOOT_DATA_ENTRIES = 1_000;

/**
 * And bytes: an entry is a few kilobytes for a demo film but up to ~140 KB with long playlists
 * (PLAYLIST_BYTES_CAP), so the entries alone would not bound the memory well.
 */
export const BOOT_DATA_BYTES = 32 * 1024 * 1024;

/** A kept boot data's size, near enough (its text; UTF-16 in memory, hence twice). */
export function bootDataBytes(built: BuiltBootData): number {
  return 2 * (built.answers.length + built.playlists.length + (built.availability?.length ?? 0) + (built.firstSegments?.length ?? 0));
}

/**
 * The boot data of /embed (./boot-data.ts), built once per distinct input (content, the episode
 * asked for, the viewer's country, whether the frame will ask for availability) and kept in an
 * ExpiringCache, this process's memory or a store shared by several. The host page's address is
 * not part of the key: it only names the availability answer's URL, written in per document.
 * Nothing per viewer is in it (BootDataInput), so every viewer may be given it.
 */
export class EmbedBootData implements NamedCache {
  readonly name = 'embed-boot-data';
  readonly description = 'the player document\'s first-load answers, per content, episode asked for and country';
  private readonly reads: BootDataReads;
  private readonly store: ExpiringCache<BuiltBootData>;
  private readonly ttlMs: number;
  /** Builds under way by key: concurrent documents of one content share one. */
  private readonly building = new Map<string, Promise<BuiltBootData | undefined>>();
  /** Bumped by clear(): a build that began before it read what is being forgotten, and is not kept. */
  private generation = 0;

  constructor(reads: BootDataReads, store: ExpiringCache<BuiltBootData>, ttlMs = BOOT_DATA_TTL_MS) {
    this.reads = reads;
    this.store = store;
    this.ttlMs = ttlMs;
  }

  /** The boot data's JSON (every `<` escaped) for this /embed request; undefined when it has none. */
  async forRequest(request: FastifyRequest, options: BootDataOptions): Promise<string | undefined> {
    const input = bootDataInput(request, options);
    if (input === undefined) return undefined;
    const built = await this.built(input);
    return built && bootDataJson(built, input);
  }

  entries(): Promise<number> {
    return this.store.size();
  }

  async clear(): Promise<void> {
    this.generation += 1;
    this.building.clear();
    await this.store.clear();
  }

  private async built(input: BootDataInput): Promise<BuiltBootData | undefined> {
    const { asked } = input;
    const key = JSON.stringify([input.origin, input.movieId, asked.episodeId, asked.season, asked.episode, input.variantId, input.country, input.domain !== undefined]);
    const kept = await this.store.get(key);
    if (kept) return kept;
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const build = buildBootData(this.reads, input)
      .then(async (value) => {
        // An unknown content is not kept: made-up ids cannot fill the cache (as the catalogue cache).
        if (value !== undefined && generation === this.generation) await this.store.set(key, value, this.ttlMs);
        return value;
      })
      .finally(() => {
        if (this.building.get(key) === build) this.building.delete(key);
      });
    this.building.set(key, build);
    return build;
  }
}
