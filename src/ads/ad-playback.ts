import { listenToAdElement } from '../core/ad-element-events.ts';
import type { Store } from '../core/store.ts';
import { AD_MEDIA_TIMEOUT_MS } from '../contract/net/request-policies.ts';
import { AD_ERROR, AD_ERROR_MESSAGE, offsetSeconds, type ResolvedAd } from '../workers-client/vast-client.ts';
import type { AdEventName } from '../core/events.ts';
import { adShouldPlay, type AdPlayState } from './ad-play-state.ts';
import { AD_STATUS, FINAL_STATUSES, type AdBreakType, type AdState, type AdStatus } from './ad-state.ts';
import type { AdTracker } from './ad-tracker.ts';

/** ad_timeupdate at most this often (SPEC.md section 9). */
export const AD_TIME_UPDATE_MS = 1000;

export interface AdPlaybackOptions {
  ad: ResolvedAd;
  type: AdBreakType;
  /** 1-based place in the break, and the break's length. */
  position: number;
  count: number;
  /** The ad's own element (never the film's). */
  video: HTMLVideoElement;
  store: Store<AdState>;
  tracker: AdTracker;
  /** What the viewer, the page and the frame's visibility want now. */
  playState(): AdPlayState;
  /** Reports for analytics (the player event map's ad events). */
  report(name: AdEventName, detail: { adId: string; currentTime: number; duration: number; errorCode?: number }): void;
  now?: () => number;
  mediaTimeoutMs?: number;
}

export interface AdOutcome {
  status: AdStatus;
  error?: { code: number; message: string };
}

export interface AdPlayback {
  /** Settles once with how the ad ended. */
  readonly outcome: Promise<AdOutcome>;
  /** Settles true when the ad can play through (LOADED), false if it ended before. */
  readonly loaded: Promise<boolean>;
  /** Plays or pauses as the play state now says; the store follows the element, not the wish. */
  sync(): void;
  /** 'Пропустить': ignored until the ad's time reaches its skip time (SPEC.md section 5). */
  skip(): void;
  /** Ends the ad (another episode, the break's deadline, iOS fullscreen). */
  stop(): void;
  /** The viewer opened the click-through: tracked once, and the ad pauses meanwhile. */
  clickThrough(): void;
}

/**
 * Plays one ad on the ad element with the statuses of SPEC.md section 4: CREATED, LOADED when it
 * can play through, STARTED on the first play, PLAYING, PAUSED, and one of COMPLETED, SKIPPED,
 * STOPPED or ERROR at the end. Tracking and the ad events follow the element's own events.
 */
