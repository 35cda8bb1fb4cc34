import type { PlayerCore } from '../core/player-core.ts';
import type { AudioTrack } from '../engine/types.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { createProgressSaver, type ProgressSaver } from '../storage/progress-saver.ts';
import { whenPageIdle } from '../core/yield-to-main.ts';
import {
  episodeProgress,
  favoriteAudioTrack,
  saveEpisodeProgress,
  saveEpisodeVariant,
  saveFavoriteAudioTrack,
  savedEpisodeVariant,
  saveSourcePreferences,
  sourcePreferences,
} from '../storage/storage-records.ts';

/** A saved time shorter than this is not worth a resume window: the viewer barely started. */
export const MIN_RESUME_SECONDS = 1;

/** The page events that mean "save now": it may be gone in a moment. */
export interface MemoryPage extends EventTarget {
  readonly visibilityState: DocumentVisibilityState;
}

export interface PlaybackMemoryOptions {
  storage: MediaStorage;
  /** The core: its state and requests, and its events (content time, pause, seek, end). */
  core: Pick<PlayerCore, 'store' | 'events' | 'setVolume' | 'setMuted' | 'setRate' | 'setQuality' | 'setAudioTrack'>;
  /** `document`: visibilitychange. */
  page: MemoryPage;
  /** `window`: pagehide. */
  win: EventTarget;
  contentId: number;
  /** Query voice_author: the audio track to prefer when none was saved (SPEC.md section 4). */
  voiceAuthor: string | undefined;
  /** Preferred languages, first first (SPEC.md section 1: lang_order): after the saved track and voice_author. */
  langOrder?: readonly string[];
  /** Ends all listening; the latest time is saved first. */
  signal: AbortSignal;
  /** Default Date.now; the progress saver's clock. */
  now?: () => number;
  /** Runs work that can wait until the page is idle; by default whenPageIdle (src/core/yield-to-main.ts). */
  whenIdle?: (run: () => void) => unknown;
}

/** What the player app asks of the saved state (SPEC.md sections 3 and 4). */
export interface PlaybackMemory {
  /** The time to offer in the resume window for an episode's variant, or undefined. */
  resumeTime(episodeId: number, variantId: number | undefined): number | undefined;
  /** The variant title chosen last for this content. */
  savedVariantTitle(): string | undefined;
  rememberVariant(title: string): void;
  /** 'Начать сначала': the saved time of an episode's variant goes back to 0 now, not at the next save. */
  forgetTime(episodeId: number, variantId: number | undefined): void;
  /** Saves the leaving episode's latest time and stops following it (an episode or voice-over change). */
  leave(): void;
  /** Follows the episode whose source `src` just loaded: its time, rate and quality. */
  follow(episodeId: number, variantId: number | undefined, src: string): void;
  /** The viewer's own choices, remembered for the content or the source. */
  selectAudioTrack(index: number): void;
  selectQuality(choice: number | 'auto'): void;
  /** The audio boost saved for the source playing, if any (SPEC.md section 3: per source). */
  savedAudioGain(): number | undefined;
  rememberAudioGain(gain: number): void;
}

/**
 * Connects the player to the saved progress and preferences: volume and mute for every source,
 * the time of each episode and voice-over (at most every 10 s, and at once on pause, seek end,
 * episode change and page hide), rate and quality per source, the audio track per content.
 * A viewer who reaches the end has finished: the saved time goes back to 0.
 */
