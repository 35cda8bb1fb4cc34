/** Ad statuses (SPEC.md section 4), numbered as the spec numbers them. */
export const AD_STATUS = {
  SKIPPED: 0,
  STOPPED: 1,
  ERROR: 2,
  COMPLETED: 3,
  CREATED: 4,
  LOADED: 5,
  STARTED: 6,
  PLAYING: 7,
  PAUSED: 8,
} as const;
export type AdStatus = (typeof AD_STATUS)[keyof typeof AD_STATUS];

/** The statuses after which an ad is over. */
export const FINAL_STATUSES: ReadonlySet<AdStatus> = new Set([AD_STATUS.SKIPPED, AD_STATUS.STOPPED, AD_STATUS.ERROR, AD_STATUS.COMPLETED]);

/**
 * Wrapper phases (SPEC.md section 4): idle before the ad list is asked for, load while it and the
 * VAST load, ready while an ad is on screen, stopped when the break is over.
 */
export type AdPhase = 'idle' | 'load' | 'ready' | 'stopped';

export type AdBreakType = 'preroll' | 'midroll';

/** What an ad history item keeps for analytics (SPEC.md section 3). */
export interface AdHistoryItem {
  id: string;
  type: AdBreakType;
  /** The film's time when the ad loaded, seconds. */
  position: number;
  /** The ad's duration, seconds. */
  duration: number;
  /** Percent of the film watched when the ad loaded. */
  perc: number;
}

/** The ad on screen and what the overlay shows of it. */
export interface AdOnScreen {
  id: string;
  type: AdBreakType;
  title: string;
  /** The Russian ad marking: «Реклама», the advertiser and the erid token. */
  advertiser: string | undefined;
  erid: string | undefined;
  clickThrough: string | undefined;
  /** 1-based place in the break, and how many ads it has. */
  position: number;
  count: number;
}

/** The ad playback state (SPEC.md section 3), read by the overlay and nothing else. */
export interface AdState {
  phase: AdPhase;
  /** The break's type while one runs. */
  breakType: AdBreakType | undefined;
  ad: AdOnScreen | undefined;
  status: AdStatus | undefined;
  /** The ad element's own volume: the film's is not touched. */
  volume: number;
  muted: boolean;
  currentTime: number;
  duration: number;
  remaining: number;
  /** Seconds into the ad when skipping is allowed; undefined for an ad that cannot be skipped. */
  skipAt: number | undefined;
  canSkip: boolean;
  isPlaying: boolean;
  /** The spinner: the break is loading and no ad is ready yet, or the ad buffers. */
  loading: boolean;
  error: { code: number; message: string } | undefined;
  history: readonly AdHistoryItem[];
}

export const INITIAL_AD_STATE: AdState = {
  phase: 'idle',
  breakType: undefined,
  ad: undefined,
  status: undefined,
  volume: 1,
  muted: false,
  currentTime: 0,
  duration: 0,
  remaining: 0,
  skipAt: undefined,
  canSkip: false,
  isPlaying: false,
  loading: false,
  error: undefined,
  history: [],
};

/**
 * An ad is on screen: the break has one ready and its overlay covers the film. Before the first
 * ad of a break (its list or VAST still loading, or waiting for the viewer's play) nothing is.
 */
export function adOnScreen<T extends Pick<AdState, 'phase' | 'ad'>>(state: T): state is T & { ad: AdOnScreen } {
  return state.phase === 'ready' && state.ad !== undefined;
}
