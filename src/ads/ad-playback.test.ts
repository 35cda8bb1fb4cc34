import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../core/store.ts';
import type { ResolvedAd } from '../workers-client/vast-client.ts';
import type { AdPlayState } from './ad-play-state.ts';
import { playAd, type AdPlaybackOptions } from './ad-playback.ts';
import { AD_STATUS, INITIAL_AD_STATE, type AdState } from './ad-state.ts';
import { createAdTracker } from './ad-tracker.ts';

/** An ad <video> as far as the playback uses one: it dispatches what a browser's element would. */
class FakeAdVideo extends EventTarget {
  paused = true;
  ended = false;
  currentTime = 0;
  duration = Number.NaN;
  preload = '';
  src = '';
  #volume = 1;
  #muted = false;
  /** How play() answers: undefined plays; otherwise rejects with a DOMException of that name. */
  refuse: (muted: boolean) => string | undefined = () => undefined;
  get volume() { return this.#volume; }
  set volume(value: number) { this.#volume = value; this.dispatchEvent(new Event('volumechange')); }
  get muted() { return this.#muted; }
  set muted(value: boolean) { this.#muted = value; this.dispatchEvent(new Event('volumechange')); }
  play(): Promise<void> {
    const refusal = this.refuse(this.#muted);
    if (refusal) return Promise.reject(new DOMException('refused', refusal));
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  load(): void {}
  removeAttribute(): void { this.src = ''; }
  canPlayThrough(duration: number): void {
    this.duration = duration;
    this.dispatchEvent(new Event('canplaythrough'));
  }
  playTo(time: number): void {
    this.currentTime = time;
    this.dispatchEvent(new Event('timeupdate'));
  }
  end(): void {
    this.currentTime = this.duration;
    this.ended = true;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
}

const ad: ResolvedAd = {
  id: 'ad-1', sequence: undefined, wrapperDepth: 0, title: 'Ad', advertiser: 'ООО «Пример»', erid: 'erid-1', duration: 20, skipOffset: { seconds: 5 },
  mediaFile: { url: 'https://cdn.example/ad.mp4', type: 'video/mp4', width: 640, height: 360, codec: undefined },
  clickThrough: 'https://advertiser.example/',
  impressions: ['https://t.example/impression'],
  errorUrls: ['https://t.example/error-[ERRORCODE]'],
  clickTracking: ['https://t.example/click'],
  tracking: (['loaded', 'start', 'complete', 'pause', 'resume', 'mute', 'unmute', 'skip'] as const).map((event) => ({ event, url: `https://t.example/${event}` })),
};

function setUp(overrides: Partial<AdPlaybackOptions> = {}, wanted: Partial<AdPlayState> = {}) {
  const video = new FakeAdVideo();
  const store = createStore<AdState>({ ...INITIAL_AD_STATE });
  const tracked: string[] = [];
  const reported: string[] = [];
  // The real tracker, sending to a list: each beacon is named by its URL's last part.
  const tracker = createAdTracker({ ad, send: (url) => tracked.push(url.slice('https://t.example/'.length)), adTime: () => video.currentTime, contentTime: () => 0 });
  const playState: AdPlayState = { type: 'play', isVisible: true, isClick: false, isDocumentHidden: false, isPIP: false, ...wanted };
  const playback = playAd({
    ad, type: 'preroll', position: 1, count: 1, video: video as unknown as HTMLVideoElement, store, tracker,
    playState: () => playState, report: (name) => reported.push(name), ...overrides,
  });
  return { video, store, tracked, reported, playState, playback };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('one ad on its own element (SPEC.md section 4)', () => {
  it('goes CREATED → LOADED → STARTED → PLAYING and completes, tracking each event once', async () => {
    const { video, store, tracked, reported, playback } = setUp();
    expect(store.getState().status).toBe(AD_STATUS.CREATED);
    video.canPlayThrough(20);
    expect(await playback.loaded).toBe(true);
    expect(store.getState().status).toBe(AD_STATUS.PLAYING);
    expect(tracked).toEqual(['loaded', 'impression', 'start']);
    video.playTo(10);
    video.end();
    expect(await playback.outcome).toEqual({ status: AD_STATUS.COMPLETED });
    expect(tracked).toEqual(['loaded', 'impression', 'start', 'complete']);
    expect(reported).toEqual(['ad_loaded', 'ad_play', 'ad_timeupdate', 'ad_ended']);
  });

  it('waits while it is not wanted: nothing asked, out of view, or a hidden document', async () => {
    const { video, store, playState, playback } = setUp({}, { type: 'none' });
    video.canPlayThrough(20);
    await playback.loaded;
    expect(video.paused).toBe(true);
    expect(store.getState().status).toBe(AD_STATUS.LOADED);
    playState.type = 'play';
    playState.isDocumentHidden = true;
    playback.sync();
    expect(video.paused).toBe(true);
    playState.isDocumentHidden = false;
    playback.sync();
    expect(store.getState().status).toBe(AD_STATUS.PLAYING);
  });

  it('pauses and resumes with the play state, tracking pause and resume', async () => {
    const { video, store, tracked, playState, playback } = setUp();
    video.canPlayThrough(20);
    await playback.loaded;
    playState.type = 'pause';
    playState.isClick = true;
    playback.sync();
    expect(store.getState().status).toBe(AD_STATUS.PAUSED);
    playState.type = 'play';
    playback.sync();
    expect(store.getState().status).toBe(AD_STATUS.PLAYING);
    expect(tracked.filter((event) => event === 'pause' || event === 'resume')).toEqual(['pause', 'resume']);
  });

  it('ignores skip until the ad reaches its skip time, then ends SKIPPED', async () => {
    const { video, store, tracked, playback } = setUp();
    video.canPlayThrough(20);
    await playback.loaded;
    video.playTo(4.9);
    expect(store.getState()).toMatchObject({ skipAt: 5, canSkip: false });
    playback.skip();
    expect(store.getState().status).toBe(AD_STATUS.PLAYING);
    video.playTo(5);
    expect(store.getState().canSkip).toBe(true);
    playback.skip();
    expect(await playback.outcome).toEqual({ status: AD_STATUS.SKIPPED });
    expect(tracked.filter((event) => event === 'skip')).toEqual(['skip']);
    playback.skip();
    expect(tracked.filter((event) => event === 'skip')).toEqual(['skip']);
  });

  it('a media error ends the ad with 405, fires the Error URLs and reports ad_error with the code', async () => {
    const errors: Array<number | undefined> = [];
    const { video, tracked, playback } = setUp({ report: (name, detail) => name === 'ad_error' && errors.push(detail.errorCode) });
    video.dispatchEvent(new Event('error'));
    expect(await playback.loaded).toBe(false);
    const outcome = await playback.outcome;
    expect(outcome.status).toBe(AD_STATUS.ERROR);
    expect(outcome.error?.code).toBe(405);
    expect(tracked).toEqual(['error-405']);
    expect(errors).toEqual([405]);
  });

  it('a browser that refuses the ad for good ends it with 450', async () => {
    const { video, playback } = setUp();
    video.refuse = () => 'NotSupportedError';
    video.canPlayThrough(20);
    const outcome = await playback.outcome;
    expect(outcome).toMatchObject({ status: AD_STATUS.ERROR, error: { code: 450 } });
  });

  it('stop ends it STOPPED and detaches the media', async () => {
    const { video, playback } = setUp();
    video.canPlayThrough(20);
    await playback.loaded;
    playback.stop();
    expect(await playback.outcome).toEqual({ status: AD_STATUS.STOPPED });
    expect(video.paused).toBe(true);
    expect(video.src).toBe('');
  });

  it('the click-through is tracked once and reported', async () => {
    const { video, tracked, reported, playback } = setUp();
    video.canPlayThrough(20);
    await playback.loaded;
    playback.clickThrough();
    playback.clickThrough();
    expect(tracked.filter((event) => event === 'click')).toEqual(['click']);
    expect(reported.filter((event) => event === 'ad_banner_click')).toHaveLength(2);
  });

  it('the viewer muting and unmuting is tracked', async () => {
    const { video, tracked, store, playback } = setUp();
    video.canPlayThrough(20);
    await playback.loaded;
    video.muted = true;
    video.muted = false;
    expect(tracked.slice(-2)).toEqual(['mute', 'unmute']);
    expect(store.getState().muted).toBe(false);
  });
});

describe('an ad the browser will not start with sound', () => {
  it('starts muted, without counting the player\'s muting as the viewer\'s', async () => {
    const { video, store, tracked, playback } = setUp();
    video.refuse = (muted) => (muted ? undefined : 'NotAllowedError');
    video.canPlayThrough(20);
    await settle();
    expect(store.getState()).toMatchObject({ status: AD_STATUS.PLAYING, muted: true });
    expect(tracked).not.toContain('mute');
    video.muted = false;
    expect(tracked.at(-1)).toBe('unmute');
    playback.stop();
  });

  it('refused even muted, it waits paused for the viewer and does not fail', async () => {
    const { video, store, playState, playback } = setUp();
    video.refuse = () => 'NotAllowedError';
    video.canPlayThrough(20);
    await settle();
    expect(store.getState()).toMatchObject({ status: AD_STATUS.LOADED, isPlaying: false });
    video.refuse = () => undefined;
    playState.isClick = true;
    playback.sync();
    expect(store.getState().status).toBe(AD_STATUS.PLAYING);
  });
});

describe('the media timeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('an ad that cannot play through within the timeout ends with 402', async () => {
    const { tracked, playback } = setUp({ mediaTimeoutMs: 8000 });
    vi.advanceTimersByTime(7999);
    expect(tracked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(await playback.outcome).toMatchObject({ status: AD_STATUS.ERROR, error: { code: 402 } });
    expect(tracked).toEqual(['error-402']);
  });
});
