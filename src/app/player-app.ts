import type { CatalogueClient } from '../api/catalogue-client.ts';
import { RequestError } from '../api/request-error.ts';
import type { Episode, EpisodeVariant } from '../api/schema.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import { createPlayerCore, type PlayerCore } from '../core/player-core.ts';
import { createStore, type Store } from '../core/store.ts';
import { ru } from '../ui/i18n/ru.ts';
import { chooseInitialEpisode, chooseVariant, episodeFilePath } from './episode-choice.ts';
import { ManifestLoadError, resolveEpisodeSource, type EpisodeSource } from './episode-source.ts';
import { loadContent, type LoadedContent } from './load-content.ts';

/** The episode on screen: which one, which voice-over, and its resolved source once known. */
export interface EpisodeView {
  episode: Episode;
  variant: EpisodeVariant | undefined;
  source: EpisodeSource | undefined;
}

/** What the iframe shows: still loading, the content with its episode and player core, or why not. */
export type AppView =
  | { status: 'loading' }
  | ({ status: 'ready'; core: PlayerCore; current: EpisodeView } & LoadedContent)
  | { status: 'error'; message: string; canReload: boolean };

export type AppConfig = Pick<
  WidgetConfig,
  'engine' | 'dashLibraryUrl' | 'episodeId' | 'season' | 'episode' | 'episodeVariantId' | 'timeCode' | 'checkAvailability'
> & { movieId: number };

export interface PlayerAppOptions {
  client: CatalogueClient;
  config: AppConfig;
  /** The embed document's own video element: it exists before any script runs. */
  video: HTMLVideoElement;
  /** The page address for the availability call. */
  domain: string;
  /** The clip that plays instead of unavailable content (SPEC.md section 4). */
  blockedClipUrl: string;
}

export interface PlayerApp {
  readonly store: Store<{ view: AppView }>;
  /** Opens another episode; ignored while the content is unavailable (SPEC.md section 4). */
  selectEpisode(episodeId: number): void;
  /** Opens the first episode of another season. */
  selectSeason(seasonId: number): void;
  /** Switches the voice-over and resumes at the current time. */
  selectVariant(variantId: number): void;
  /** Stops loading and releases the core; idempotent. */
  destroy(): void;
}

/**
 * Loads the content and drives playback without waiting for React: the catalogue calls go out
 * as soon as the entry runs, and the engine starts on the document's video element the moment
 * the source is known. The UI renders from `store` whenever its chunk arrives.
 */