export function playAd(options: AdPlaybackOptions): AdPlayback {
  const { ad, video, store, tracker, report } = options;
  const now = options.now ?? (() => performance.now());
  const lifetime = new AbortController();
  const adId = ad.id ?? ad.mediaFile.url;
  const duration = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : (ad.duration ?? 0));
  const detail = () => ({ adId, currentTime: video.currentTime, duration: duration() });
  const skipAt = () => (ad.skipOffset ? offsetSeconds(ad.skipOffset, duration()) : undefined);

  let status: AdStatus = AD_STATUS.CREATED;
  let started = false;
  /** Muted by the player because the browser refused to start the ad with sound. */
  let autoMuted = false;
  let lastTimeReport = Number.NEGATIVE_INFINITY;
  let finish: (outcome: AdOutcome) => void = () => undefined;
  let markLoaded: (loaded: boolean) => void = () => undefined;
  const outcome = new Promise<AdOutcome>((resolve) => (finish = resolve));
  const loaded = new Promise<boolean>((resolve) => (markLoaded = resolve));

  const setStatus = (next: AdStatus, change: Partial<AdState> = {}) => {
    status = next;
    store.update({ status: next, ...change });
  };
  const end = (next: AdStatus, error?: { code: number; message: string }) => {
    if (FINAL_STATUSES.has(status)) return;
    clearTimeout(mediaTimer);
    setStatus(next, { isPlaying: false, loading: false, ...(error ? { error } : {}) });
    if (error) {
      tracker.error(error.code);
      report('ad_error', { ...detail(), errorCode: error.code });
    }
    markLoaded(false);
    lifetime.abort();
    video.pause();
    video.removeAttribute('src');
    video.load();
    finish(error ? { status: next, error } : { status: next });
  };
  const fail = (code: number, message: string) => end(AD_STATUS.ERROR, { code, message });

  const mediaTimer = setTimeout(() => fail(AD_ERROR.MEDIA_TIMEOUT, `Media file timeout: ${ad.mediaFile.url}`), options.mediaTimeoutMs ?? AD_MEDIA_TIMEOUT_MS);
  const timeChanged = () => {
    const currentTime = video.currentTime;
    const total = duration();
    const skipTime = skipAt();
    store.update({ currentTime, duration: total, remaining: Math.max(0, total - currentTime), skipAt: skipTime, canSkip: skipTime !== undefined && currentTime >= skipTime });
    tracker.progress(currentTime, total);
    if (now() - lastTimeReport >= AD_TIME_UPDATE_MS) {
      lastTimeReport = now();
      report('ad_timeupdate', detail());
    }
  };

  listenToAdElement(video, {
    canplaythrough() {
      if (status !== AD_STATUS.CREATED) return;
      clearTimeout(mediaTimer);
      setStatus(AD_STATUS.LOADED, { loading: false, duration: duration(), remaining: duration(), skipAt: skipAt() });
      tracker.track('loaded');
      report('ad_loaded', detail());
      markLoaded(true);
      sync();
    },
    play() {
      if (!started) {
        started = true;
        // The impression counts when the ad starts to show, with every URL of its chain.
        tracker.track('impression');
        tracker.track('start');
        setStatus(AD_STATUS.STARTED);
        report('ad_play', detail());
      } else if (status === AD_STATUS.PAUSED) {
        tracker.track('resume');
        report('ad_play', detail());
      }
    },
    playing: () => setStatus(AD_STATUS.PLAYING, { isPlaying: true, loading: false }),
    waiting: () => store.update({ loading: true }),
    pause() {
      if (video.ended || FINAL_STATUSES.has(status)) return;
      setStatus(AD_STATUS.PAUSED, { isPlaying: false });
      tracker.track('pause');
      report('ad_pause', detail());
    },
    timeupdate: timeChanged,
    volumechange() {
      store.update({ volume: video.volume, muted: video.muted });
      // The player's own muting for autoplay is not the viewer's: mute and unmute track the viewer.
      if (autoMuted && video.muted) return;
      autoMuted = false;
      tracker.track(video.muted || video.volume === 0 ? 'mute' : 'unmute');
    },
    ended() {
      timeChanged();
      tracker.track('complete');
      report('ad_ended', detail());
      end(AD_STATUS.COMPLETED);
    },
    error: () => fail(AD_ERROR.MEDIA_FAILED, AD_ERROR_MESSAGE.mediaFailed(ad.mediaFile.url)),
  }, lifetime.signal);

  /** Out-of-sync play state is forced to match what is wanted (SPEC.md section 4). */
  function sync(): void {
    if (status === AD_STATUS.CREATED || FINAL_STATUSES.has(status)) return;
    const want = adShouldPlay(options.playState());
    if (want && video.paused) video.play().catch(refused);
    else if (!want && !video.paused) video.pause();
  }

  /**
   * A browser that will not start an ad with sound by itself (a phone, a frame the viewer has not
   * touched) may start it muted, as the big ad SDKs do: the viewer sees the ad and can turn the sound
   * on. Refused even muted, it waits as a paused ad for a click on the overlay's play. Anything else
   * means the ad cannot play at all.
   */
  function refused(error: unknown): void {
    if (FINAL_STATUSES.has(status)) return;
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' && !video.muted) {
      autoMuted = true;
      video.muted = true;
      video.play().catch(refused);
      return;
    }
    if (name === 'NotAllowedError' || name === 'AbortError') {
      store.update({ isPlaying: false });
      return;
    }
    fail(AD_ERROR.CANNOT_PLAY, AD_ERROR_MESSAGE.cannotPlay(error instanceof Error ? error.message : String(error)));
  }

  store.update({
    phase: 'ready',
    ad: { id: adId, type: options.type, title: ad.title, advertiser: ad.advertiser, erid: ad.erid, clickThrough: ad.clickThrough, position: options.position, count: options.count },
    status: AD_STATUS.CREATED,
    currentTime: 0,
    duration: ad.duration ?? 0,
    remaining: ad.duration ?? 0,
    skipAt: undefined,
    canSkip: false,
    isPlaying: false,
    loading: true,
    error: undefined,
    volume: video.volume,
    muted: video.muted,
  });
  video.preload = 'auto';
  video.src = ad.mediaFile.url;
  video.load();

  return {
    outcome,
    loaded,
    sync,
    skip() {
      if (!store.getState().canSkip || FINAL_STATUSES.has(status)) return;
      tracker.track('skip');
      report('ad_skip_btn_click', detail());
      end(AD_STATUS.SKIPPED);
    },
    stop: () => end(AD_STATUS.STOPPED),
    clickThrough() {
      if (FINAL_STATUSES.has(status)) return;
      tracker.track('click');
      report('ad_banner_click', detail());
    },
  };
}