export function createPlaybackMemory(options: PlaybackMemoryOptions): PlaybackMemory {
  const { storage, core, page, win, contentId, voiceAuthor, langOrder = [], signal, now } = options;
  const whenIdle = options.whenIdle ?? whenPageIdle;
  /**
   * The episode being followed. Nothing is saved before it plays: the time at load (0, or a
   * seek the engine makes itself) must not replace the one the resume window offers.
   */
  let following: { saver: ProgressSaver; src: string; started: boolean } | undefined;
  const playing = () => (following?.started ? following : undefined);
  /**
   * The viewer's quality and audio choices wait here until the core confirms them (its state
   * shows them): a choice the engine could not take is not remembered.
   */
  let pendingQuality: { choice: number | 'auto'; src: string } | undefined;
  let pendingAudio: { index: number; label: string } | undefined;
  const saveConfirmed = (state: { qualityChoice: number | 'auto'; audioTrackIndex: number }) => {
    if (pendingQuality && state.qualityChoice === pendingQuality.choice) {
      saveSourcePreferences(storage, pendingQuality.src, { quality: pendingQuality.choice });
      pendingQuality = undefined;
    }
    if (pendingAudio && state.audioTrackIndex === pendingAudio.index) {
      saveFavoriteAudioTrack(storage, contentId, pendingAudio.label);
      pendingAudio = undefined;
    }
  };

  core.setVolume(storage.get('player-volume'));
  core.setMuted(storage.get('player-muted'));

  const flush = () => playing()?.saver.flush();
  const listen = (target: EventTarget, type: string, listener: () => void) => target.addEventListener(type, listener, { signal });
  const { events } = core;
  /** Between a seek's start and its end the time is where the viewer is going, not where they were. */
  let seeking = false;
  events.on('playing', () => {
    if (following) following.started = true;
  }, { signal });
  events.on('content-time', ({ currentTime }) => {
    if (!seeking) playing()?.saver.update(currentTime);
  }, { signal });
  events.on('pause', flush, { signal });
  events.on('seeking', () => (seeking = true), { signal });
  events.on('seeked', ({ currentTime }) => {
    seeking = false;
    playing()?.saver.update(currentTime);
    // The browser finishes the seek on this thread (its frame comes after the event): the
    // storage write waits. A page hidden or left before then saves the time on its own.
    whenIdle(flush);
  }, { signal });
  events.on('ended', () => {
    playing()?.saver.update(0);
    flush();
  }, { signal });
  listen(win, 'pagehide', flush);
  listen(page, 'visibilitychange', () => {
    if (page.visibilityState === 'hidden') flush();
  });
  signal.addEventListener('abort', () => {
    flush();
    following?.saver.destroy();
  }, { once: true });

  const unsubscribe = watchChoices();
  signal.addEventListener('abort', unsubscribe, { once: true });

  /** Volume and mute as the viewer leaves them; the audio track each time a source lists its own. */
  function watchChoices(): () => void {
    let { volume, muted, rate, audioTracks } = core.store.getState();
    return core.store.subscribe(() => {
      const state = core.store.getState();
      saveConfirmed(state);
      // A mute the browser's autoplay policy forced is not the viewer's to remember.
      if ((state.volume !== volume || state.muted !== muted) && !state.mutedForAutoplay) {
        ({ volume, muted } = state);
        storage.set('player-volume', volume);
        storage.set('player-muted', muted);
        if (following) saveSourcePreferences(storage, following.src, { volume, muted });
      }
      if (state.rate !== rate) {
        rate = state.rate;
        if (following?.started) saveSourcePreferences(storage, following.src, { rate });
      }
      if (state.audioTracks !== audioTracks) {
        audioTracks = state.audioTracks;
        const index = preferredAudioTrack(audioTracks, favoriteAudioTrack(storage, contentId), voiceAuthor, langOrder);
        if (index !== undefined && index !== state.audioTrackIndex) core.setAudioTrack(index);
      }
    });
  }

  return {
    resumeTime(episodeId, variantId) {
      const time = episodeProgress(storage, episodeId, variantId);
      return time !== undefined && time >= MIN_RESUME_SECONDS ? time : undefined;
    },
    savedVariantTitle: () => savedEpisodeVariant(storage, contentId),
    forgetTime: (episodeId, variantId) => saveEpisodeProgress(storage, episodeId, variantId, 0),
    rememberVariant: (title) => saveEpisodeVariant(storage, contentId, title),
    leave() {
      flush();
      following?.saver.destroy();
      following = undefined;
    },
    follow(episodeId, variantId, src) {
      following?.saver.destroy();
      const saver = createProgressSaver({
        save: (time) => {
          saveEpisodeProgress(storage, episodeId, variantId, time);
          saveSourcePreferences(storage, src, { time });
        },
        ...(now ? { now } : {}),
      });
      following = { saver, src, started: false };
      const saved = sourcePreferences(storage, src);
      if (saved?.rate !== undefined) core.setRate(saved.rate);
      if (saved?.quality !== undefined) core.setQuality(saved.quality);
    },
    selectAudioTrack(index) {
      const track = core.store.getState().audioTracks.find((candidate) => candidate.index === index);
      pendingAudio = track ? { index, label: track.label } : undefined;
      core.setAudioTrack(index);
      saveConfirmed(core.store.getState()); // already in effect: nothing will change to confirm it
    },
    selectQuality(choice) {
      pendingQuality = following ? { choice, src: following.src } : undefined;
      core.setQuality(choice);
      saveConfirmed(core.store.getState());
    },
    savedAudioGain: () => (following ? sourcePreferences(storage, following.src)?.audioGain : undefined),
    rememberAudioGain(gain) {
      if (following) saveSourcePreferences(storage, following.src, { audioGain: gain });
    },
  };
}

/**
 * The audio track to start with (SPEC.md section 4): the one saved for the content, else the
 * one matching the voice author, else the first in the language order (SPEC.md section 1),
 * else the first. Labels compare without case or outer spaces.
 */
export function preferredAudioTrack(
  tracks: ReadonlyArray<Pick<AudioTrack, 'index' | 'label' | 'language'>>,
  savedLabel: string | undefined,
  voiceAuthor: string | undefined,
  langOrder: readonly string[] = [],
): number | undefined {
  const matching = (label: string | undefined) => {
    const wanted = label?.trim().toLowerCase();
    return wanted ? tracks.find((track) => track.label.trim().toLowerCase() === wanted) : undefined;
  };
  return (matching(savedLabel) ?? matching(voiceAuthor) ?? inLanguageOrder(tracks, langOrder)[0] ?? tracks[0])?.index;
}

/**
 * The items whose language is in `langOrder`, in that order ('en' matches 'en-US' too); items in
 * no listed language are left out. Stable: equal languages keep their own order.
 */
export function inLanguageOrder<T extends { language: string }>(items: readonly T[], langOrder: readonly string[]): T[] {
  const rank = (item: T) => {
    const language = item.language.trim().toLowerCase();
    return langOrder.findIndex((wanted) => {
      const code = wanted.trim().toLowerCase();
      return code !== '' && (language === code || language.startsWith(`${code}-`));
    });
  };
  return items
    .map((item) => ({ item, at: rank(item) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ item }) => item);
}
