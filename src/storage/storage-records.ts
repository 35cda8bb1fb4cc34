/**
 * Reads and saves single entries of the saved records (SPEC.md section 3), so callers never
 * rebuild a record by hand. The growing records are capped at MAX_RECORD_ENTRIES.
 */
import type { MediaStorage } from './media-storage.ts';
import { MAX_RECORD_ENTRIES } from './storage-keys.ts';
import type { EpisodeTime, SourcePreferences } from './storage-keys.ts';

type Id = string | number;

/** Own entries only: a key like 'constructor' must not read the prototype. */
const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * Puts `entry` under `id` as the most recently saved, dropping the least recently saved entries
 * past `max`. Recency lives in a separate list because JavaScript (and so JSON) lists
 * integer-like keys, such as episode ids, in numeric order rather than insertion order. Entries
 * the list does not know (saved by an older player) count as the oldest.
 */
export function putCapped<T>(
  record: Readonly<Record<string, T>>,
  order: readonly string[],
  id: string,
  entry: T,
  max = MAX_RECORD_ENTRIES,
): { record: Record<string, T>; order: string[] } {
  const next: Record<string, T> = { ...record, [id]: entry };
  const known = new Set(order);
  const unknown = Object.keys(record).filter((key) => !known.has(key) && key !== id);
  let nextOrder = [...unknown, ...order.filter((key) => key !== id && Object.hasOwn(record, key)), id];
  const excess = nextOrder.length - max;
  if (excess > 0) {
    for (const key of nextOrder.slice(0, excess)) delete next[key];
    nextOrder = nextOrder.slice(excess);
  }
  return { record: next, order: nextOrder };
}

/** The two records of an episode's time that share one shape and one cap. */
type ProgressKey = 'episodesTimeProgress' | 'episodesTimeProgressSavedAt';

/**
 * Saves the time watched of an episode, and when (`savedAt`, default now): per variant when
 * `variantId` is given (other variants' times are kept; a plain time saved without a variant is
 * replaced), else as plain seconds. Non-finite or negative seconds are ignored.
 */
export function saveEpisodeProgress(storage: MediaStorage, episodeId: Id, variantId: Id | undefined, seconds: number, savedAt = Date.now()): void {
  if (!Number.isFinite(seconds) || seconds < 0) return;
  const id = String(episodeId);
  const order = storage.get('episodesTimeProgressOrder');
  const put = (key: ProgressKey, value: number) => {
    const all = storage.get(key);
    const current = own(all, id);
    const entry: EpisodeTime =
      variantId === undefined ? value : { ...(typeof current === 'object' ? current : {}), [String(variantId)]: value };
    const capped = putCapped(all, order, id, entry);
    storage.set(key, capped.record);
    return capped.order;
  };
  put('episodesTimeProgressSavedAt', savedAt);
  storage.set('episodesTimeProgressOrder', put('episodesTimeProgress', seconds));
}

/**
 * The saved time of an episode (or, with `key`, when it was saved). With a variant: that
 * variant's, or the plain one saved before variants were told apart. Without one: the plain one
 * only. Undefined when none.
 */
export function episodeProgress(storage: MediaStorage, episodeId: Id, variantId: Id | undefined, key: ProgressKey = 'episodesTimeProgress'): number | undefined {
  const entry = own(storage.get(key), String(episodeId));
  if (typeof entry === 'number' || entry === undefined) return entry;
  return variantId === undefined ? undefined : own(entry, String(variantId));
}

/** Remembers the audio track label chosen for a content (SPEC.md section 4, audio track choice). */
export function saveFavoriteAudioTrack(storage: MediaStorage, contentId: Id, label: string): void {
  storage.set('favoriteAudioTracks', { ...storage.get('favoriteAudioTracks'), [String(contentId)]: label });
}

export function favoriteAudioTrack(storage: MediaStorage, contentId: Id): string | undefined {
  return own(storage.get('favoriteAudioTracks'), String(contentId));
}

/** Remembers the variant title chosen for a content (SPEC.md section 5: "by given id or saved title"). */
export function saveEpisodeVariant(storage: MediaStorage, contentId: Id, title: string): void {
  storage.set('episodeVariants', { ...storage.get('episodeVariants'), [String(contentId)]: title });
}

export function savedEpisodeVariant(storage: MediaStorage, contentId: Id): string | undefined {
  return own(storage.get('episodeVariants'), String(contentId));
}

/** Merges `patch` into the preferences saved for a source URL; undefined fields keep the saved ones. */
export function saveSourcePreferences(storage: MediaStorage, src: string, patch: Partial<SourcePreferences>): void {
  const all = storage.get('sourcePreferences');
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const { record, order } = putCapped(all, storage.get('sourcePreferencesOrder'), src, { ...own(all, src), ...defined });
  storage.set('sourcePreferences', record);
  storage.set('sourcePreferencesOrder', order);
}

export function sourcePreferences(storage: MediaStorage, src: string): SourcePreferences | undefined {
  return own(storage.get('sourcePreferences'), src);
}
