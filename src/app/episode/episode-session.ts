import type { CatalogueClient } from '../../api/catalogue-client.ts';
import type { Episode } from '../../contract/schemas/schema.ts';
import type { PlayerCore } from '../../core/player-core.ts';
import { whenBufferSafe } from '../../core/buffer-safe.ts';
import type { Schedule } from '../../ui/interaction/schedule.ts';
import { patchReadyView, readyView, type AppConfig, type AppStore, type EpisodeChangeCause, type EpisodeView } from '../app-view.ts';
import type { PlaybackMemory } from '../playback-memory.ts';
import { chooseVariant, episodeFilePath, nextEpisode } from '../../contract/catalogue/episode-choice.ts';
import { resolveEpisodeSource } from './episode-source.ts';
import { startCountdown, type Countdown } from './next-episode-countdown.ts';
import { setSubtitleTracks } from './subtitle-tracks.ts';

export interface EpisodeSessionOptions {
  client: CatalogueClient;
  config: Pick<AppConfig, 'langOrder' | 'nextEpisodeCountdown'>;
  video: HTMLVideoElement;
  core: PlayerCore;
  memory: PlaybackMemory;
  /** Holds the ready view this session changes (the episode on screen, the two prompts). */
  store: AppStore;
  /** The content load's life: aborting it ends the session, its listeners and its loads. */
  signal: AbortSignal;
  /** A source that cannot be resolved or loaded ends the content load with its error card. */
  fail(error: unknown): void;
  schedule: Schedule;
  now: () => number;
}

/** Where an opened episode starts: seconds; 'here' keeps the element's time; undefined asks memory. */
export type EpisodeStart = number | 'here' | undefined;

/** Which episode and voice-over play, and the prompts around them (SPEC.md section 4). */
export interface EpisodeSession {
  /** Opens the first episode; `autoPlay` plays it where the browser allows. */
  begin(current: EpisodeView, start: EpisodeStart, autoPlay: boolean): void;
  selectEpisode(episodeId: number, options?: { play?: boolean; cause?: EpisodeChangeCause }): void;
  selectSeason(seasonId: number): void;
  selectVariant(variantId: number): void;
  continueWatching(): void;
  startOver(): void;
  /**
   * Saved progress changed after the episode opened (a logged-in viewer's server copy):
   * the resume window offers the time now saved, unless a start was given or the viewer watches.
   */
  offerSaved(): void;
  watchNext(): void;
  dismissNext(): void;
  /** The credits began (src/app/episode/episode-markers.ts): the next episode's card counts down while they play. */
  creditsReached(): void;
  /** A seek went back before the credits: the card counting down over them goes. */
  creditsLeft(): void;
  /** Stops the countdown and the source on its way; the session's signal does the rest. */
  stop(): void;
}

/**
 * One load of available content: opens episodes (the source resolved, then handed to the core),
 * offers the resume window, and at the end of an episode counts down to the next one.
 */
