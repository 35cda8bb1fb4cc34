import { nextEpisode } from '../../contract/catalogue/episode-choice.ts';
import type { PlayerCore } from '../../core/player-core.ts';
import { createStore, type Store } from '../../core/store.ts';
import { readyView } from '../app-view.ts';
import type { PlayerApp } from '../player-app.ts';
import { createMarkerTracker, markersOf, type MarkerTracker } from './episode-markers.ts';

/** 'Пропустить заставку': where it jumps while it shows (undefined: hidden), and its click. */
export interface IntroSkip {
  readonly store: Store<{ skipTo: number | undefined }>;
  skip(): void;
}

/**
 * Follows the episode on screen through its markers (episode-markers.ts): offers the intro's
 * skip while the playhead is inside it, skips it without a click when the viewer always skips
 * and playing entered it, and at the credits shows the next episode's card. Reports both on the
 * event map ('intro-skip', 'credits-start') for the host page and analytics. It runs with the
 * controls (the UI chunk, at the first frame): the entry carries none of it.
 */
export function followIntroAndCredits(
  app: Pick<PlayerApp, 'store' | 'storage' | 'creditsReached' | 'creditsLeft'>,
  core: Pick<PlayerCore, 'events' | 'store' | 'seek'>,
  signal: AbortSignal,
): IntroSkip {
  const store = createStore<{ skipTo: number | undefined }>({ skipTo: undefined });
  let episodeId: number | undefined;
  let tracker: MarkerTracker | undefined;
  /**
   * The episode whose source the element plays. Another one opening is on screen at once, but
   * until its source is in, the element still reports the last one's time: 23 s of the episode
   * left at its credits must not count as the credits of the next.
   */
  let playingId = readyView(app.store)?.current.source ? readyView(app.store)?.current.episode.id : undefined;
  core.events.on('episode', ({ episodeId: opened }) => (playingId = opened), { signal });
  /** The tracker of the episode on screen: each episode view has its own. */
  const current = (): MarkerTracker | undefined => {
    const episode = readyView(app.store)?.current.episode;
    if (!episode || episode.id !== playingId) return undefined;
    if (episode.id !== episodeId || !tracker) {
      episodeId = episode.id;
      tracker = createMarkerTracker(markersOf(episode));
    }
    return tracker;
  };
  const jump = (from: number, to: number, auto: boolean) => {
    core.seek(to);
    core.events.emit('intro-skip', { from, to, auto });
  };

  core.events.on('content-time', ({ currentTime }) => {
    const markers = current();
    if (!markers) return store.update({ skipTo: undefined });
    const { paused, started } = core.store.getState();
    const step = markers.at(currentTime, !paused, app.storage.get('alwaysSkipIntro'));
    // Over the poster, before the episode ever played, the big play button is the one to press.
    store.update({ skipTo: started ? step.skipTo : undefined });
    if (step.autoSkip && step.skipTo !== undefined) jump(currentTime, step.skipTo, true);
    if (step.creditsReached) {
      const view = readyView(app.store);
      const hasNext = !!view && view.available && view.content.hasMultipleEpisodes && nextEpisode(view.episodes, view.current.episode) !== undefined;
      core.events.emit('credits-start', { time: currentTime, hasNext });
      if (hasNext) app.creditsReached();
    }
  }, { signal });
  // A seek back before the credits takes their card away, as 'Смотреть титры' would.
  core.events.on('seeking', ({ currentTime }) => {
    if (current()?.seeking(currentTime)) app.creditsLeft();
  }, { signal });
  // A new source (a voice-over, another episode) says where its playing starts with its first report.
  core.events.on('first-frame', () => current()?.restart(), { signal });
  signal.addEventListener('abort', () => store.update({ skipTo: undefined }), { once: true });

  return {
    store,
    skip() {
      const to = store.getState().skipTo;
      if (to === undefined) return;
      store.update({ skipTo: undefined });
      jump(core.store.getState().currentTime, to, false);
    },
  };
}
