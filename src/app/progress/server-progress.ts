/**
 * A logged-in viewer's progress on the server. The times this browser saves (at most
 * every 10 s, and at once on pause, seek end, episode change and page hide: playback-memory.ts)
 * are sent on to POST /contents/{id}/episodes/{episodeId}/time-progress as they are saved, with
 * keepalive, so the save made as the page goes away still arrives. The content's times read at
 * load (GET /contents/{id}/time-progress) are merged with this browser's: per episode and
 * voice-over, the newer wins, so a place left on another site is offered here. This browser's
 * storage stays the fallback: a failing or slow call changes nothing here and never holds
 * playback. Its own chunk, loaded only when the viewer has a session.
 */
import type { CatalogueClient } from '../../api/catalogue-client.ts';
import type { ContentTimeProgress, TimeProgress } from '../../contract/schemas/viewer-schema.ts';
import type { PlayerCore } from '../../core/player-core.ts';
import type { AppStore } from '../app-view.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { StorageValues } from '../../storage/storage-keys.ts';
import { episodeProgress, saveEpisodeProgress } from '../../storage/storage-records.ts';

export interface ServerProgressOptions {
  client: Pick<CatalogueClient, 'requests' | 'absoluteUrl'>;
  contentId: number;
  storage: MediaStorage;
  /** The core: the duration sent with each time, and the end of an episode. */
  core: Pick<PlayerCore, 'store' | 'events'>;
  /** The app's view: which episode plays, and whether the content is available here. */
  view: Pick<AppStore, 'getState'>;
  /** The content's saved times, asked for at load beside the catalogue calls. */
  saved: Promise<ContentTimeProgress>;
  /** The server's times changed what is saved here: the resume window may offer them now. */
  merged: () => void;
  /** The content load's life: nothing is sent or merged after it. */
  signal: AbortSignal;
}

/** One time saved here: episode, variant (undefined: the episode's own file), seconds. */
export type SavedTime = readonly [episodeId: number, variantId: number | undefined, seconds: number];

/**
 * Starts following this browser's saved times; resolves once the server's times are merged or
 * could not be read (logged only).
 */
export async function startServerProgress(options: ServerProgressOptions): Promise<void> {
  const { client, contentId, storage, core, saved, merged, signal, view } = options;
  // An episode watched to its end is marked completed for this viewer: another site then opens
  // the series on the first episode not completed (SPEC.md section 4), not on this one again.
  core.events.on('ended', () => {
    const shown = view.getState().view;
    // Unavailable content plays a placeholder: its end is no episode's.
    if (shown.status !== 'ready' || !shown.available) return;
    send(`contents/${contentId}/episodes/${shown.current.episode.id}/completed`, undefined, 'The episode was not marked completed on the server.');
  }, { signal });
  // The durable copy is read first: its values arriving are not saves, and a merge against the
  // mirror alone could prefer the server's time over a newer one that only IndexedDB kept.
  await storage.ready;
  if (signal.aborted) return;
  let known = storage.get('episodesTimeProgress');
  let merging = false;
  const unsubscribe = storage.subscribe(() => {
    const times = storage.get('episodesTimeProgress');
    if (times === known) return;
    const changes = changedTimes(known, times);
    known = times;
    if (merging) return; // the server's own times, not to be sent back
    const { duration } = core.store.getState();
    for (const [episodeId, variantId, time] of changes) {
      const body = { time, duration: duration > 0 && Number.isFinite(duration) ? duration : null, variantId: variantId ?? null };
      send(`contents/${contentId}/episodes/${episodeId}/time-progress`, body, 'The time was not saved on the server; this browser keeps it.');
    }
  });

  /** A POST with keepalive (it may be the page's last), its failure only logged. */
  function send(path: string, body: object | undefined, failure: string): void {
    client.requests.request(client.absoluteUrl(path), {
      kind: 'catalogue',
      method: 'POST',
      // A Blob brings its own Content-Type.
      ...(body ? { body: new Blob([JSON.stringify(body)], { type: 'application/json' }) } : {}),
      keepalive: true,
      signal: new AbortController().signal,
    }).catch((error: unknown) => console.warn(failure, error));
  }
  signal.addEventListener('abort', unsubscribe, { once: true });
  let items: readonly TimeProgress[];
  try {
    ({ items } = await saved);
  } catch (error) {
    if (!signal.aborted) console.warn('The saved times could not be read from the server; this browser\'s are used.', error);
    return;
  }
  if (signal.aborted) return;
  merging = true;
  const changed = mergeServerTimes(storage, items);
  merging = false;
  if (changed) merged();
}

/** The times of `after` that are new or differ from `before`, per episode and variant. */
export function changedTimes(before: StorageValues['episodesTimeProgress'], after: StorageValues['episodesTimeProgress']): SavedTime[] {
  const changes: SavedTime[] = [];
  for (const [id, entry] of Object.entries(after)) {
    const old = Object.hasOwn(before, id) ? before[id] : undefined;
    if (typeof entry === 'number') {
      if (entry !== old) changes.push([Number(id), undefined, entry]);
      continue;
    }
    for (const [variant, seconds] of Object.entries(entry)) {
      if (typeof old !== 'object' || !Object.hasOwn(old, variant) || old[variant] !== seconds) changes.push([Number(id), Number(variant), seconds]);
    }
  }
  return changes;
}

/**
 * Puts the server's times where they are newer than this browser's (per episode, and per
 * voice-over variant). A time saved here before save times were kept counts as older than any of
 * the server's. Returns whether anything changed.
 */
export function mergeServerTimes(storage: MediaStorage, items: readonly TimeProgress[]): boolean {
  let changed = false;
  // Oldest first, so the newest is also the most recently saved here (the cap drops the oldest).
  for (const item of [...items].reverse()) {
    const variantId = item.variantId ?? undefined;
    const serverAt = Date.parse(item.updatedAt);
    const localAt = episodeProgress(storage, item.episodeId, variantId, 'episodesTimeProgressSavedAt') ?? Number.NEGATIVE_INFINITY;
    if (!(serverAt > localAt)) continue;
    saveEpisodeProgress(storage, item.episodeId, variantId, item.time, serverAt);
    changed = true;
  }
  return changed;
}