export function createEpisodeSession(options: EpisodeSessionOptions): EpisodeSession {
  const { client, config, video, core, memory, store, signal, fail, schedule, now } = options;
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
  const patch = (change: Parameters<typeof patchReadyView>[1]) => patchReadyView(store, change);
  /** The opened episode asked memory where to start, and playback has not started since. */
  let asking = false;

  /**
   * Resolves the episode's source and hands it to the engine. `start`: seconds; 'here' keeps the
   * element's time (a voice-over change, which never shows the resume window); undefined offers
   * the saved time, or resumes there at once when the viewer is watching (an episode change).
   */
  function open(current: EpisodeView, start: EpisodeStart, autoPlay = false): void {
    const view = readyView(store);
    if (!view || signal.aborted) return;
    episodeLoad?.abort();
    const load = new AbortController();
    episodeLoad = load;
    memory.leave();
    asking = start === undefined && !autoPlay;
    const saved = start === undefined ? memory.resumeTime(current.episode.id, current.variant?.id) : undefined;
    // Someone watching is not asked where to start: they resume at once.
    const offerResume = saved !== undefined && !autoPlay && video.paused;
    store.update({ view: { ...view, current, resumeAt: offerResume ? saved : undefined } });
    const loadSignal = AbortSignal.any([signal, load.signal]);
    sourceLoaded = resolveEpisodeSource(client, episodeFilePath(current.episode, current.variant), loadSignal).then(async (source) => {
      if (loadSignal.aborted) return false;
      setSubtitleTracks(video, source.subtitles, config.langOrder);
      // A new source stops the element; a viewer watching now (even since the click) keeps watching.
      const keepPlaying = autoPlay || !video.paused;
      const startTime = start === 'here' ? video.currentTime : start ?? (offerResume ? undefined : saved);
      // The engine starts before the UI re-renders: the first frame waits for nothing else.
      const loaded = core.load(source.source, startTime === undefined ? {} : { startTime });
      patch({ current: { ...current, source } });
      // The seek-bar preview matters once the viewer can scrub: its worker and file wait until
      // this source's buffer is safe instead of competing with its first seconds.
      const thumbnailsUrl = source.thumbnailsUrl;
      if (thumbnailsUrl) void whenBufferSafe({ video, events: core.events, signal: loadSignal }).then(() => {
        if (!core.store.getState().error) void core.loadThumbnails(thumbnailsUrl);
      });
      await loaded;
      if (loadSignal.aborted) return false;
      core.events.emit('episode', { episodeId: current.episode.id, variantId: current.variant?.id });
      memory.follow(current.episode.id, current.variant?.id, source.source.src);
      if (keepPlaying) startPlaying(autoPlay);
      return true;
    }).catch((error: unknown) => {
      if (!loadSignal.aborted) fail(error);
      return false;
    });
  }

  /** The card shows at the credits (the episode plays on), not at the end. */
  let atCredits = false;

  /**
   * Starts the opened episode. Autoplay the browser refuses with sound plays muted instead, with
   * 'Включить звук' on screen: the viewer who clicked a facade never waits for a second tap.
   */
  function startPlaying(autoPlay: boolean): void {
    core.play().catch((error: unknown) => {
      if (!autoPlay || video.muted || !(error instanceof Error) || error.name !== 'NotAllowedError' || signal.aborted) return;
      core.muteForAutoplay();
      core.play().catch(() => undefined);
    });
  }

  /**
   * At the end of an episode with a next one, or at its credits: its card counts down, then the
   * next episode opens and plays (SPEC.md section 4). The episode stays on screen meanwhile. The
   * end of an episode whose credits' countdown still runs lets that countdown finish.
   */
  function advance(credits: boolean): void {
    const view = readyView(store);
    const next = view && nextEpisode(view.episodes, view.current.episode);
    if (!view || !next || (countdown && atCredits && !credits)) {
      atCredits = false;
      return;
    }
    stopCountdown();
    atCredits = credits;
    countdown = startCountdown({
      seconds: config.nextEpisodeCountdown,
      onTick: (secondsLeft) => patch({ nextCard: { episode: next, secondsLeft, credits: atCredits } }),
      onDone: () => openNext(next, 'autoNext'),
      schedule,
      now,
    });
  }

  /** The countdown's end, or 'Смотреть' during it: the card stays until the next episode plays. */
  function openNext(next: Episode, cause: EpisodeChangeCause): void {
    countdown = undefined;
    patch({ nextCard: { episode: next, secondsLeft: undefined } });
    switchEpisode(next, true, true, cause);
  }

  function switchEpisode(episode: Episode, autoPlay = false, keepCard = false, cause: EpisodeChangeCause = 'user'): void {
    const view = readyView(store);
    if (!view || episode.id === view.current.episode.id) return;
    if (!keepCard) {
      stopCountdown();
      patch({ nextCard: undefined });
    }
    const variant = chooseVariant(episode, view.current.variant?.id, view.current.variant?.title);
    // Another episode gets its own preroll: the ads hold the gate before its source goes in.
    core.events.emit('episode-opening', { episodeId: episode.id });
    open({ episode, variant, source: undefined, cause }, undefined, autoPlay);
  }

  /** Plays from the click itself (a phone allows play() only there), seeking once the source is in. */
  function playFrom(time: number | undefined): void {
    asking = false;
    patch({ resumeAt: undefined });
    if (time !== undefined && video.readyState >= HTMLMediaElement.HAVE_METADATA) core.seek(time);
    else if (time !== undefined) void sourceLoaded.then((loaded) => loaded && core.seek(time));
    core.play().catch(() => undefined);
  }

  core.events.on('ended', () => advance(false), { signal });
  // Prompts end when playback starts, however it was started (the ended episode played again too);
  // the credits' card shows while the episode plays, through its waits and seeks.
  core.events.on('playing', () => {
    asking = false;
    if (countdown && atCredits) return patch({ resumeAt: undefined });
    stopCountdown();
    patch({ resumeAt: undefined, nextCard: undefined });
  }, { signal });

  return {
    begin: open,
    selectEpisode(episodeId, choice) {
      const episode = readyView(store)?.episodes.find((candidate) => candidate.id === episodeId);
      if (episode) switchEpisode(episode, choice?.play, false, choice?.cause);
    },
    selectSeason(seasonId) {
      const episode = readyView(store)?.episodes.find((candidate) => candidate.season.id === seasonId);
      if (episode) switchEpisode(episode);
    },
    selectVariant(variantId) {
      const view = readyView(store);
      const variant = view?.current.episode.episodeVariants.find((candidate) => candidate.id === variantId);
      if (!view || !variant || variant.id === view.current.variant?.id) return;
      memory.rememberVariant(variant.title);
      // The new voice-over resumes where the old one was (SPEC.md section 4).
      open({ ...view.current, variant, source: undefined }, 'here');
    },
    continueWatching: () => playFrom(readyView(store)?.resumeAt),
    offerSaved() {
      const current = readyView(store)?.current;
      if (current && asking && video.paused) patch({ resumeAt: memory.resumeTime(current.episode.id, current.variant?.id) });
    },
    startOver() {
      const current = readyView(store)?.current;
      if (current) memory.forgetTime(current.episode.id, current.variant?.id);
      playFrom(undefined);
    },
    watchNext() {
      const card = readyView(store)?.nextCard;
      if (!card) return;
      if (card.secondsLeft === undefined) playFrom(undefined);
      else {
        stopCountdown();
        openNext(card.episode, 'user');
      }
    },
    dismissNext() {
      stopCountdown();
      patch({ nextCard: undefined });
    },
    creditsReached: () => advance(true),
    creditsLeft() {
      if (!countdown || !atCredits) return;
      stopCountdown();
      atCredits = false;
      patch({ nextCard: undefined });
    },
    stop() {
      stopCountdown();
      episodeLoad?.abort();
    },
  };
}