export function startPlayerApp({ client, config, video, domain, blockedClipUrl }: PlayerAppOptions): PlayerApp {
  const store = createStore<{ view: AppView }>({ view: { status: 'loading' } });
  const lifetime = new AbortController();
  let core: PlayerCore | undefined;
  /** Aborts the source resolution of the episode being replaced. */
  let episodeLoad: AbortController | undefined;

  const ready = () => {
    const { view } = store.getState();
    return view.status === 'ready' ? view : undefined;
  };

  const fail = (error: unknown) => {
    if (lifetime.signal.aborted) return;
    episodeLoad?.abort();
    core?.destroy();
    core = undefined;
    video.hidden = true;
    store.update({ view: errorView(error) });
  };

  /**
   * Resolves the episode's source and hands it to the engine, starting at `startAt` seconds, or
   * 'here': where the element is when the new source is ready (a voice-over change).
   */
  function open(current: EpisodeView, startAt: number | 'here' | undefined): void {
    const view = ready();
    if (!view) return;
    episodeLoad?.abort();
    const load = new AbortController();
    episodeLoad = load;
    store.update({ view: { ...view, current } });
    const signal = AbortSignal.any([lifetime.signal, load.signal]);
    resolveEpisodeSource(client, episodeFilePath(current.episode, current.variant), signal).then((source) => {
      if (signal.aborted) return;
      setSubtitleTracks(video, source.subtitles);
      // A new source stops the element; a viewer who was watching keeps watching.
      const wasPlaying = !video.paused;
      const startTime = startAt === 'here' ? video.currentTime : startAt;
      // The engine starts before the UI re-renders: the first frame waits for nothing else.
      view.core.load(source.source, startTime === undefined ? {} : { startTime }).then(() => {
        if (wasPlaying && !signal.aborted) view.core.play().catch(() => undefined);
      }, fail);
      const latest = ready();
      if (latest) store.update({ view: { ...latest, current: { ...current, source } } });
      // The seek-bar preview matters once the viewer can scrub: its worker and file wait for the
      // first picture instead of competing with it.
      const thumbnailsUrl = source.thumbnailsUrl;
      if (thumbnailsUrl) video.addEventListener('loadeddata', () => void view.core.loadThumbnails(thumbnailsUrl), { once: true, signal });
    }, (error: unknown) => {
      if (!signal.aborted) fail(error);
    });
  }

  loadContent(client, config.movieId, { checkAvailability: config.checkAvailability, domain }, lifetime.signal).then((loaded) => {
    if (lifetime.signal.aborted) return;
    const episode = chooseInitialEpisode(loaded.episodes, config);
    if (!episode) throw new RequestError(`episodes of ${config.movieId}`, 404, '');
    const player = createPlayerCore({ video, preferEngine: config.engine, engineSettings: { dashLibraryUrl: config.dashLibraryUrl } });
    core = player;
    const current: EpisodeView = { episode, variant: chooseVariant(episode, config.episodeVariantId, undefined), source: undefined };
    store.update({ view: { status: 'ready', core: player, current, ...loaded } });
    if (loaded.available) {
      open(current, config.timeCode);
      return;
    }
    // Unavailable here: the placeholder clip plays, and its play or end says why (SPEC.md section 4).
    const blocked = () => fail(new ContentBlockedError());
    video.addEventListener('play', blocked, { once: true, signal: lifetime.signal });
    video.addEventListener('ended', blocked, { once: true, signal: lifetime.signal });
    player.load({ src: blockedClipUrl, type: 'progressive' }).catch(fail);
    // A play asked for before we knew (a host, autoplay) counts too.
    if (!video.paused) blocked();
  }).catch(fail);

  function switchEpisode(episode: Episode): void {
    const view = ready();
    if (!view || !view.available || episode.id === view.current.episode.id) return;
    open({ episode, variant: chooseVariant(episode, view.current.variant?.id, view.current.variant?.title), source: undefined }, undefined);
  }

  return {
    store,
    selectEpisode(episodeId) {
      const episode = ready()?.episodes.find((candidate) => candidate.id === episodeId);
      if (episode) switchEpisode(episode);
    },
    selectSeason(seasonId) {
      const episode = ready()?.episodes.find((candidate) => candidate.season.id === seasonId);
      if (episode) switchEpisode(episode);
    },
    selectVariant(variantId) {
      const view = ready();
      const variant = view?.current.episode.episodeVariants.find((candidate) => candidate.id === variantId);
      if (!view || !variant || !view.available || variant.id === view.current.variant?.id) return;
      // The new voice-over resumes where the old one was (SPEC.md section 4).
      open({ episode: view.current.episode, variant, source: undefined }, 'here');
    },
    destroy() {
      lifetime.abort();
      core?.destroy();
      core = undefined;
    },
  };
}

/** The content cannot be watched in the viewer's country. */
export class ContentBlockedError extends Error {
  constructor() {
    super('The content is not available in this country');
    this.name = 'ContentBlockedError';
  }
}

/** Replaces the element's subtitle tracks with the episode's. */
function setSubtitleTracks(video: HTMLVideoElement, subtitles: EpisodeSource['subtitles']): void {
  for (const track of video.querySelectorAll('track')) track.remove();
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
  if (error instanceof ContentBlockedError) return { status: 'error', message: ru.blockedInCountry, canReload: false };
  if (error instanceof ManifestLoadError) return { status: 'error', message: ru.manifestLoadFailed(error.url), canReload: false };
  if (error instanceof RequestError && error.status === 404) return { status: 'error', message: ru.contentNotAvailable, canReload: false };
  console.error(error);
  return { status: 'error', message: ru.genericError(newErrorId()), canReload: true };
}

/** The short id a viewer can quote to support (SPEC.md section 8). */
export function newErrorId(): string {
  return crypto.randomUUID().slice(0, 8);
}
