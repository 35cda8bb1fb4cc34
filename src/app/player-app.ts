import type { CatalogueClient } from '../api/catalogue-client.ts';
import { RequestError } from '../api/request-error.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import { createPlayerCore, type PlayerCore } from '../core/player-core.ts';
import { createStore, type Store } from '../core/store.ts';
import { ru } from '../ui/i18n/ru.ts';
import { loadFirstEpisode, ManifestLoadError, type FirstEpisode } from './load-first-episode.ts';

/** What the iframe shows: still loading, the loaded episode with its player core, or why not. */
export type AppView =
  | { status: 'loading' }
  | { status: 'loaded'; episode: FirstEpisode; core: PlayerCore }
  | { status: 'error'; message: string; canReload: boolean };

export interface PlayerAppOptions {
  client: CatalogueClient;
  movieId: number;
  engine: WidgetConfig['engine'];
  dashLibraryUrl: WidgetConfig['dashLibraryUrl'];
  /** The embed document's own video element: it exists before any script runs. */
  video: HTMLVideoElement;
}

export interface PlayerApp {
  readonly store: Store<{ view: AppView }>;
  /** Stops loading and releases the core; idempotent. */
  destroy(): void;
}

/**
 * Loads the content and starts playback without waiting for React: the catalogue calls go out
 * as soon as the entry runs, and the engine starts on the document's video element the moment
 * the source is known. The UI renders from `store` whenever its chunk arrives.
 */
export function startPlayerApp({ client, movieId, engine, dashLibraryUrl, video }: PlayerAppOptions): PlayerApp {
  const store = createStore<{ view: AppView }>({ view: { status: 'loading' } });
  const lifetime = new AbortController();
  let core: PlayerCore | undefined;

  const fail = (error: unknown) => {
    if (lifetime.signal.aborted) return;
    core?.destroy();
    core = undefined;
    video.hidden = true;
    store.update({ view: errorView(error) });
  };

  loadFirstEpisode(client, movieId, lifetime.signal).then((episode) => {
    if (lifetime.signal.aborted) return;
    addSubtitleTracks(video, episode.subtitles);
    const player = createPlayerCore({ video, preferEngine: engine, engineSettings: { dashLibraryUrl } });
    core = player;
    // The engine starts before the UI re-renders: the first frame waits for nothing else.
    player.load(episode.source).catch(fail);
    store.update({ view: { status: 'loaded', episode, core: player } });
    // The seek-bar preview matters once the viewer can scrub: its worker and file wait for the
    // first picture instead of competing with it.
    const thumbnailsUrl = episode.thumbnailsUrl;
    if (thumbnailsUrl) video.addEventListener('loadeddata', () => void player.loadThumbnails(thumbnailsUrl), { once: true, signal: lifetime.signal });
  }, fail);

  return {
    store,
    destroy() {
      lifetime.abort();
      core?.destroy();
      core = undefined;
    },
  };
}

function addSubtitleTracks(video: HTMLVideoElement, subtitles: FirstEpisode['subtitles']): void {
  for (const subtitle of subtitles) {
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = subtitle.src;
    track.label = subtitle.label;
    track.srclang = subtitle.language;
    video.append(track);
  }
}

/** Maps a failure to the viewer message of SPEC.md section 8. */
function errorView(error: unknown): AppView {
  if (error instanceof ManifestLoadError) return { status: 'error', message: ru.manifestLoadFailed(error.url), canReload: false };
  if (error instanceof RequestError && error.status === 404) return { status: 'error', message: ru.contentNotAvailable, canReload: false };
  console.error(error);
  return { status: 'error', message: ru.genericError(newErrorId()), canReload: true };
}

/** The short id a viewer can quote to support (SPEC.md section 8). */
export function newErrorId(): string {
  return crypto.randomUUID().slice(0, 8);
}
