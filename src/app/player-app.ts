import type { CatalogueClient } from '../api/catalogue-client.ts';
import type { Episode, EpisodeVariant } from '../api/schema.ts';
import type { WidgetConfig } from '../config/widget-config.ts';
import { createPlayerEvents, forwardPlayerEvents, type PlayerEvents } from '../core/events.ts';
import { createPlayerCore, type PlayerCore } from '../core/player-core.ts';
import { createStore, type Store } from '../core/store.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { errorView, ContentBlockedError, NoEpisodesError } from './app-errors.ts';
import { chooseInitialEpisode, chooseVariant, episodeFilePath, nextEpisode } from './episode/episode-choice.ts';
import { resolveEpisodeSource, type EpisodeSource } from './episode/episode-source.ts';
import { loadContent, type LoadedContent } from './episode/load-content.ts';
import { startCountdown, type Countdown } from './episode/next-episode-countdown.ts';
import { createPlaybackMemory, inLanguageOrder, type PlaybackMemory } from './playback-memory.ts';
import { timerSchedule, type Schedule } from '../ui/interaction/schedule.ts';

/** The episode on screen: which one, which voice-over, and its resolved source once known. */
export interface EpisodeView {
  episode: Episode;
  variant: EpisodeVariant | undefined;
  source: EpisodeSource | undefined;
}

/**
 * The next-episode card at the end of an episode (SPEC.md sections 2 and 4). While `secondsLeft`
 * counts down, the ended episode stays on screen; at 0 the next one opens. Undefined
 * `secondsLeft`: it has opened and waits to play (the browser refused to start it by itself).
 */
export interface NextCardView {
  episode: Episode;
  secondsLeft: number | undefined;
}

/** The content with its episode on screen, and the two prompts drawn over it. */
export interface ReadyView extends LoadedContent {
  status: 'ready';
  core: PlayerCore;
  current: EpisodeView;
  /** The resume window's saved time (SPEC.md section 4); undefined when it is not shown. */
  resumeAt: number | undefined;
  /** The next-episode card shown at the end of an episode; undefined when not shown. */
  nextCard: NextCardView | undefined;
}

/** What the iframe shows: still loading, the content with its episode and player core, or why not. */
export type AppView = { status: 'loading' } | ReadyView | { status: 'error'; message: string; canReload: boolean };

export type AppConfig = Pick<
  WidgetConfig,
  | 'engine'
  | 'dashLibraryUrl'
  | 'episodeId'
  | 'season'
  | 'episode'
  | 'episodeVariantId'
  | 'timeCode'
  | 'episodeTime'
  | 'checkAvailability'
  | 'voiceAuthor'
  | 'autoPlay'
  | 'nextEpisodeCountdown'
  | 'langOrder'
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
  /** Saved progress and preferences (SPEC.md section 3). */
  storage: MediaStorage;
  /** The next-episode countdown's clock; default setTimeout and performance.now. */
  schedule?: Schedule;
  now?: () => number;
}

export interface PlayerApp {
  readonly store: Store<{ view: AppView }>;
  /**
   * What the player reports (src/core/events.ts), across reloads (each new core's events are
   * passed on), with the episode on screen: host messages and the page's services listen here.
   */
  readonly events: Pick<PlayerEvents, 'on'>;
  /** Plays (the document's own play button, before the controls are drawn); kept if the source is still on its way. */
  play(): void;
  /** Opens another episode, playing it with `play`; ignored while the content is unavailable (SPEC.md section 4). */
  selectEpisode(episodeId: number, options?: { play?: boolean }): void;
  /** Opens the first episode of another season. */
  selectSeason(seasonId: number): void;
  /** Switches the voice-over and resumes at the current time. */
  selectVariant(variantId: number): void;
  selectAudioTrack(index: number): void;
  selectQuality(choice: number | 'auto'): void;
  /** The audio boost saved for the source playing, and the viewer's new one to save. */
  savedAudioGain(): number | undefined;
  rememberAudioGain(gain: number): void;
  /** The resume window's two buttons: seek to the saved time and play, or just play. */
  continueWatching(): void;
  startOver(): void;
  /** The next-episode card's 'Смотреть': opens and plays the next episode at once. */
  watchNext(): void;
  /** The next-episode card's 'Отмена': the card goes, the ended episode stays. */
  dismissNext(): void;
  /** 'Перезагрузить страницу': starts the player over without reloading the page (SPEC.md section 8). */
  reload(): void;
  /** Stops loading and releases the core; idempotent. */
  destroy(): void;
}

