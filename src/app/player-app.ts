import type { CatalogueClient } from '../api/catalogue-client.ts';
import type { AdCommands } from '../ads/ads-controller.ts';
import { INITIAL_AD_STATE, type AdState } from '../ads/ad-state.ts';
import { createPlayerEvents, type PlayerEvents } from '../core/events.ts';
import { createPlayerCore, type PlayerCore } from '../core/player-core.ts';
import { createStore, type Store } from '../core/store.ts';
import { whenBufferSafe } from '../core/buffer-safe.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { timerSchedule, type Schedule } from '../ui/interaction/schedule.ts';
import { errorView, ContentBlockedError, NoEpisodesError } from './app-errors.ts';
import type { AppConfig, AppStore, EpisodeChangeCause, EpisodeView } from './app-view.ts';
import { chooseInitialEpisode, chooseVariant } from '../contract/catalogue/episode-choice.ts';
import { createEpisodeSession, type EpisodeSession } from './episode/episode-session.ts';
import { loadContent } from './episode/load-content.ts';
import { createPlaybackMemory, type PlaybackMemory } from './playback-memory.ts';
import { startDataSaver, type DataSaver } from './data-saver/data-saver.ts';

export interface PlayerAppOptions {
  client: CatalogueClient;
  config: AppConfig;
  /** The embed document's own video element: it exists before any script runs. */
  video: HTMLVideoElement;
  /** The page address for the availability call. */
  domain: string;
  /** The clip that plays behind the country message of unavailable content (SPEC.md section 4). */
  blockedClipUrl: string;
  /** Saved progress and preferences (SPEC.md section 3). */
  storage: MediaStorage;
  /**
   * The viewer has a session (the authToken cookie or the authSession mark): progress is saved
   * on the server too and read back at load. Default false: no call is made.
   */
  loggedIn?: boolean;
  /** The next-episode countdown's clock; default setTimeout and performance.now. */
  schedule?: Schedule;
  now?: () => number;
}

export interface PlayerApp {
  readonly store: AppStore;
  /**
   * What the player reports (src/core/events.ts), across reloads (each new core's events are
   * passed on), with the episode on screen: host messages and the page's services listen here.
   */
  readonly events: Pick<PlayerEvents, 'on' | 'onEvery'>;
  /** The ad breaks: their state (the ad overlay reads it) and the overlay's commands. */
  readonly ads: { readonly store: Store<AdState>; readonly commands: AdCommands };
  /**
   * The request filters every engine applies (configured, then replaced by the host's
   * setRequestFilters): data, validated where each engine reads it.
   */
  readonly requestFilters: Store<{ requestFilters: unknown }>;
  /** The data saver: on or off and why (the host's word, the viewer's switch, the browser's hint); every engine follows it. */
  readonly dataSaver: DataSaver;
  /** Plays (the document's own play button, before the controls are drawn); kept if the source is still on its way. */
  play(): void;
  /** Opens another episode, playing it with `play`; ignored while the content is unavailable (SPEC.md section 4). */
  selectEpisode(episodeId: number, options?: { play?: boolean; cause?: EpisodeChangeCause }): void;
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
  /** The next-episode card's 'Отмена' (or 'Смотреть титры' at the credits): the card goes, the episode stays. */
  dismissNext(): void;
  /** The episode's credits began: the next episode's card counts down over them. */
  creditsReached(): void;
  /** A seek went back before the credits: their card and its countdown go. */
  creditsLeft(): void;
  /** Saved progress and preferences (the viewer's 'Всегда пропускать' among them). */
  readonly storage: MediaStorage;
  /** 'Перезагрузить страницу': starts the player over without reloading the page (SPEC.md section 8). */
  reload(): void;
  /** Stops loading and releases the core; idempotent. */
  destroy(): void;
}

/**
 * Loads the content and drives playback without waiting for React: the catalogue calls go out
 * as soon as the entry runs, and the engine starts on the document's video element the moment
 * the source is known. The UI renders from `store` whenever its chunk arrives. Which episode
 * plays, and the prompts around it, are the episode session's (episode/episode-session.ts).
 */
export function startPlayerApp(options: PlayerAppOptions): PlayerApp {
  const { client, config, video, domain, blockedClipUrl, storage, loggedIn, schedule = timerSchedule, now = () => performance.now() } = options;
  const store: AppStore = createStore({ view: { status: 'loading' } });
  const events = createPlayerEvents();
  const app = new AbortController();
  /** One load of the content; 'Перезагрузить страницу' ends it and starts another. */
  let session = new AbortController();
  let core: PlayerCore | undefined;
  let memory: PlaybackMemory | undefined;
  /** The episodes of available content, once loaded. */
  let episodes: EpisodeSession | undefined;
  const adStore = createStore<AdState>(INITIAL_AD_STATE);
  const requestFilters = createStore<{ requestFilters: unknown }>({ requestFilters: config.requestFilters });
  const dataSaver = startDataSaver({ storage, host: config.dataSaver, events });
  /** The ad module's commands, once its chunk has arrived. */
  let adCommands: AdCommands | undefined;

  const stop = () => {
    adCommands = undefined;
    episodes?.stop();
    episodes = undefined;
    session.abort();
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

  function boot(): void {
    const { signal } = session;
    // The catalogue calls go out first: they are the longest wait before the source is known.
    const content = loadContent(client, config.movieId, { checkAvailability: config.checkAvailability, domain }, signal);
    // The core exists from the start: a play asked for while the catalogue answers goes through
    // its request gate like any other (the one way playback starts).
    const player = createPlayerCore({ video, preferEngine: config.engine, engineSettings: { dashLibraryUrl: config.dashLibraryUrl, requestFilters, dataSaver: dataSaver.store } });
    core = player;
    // The app's bus carries this core's events until the next one replaces it.
    player.events.onEvery((payload, name) => events.emit(name, payload), { signal });
    startAdBreaks(player, signal);
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
    if (loggedIn) startServerProgress(player, signal);
    content.then((loaded) => {
      if (signal.aborted) return;
      const episode = chooseInitialEpisode(loaded.episodes, config);
      if (!episode) throw new NoEpisodesError(config.movieId);
      if (!loaded.available) {
        showBlocked(signal);
        return;
      }
      video.hidden = false;
      // The first thing the viewer sees, before a frame and before the controls (embed.html).
      if (loaded.content.posterUrl && !video.poster) video.poster = client.absoluteUrl(loaded.content.posterUrl);
      const variant = chooseVariant(episode, config.episodeVariantId, remembered.savedVariantTitle());
      const current: EpisodeView = { episode, variant, source: undefined };
      store.update({ view: { status: 'ready', core: player, current, resumeAt: undefined, nextCard: undefined, ...loaded } });
      episodes = createEpisodeSession({
        client,
        config,
        video,
        core: player,
        memory: remembered,
        store,
        signal,
        fail: (error) => fail(error, signal),
        schedule,
        now,
      });
      // auto_play starts at once where the browser allows, at the saved time without asking.
      episodes.begin(current, config.timeCode ?? config.episodeTime, config.autoPlay);
    }).catch((error: unknown) => fail(error, signal));
  }

  /**
   * A logged-in viewer's saved times are asked for beside the catalogue calls; merging them and
   * sending the times saved here is the job of a chunk of its own, so none of it weighs on
   * anonymous viewers. A failure of either leaves this browser's times in charge.
   */
  function startServerProgress(player: PlayerCore, signal: AbortSignal): void {
    const saved = client.timeProgress(config.movieId, signal);
    saved.catch(() => undefined);
    import('./progress/server-progress.ts').then((chunk) => chunk.startServerProgress({
      client, contentId: config.movieId, storage, core: player, saved, signal, merged: () => episodes?.offerSaved(), view: store,
    }), () => undefined);
  }

  /**
   * Known unavailable here (SPEC.md sections 4 and 6): the country message at once, never a player
   * that looks playable until a press on play, and the host hears 'blocked' as its error. The
   * placeholder clip plays behind the message, muted so that no gesture is needed, outside the
   * core (there is nothing of the film to play).
   */
  function showBlocked(signal: AbortSignal): void {
    fail(new ContentBlockedError(), signal);
    video.hidden = false;
    video.muted = true;
    video.loop = true;
    video.src = blockedClipUrl;
    void video.play().catch(() => undefined);
  }

  /** Takes the placeholder clip off the element before another load gives it a source. */
  function clearPlaceholder(): void {
    if (video.getAttribute('src') !== blockedClipUrl) return;
    video.pause();
    video.loop = false;
    video.removeAttribute('src');
    video.load();
  }

  /**
   * Ads hold the request gate from the start (a preroll comes before the first play). Their code
   * loads once it is needed — a play is asked for, or the film's buffer is safe
   * (src/core/buffer-safe.ts) — so it never comes before the film's own first bytes. If it cannot load, the hold goes and the film
   * plays.
   */
  function startAdBreaks(player: PlayerCore, signal: AbortSignal): void {
    const hold = player.hold('ads');
    signal.addEventListener('abort', hold, { once: true });
    let playRequested = false;
    let loading = false;
    /** Until the module runs, play requests are remembered here; then it hears them itself. */
    const waiting = new AbortController();
    const load = () => {
      if (loading) return;
      loading = true;
      import('../ads/ads-controller.ts').then(({ startAds }) => {
        waiting.abort();
        if (signal.aborted) return;
        adCommands = startAds({
          core: player,
          filmVideo: video,
          container: video.parentElement ?? video,
          store: adStore,
          adListUrl: config.adListUrl,
          breakTimeoutMs: config.adBreakTimeoutMs,
          markingFallback: config.adMarking,
          requests: client.requests,
          initialHold: hold,
          // A play asked for while this module loaded starts the preroll as autoplay does.
          autoPlay: config.autoPlay || playRequested,
          signal,
        });
      }, (error: unknown) => {
        waiting.abort();
        console.warn('The ad module did not load; the film plays without ads.', error);
        hold();
      });
    };
    const listening = { signal: AbortSignal.any([signal, waiting.signal]) };
    player.events.on('play-requested', () => {
      playRequested = true;
      load();
    }, listening);
    // Without a play request (the preroll's path), the module and its list for a later break wait
    // until the film's buffer is safe, so they never share the link with its first seconds.
    void whenBufferSafe({ video, events: player.events, signal: listening.signal }).then(load);
  }

  boot();
  return {
    store,
    events,
    requestFilters,
    dataSaver,
    ads: {
      store: adStore,
      commands: {
        togglePlay: () => adCommands?.togglePlay(),
        setVolume: (volume) => adCommands?.setVolume(volume),
        toggleMute: () => adCommands?.toggleMute(),
        skip: () => adCommands?.skip(),
        clickThrough: () => adCommands?.clickThrough(),
      },
    },
    play: () => void core?.play().catch(() => undefined),
    selectEpisode: (episodeId, choice) => episodes?.selectEpisode(episodeId, choice),
    selectSeason: (seasonId) => episodes?.selectSeason(seasonId),
    selectVariant: (variantId) => episodes?.selectVariant(variantId),
    selectAudioTrack: (index) => memory?.selectAudioTrack(index),
    selectQuality: (choice) => memory?.selectQuality(choice),
    savedAudioGain: () => memory?.savedAudioGain(),
    rememberAudioGain: (gain) => memory?.rememberAudioGain(gain),
    continueWatching: () => episodes?.continueWatching(),
    startOver: () => episodes?.startOver(),
    watchNext: () => episodes?.watchNext(),
    dismissNext: () => episodes?.dismissNext(),
    creditsReached: () => episodes?.creditsReached(),
    creditsLeft: () => episodes?.creditsLeft(),
    storage,
    reload() {
      if (app.signal.aborted) return;
      stop();
      clearPlaceholder();
      session = new AbortController();
      store.update({ view: { status: 'loading' } });
      boot();
    },
    destroy() {
      app.abort();
      dataSaver.stop();
      stop();
      clearPlaceholder();
    },
  };
}