/**
 * Loads the content and drives playback without waiting for React: the catalogue calls go out
 * as soon as the entry runs, and the engine starts on the document's video element the moment
 * the source is known. The UI renders from `store` whenever its chunk arrives.
 */
export function startPlayerApp(options: PlayerAppOptions): PlayerApp {
  const { client, config, video, domain, blockedClipUrl, storage, schedule = timerSchedule, now = () => performance.now() } = options;
  const store = createStore<{ view: AppView }>({ view: { status: 'loading' } });
  const events = createPlayerEvents();
  const app = new AbortController();
  /** One load of the content; 'Перезагрузить страницу' ends it and starts another. */
  let session = new AbortController();
  let core: PlayerCore | undefined;
  let memory: PlaybackMemory | undefined;
  /** Aborts the source resolution of the episode being replaced. */
  let episodeLoad: AbortController | undefined;
  /** Settles when the current episode's source is in the engine. */
  let sourceLoaded: Promise<boolean> = Promise.resolve(false);
  /** The next-episode card's countdown, while it runs. */
  let countdown: Countdown | undefined;
  const stopCountdown = () => {
    countdown?.cancel();
    countdown = undefined;
  };

  const ready = () => {
    const { view } = store.getState();
    return view.status === 'ready' ? view : undefined;
  };
  const patch = (change: Partial<ReadyView>) => {
    const view = ready();
    if (view) store.update({ view: { ...view, ...change } });
  };

  const stop = () => {
    stopCountdown();
    session.abort();
    episodeLoad?.abort();
    core?.destroy();
    core = undefined;
    memory = undefined;
  };
  const fail = (error: unknown, signal: AbortSignal) => {
    if (signal.aborted) return;
    stop();
    video.hidden = true;
    store.update({ view: errorView(error) });
  };

  /**
   * Resolves the episode's source and hands it to the engine. `start`: seconds; 'here' keeps the
   * element's time (a voice-over change, which never shows the resume window); undefined offers
   * the saved time, or resumes there at once when the viewer is watching (an episode change).
   */
  function open(current: EpisodeView, start: number | 'here' | undefined, autoPlay = false): void {
    const view = ready();
    if (!view || !memory) return;
    const player = view.core;
    const remembered = memory;
    episodeLoad?.abort();
    const load = new AbortController();
    episodeLoad = load;
    remembered.leave();
    const saved = start === undefined ? remembered.resumeTime(current.episode.id, current.variant?.id) : undefined;
    // Someone watching is not asked where to start: they resume at once.
    const offerResume = saved !== undefined && !autoPlay && video.paused;
    store.update({ view: { ...view, current, resumeAt: offerResume ? saved : undefined } });
    const signal = AbortSignal.any([session.signal, load.signal]);
    sourceLoaded = resolveEpisodeSource(client, episodeFilePath(current.episode, current.variant), signal).then(async (source) => {
      if (signal.aborted) return false;
      setSubtitleTracks(video, source.subtitles, config.langOrder);
      // A new source stops the element; a viewer watching now (even since the click) keeps watching.
      const keepPlaying = autoPlay || !video.paused;
      const startTime = start === 'here' ? video.currentTime : start ?? (offerResume ? undefined : saved);
      // The engine starts before the UI re-renders: the first frame waits for nothing else.
      const loaded = player.load(source.source, startTime === undefined ? {} : { startTime });
      patch({ current: { ...current, source } });
      // The seek-bar preview matters once the viewer can scrub: its worker and file wait for the
      // first picture instead of competing with it.
      const thumbnailsUrl = source.thumbnailsUrl;
      if (thumbnailsUrl) {
        const off = player.events.on('first-frame', () => {
          off();
          void player.loadThumbnails(thumbnailsUrl);
        }, { signal });
      }
      await loaded;
      if (signal.aborted) return false;
      player.events.emit('episode', { episodeId: current.episode.id, variantId: current.variant?.id });
      remembered.follow(current.episode.id, current.variant?.id, source.source.src);
      if (keepPlaying) player.play().catch(() => undefined);
      return true;
    }).catch((error: unknown) => {
      fail(error, signal);
      return false;
    });
  }

  function boot(): void {
    const { signal } = session;
    // The core exists from the start: a play asked for while the catalogue answers goes through
    // its request gate like any other (the one way playback starts).
    const player = createPlayerCore({ video, preferEngine: config.engine, engineSettings: { dashLibraryUrl: config.dashLibraryUrl } });
    core = player;
    forwardPlayerEvents(player.events, events, signal);
    const remembered = createPlaybackMemory({
      storage,
      core: player,
      page: document,
      win: window,
      contentId: config.movieId,
      voiceAuthor: config.voiceAuthor,
      langOrder: config.langOrder,
      signal,
    });
    memory = remembered;
    loadContent(client, config.movieId, { checkAvailability: config.checkAvailability, domain }, signal).then((loaded) => {
      if (signal.aborted) return;
      const episode = chooseInitialEpisode(loaded.episodes, config);
      if (!episode) throw new NoEpisodesError(config.movieId);
      video.hidden = false;
      // The first thing the viewer sees, before a frame and before the controls (embed.html).
      if (loaded.content.posterUrl && !video.poster) video.poster = client.absoluteUrl(loaded.content.posterUrl);
      const variant = chooseVariant(episode, config.episodeVariantId, remembered.savedVariantTitle());
      const current: EpisodeView = { episode, variant, source: undefined };
      store.update({ view: { status: 'ready', core: player, current, resumeAt: undefined, nextCard: undefined, ...loaded } });
      if (!loaded.available) {
        playBlockedPlaceholder(player, signal);
        return;
      }
      player.events.on('ended', advance, { signal });
      // Prompts end when playback starts, however it was started (the ended episode played again too).
      player.events.on('playing', () => {
        stopCountdown();
        patch({ resumeAt: undefined, nextCard: undefined });
      }, { signal });
      // auto_play starts at once where the browser allows, at the saved time without asking.
      open(current, config.timeCode ?? config.episodeTime, config.autoPlay);
    }).catch((error: unknown) => fail(error, signal));
  }

  /** Unavailable here: the placeholder clip plays, and its play or end says why (SPEC.md section 4). */
  function playBlockedPlaceholder(player: PlayerCore, signal: AbortSignal): void {
    const blocked = () => fail(new ContentBlockedError(), signal);
    player.events.on('play', blocked, { signal });
    player.events.on('ended', blocked, { signal });
    player.load({ src: blockedClipUrl, type: 'progressive' }).catch((error: unknown) => fail(error, signal));
    // A play asked for before we knew (a host, autoplay) counts too.
    if (!video.paused) blocked();
  }

  /**
   * At the end of an episode with a next one: its card counts down, then the next episode opens
   * and plays (SPEC.md section 4). The ended episode stays on screen meanwhile.
   */
  function advance(): void {
    const view = ready();
    const next = view && nextEpisode(view.episodes, view.current.episode);
    if (!view || !next) return;
    stopCountdown();
    countdown = startCountdown({
      seconds: config.nextEpisodeCountdown,
      onTick: (secondsLeft) => patch({ nextCard: { episode: next, secondsLeft } }),
      onDone: () => openNext(next),
      schedule,
      now,
    });
  }

  /** The countdown's end, or 'Смотреть' during it: the card stays until the next episode plays. */
  function openNext(next: Episode): void {
    countdown = undefined;
    patch({ nextCard: { episode: next, secondsLeft: undefined } });
    switchEpisode(next, true, true);
  }

  function switchEpisode(episode: Episode, autoPlay = false, keepCard = false): void {
    const view = ready();
    if (!view || !view.available || episode.id === view.current.episode.id) return;
    if (!keepCard) {
      stopCountdown();
      patch({ nextCard: undefined });
    }
    const variant = chooseVariant(episode, view.current.variant?.id, view.current.variant?.title);
    open({ episode, variant, source: undefined }, undefined, autoPlay);
  }

  /** Plays from the click itself (a phone allows play() only there), seeking once the source is in. */
  function playFrom(time: number | undefined): void {
    const player = core;
    if (!player) return;
    patch({ resumeAt: undefined });
    if (time !== undefined && video.readyState >= HTMLMediaElement.HAVE_METADATA) player.seek(time);
    else if (time !== undefined) void sourceLoaded.then((loaded) => loaded && player.seek(time));
    player.play().catch(() => undefined);
  }

  boot();
  return {
    store,
    events,
    play: () => void core?.play().catch(() => undefined),
    selectEpisode(episodeId, options) {
      const episode = ready()?.episodes.find((candidate) => candidate.id === episodeId);
      if (episode) switchEpisode(episode, options?.play);
    },
    selectSeason(seasonId) {
      const episode = ready()?.episodes.find((candidate) => candidate.season.id === seasonId);
      if (episode) switchEpisode(episode);
    },
    selectVariant(variantId) {
      const view = ready();
      const variant = view?.current.episode.episodeVariants.find((candidate) => candidate.id === variantId);
      if (!view || !variant || !view.available || variant.id === view.current.variant?.id) return;
      memory?.rememberVariant(variant.title);
      // The new voice-over resumes where the old one was (SPEC.md section 4).
      open({ episode: view.current.episode, variant, source: undefined }, 'here');
    },
    selectAudioTrack: (index) => memory?.selectAudioTrack(index),
    selectQuality: (choice) => memory?.selectQuality(choice),
    savedAudioGain: () => memory?.savedAudioGain(),
    rememberAudioGain: (gain) => memory?.rememberAudioGain(gain),
    continueWatching: () => playFrom(ready()?.resumeAt),
    startOver() {
      const current = ready()?.current;
      if (current) memory?.forgetTime(current.episode.id, current.variant?.id);
      playFrom(undefined);
    },
    watchNext() {
      const card = ready()?.nextCard;
      if (!card) return;
      if (card.secondsLeft === undefined) playFrom(undefined);
      else {
        stopCountdown();
        openNext(card.episode);
      }
    },
    dismissNext() {
      stopCountdown();
      patch({ nextCard: undefined });
    },
    reload() {
      if (app.signal.aborted) return;
      stop();
      session = new AbortController();
      store.update({ view: { status: 'loading' } });
      boot();
    },
    destroy() {
      app.abort();
      stop();
    },
  };
}

/**
 * Replaces the element's subtitle tracks with the episode's, those in the language order first
 * (SPEC.md section 1): the menu lists them first and turning subtitles on picks the first.
 */
function setSubtitleTracks(video: HTMLVideoElement, subtitles: EpisodeSource['subtitles'], langOrder: readonly string[]): void {
  for (const track of video.querySelectorAll('track')) track.remove();
  const preferred = inLanguageOrder(subtitles, langOrder);
  for (const subtitle of [...preferred, ...subtitles.filter((item) => !preferred.includes(item))]) {
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = subtitle.src;
    track.label = subtitle.label;
    track.srclang = subtitle.language;
    video.append(track);
  }
}
