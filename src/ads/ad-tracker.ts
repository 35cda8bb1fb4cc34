import { fillMacros, offsetSeconds, type ResolvedAd, type TrackingEvent } from '../workers-client/vast-client.ts';

/** Quartiles (SPEC.md section 9): 25, 50 and 75 % of the ad. */
const QUARTILES = [
  { share: 0.25, event: 'firstQuartile' },
  { share: 0.5, event: 'midpoint' },
  { share: 0.75, event: 'thirdQuartile' },
] as const satisfies ReadonlyArray<{ share: number; event: TrackingEvent }>;

export type TrackedEvent = TrackingEvent | 'impression' | 'click' | 'error';

export interface AdTrackerOptions {
  ad: ResolvedAd;
  /** Sends one URL, fire and forget (the request engine's beacon kind). */
  send(url: string): void;
  /** The ad's and the film's time, for [ADPLAYHEAD] and [MEDIAPLAYHEAD]. */
  adTime(): number;
  contentTime(): number;
}

export interface AdTracker {
  /** Fires `event`'s URLs unless they were fired for this ad already; returns whether it fired. */
  track(event: Exclude<TrackedEvent, 'progress' | 'error'>): boolean;
  /** Fires the quartiles and progress offsets the ad's time has passed, each once. */
  progress(time: number, duration: number): void;
  /** Fires the Error URLs with the code, once. */
  error(code: number): void;
}

/**
 * The ad's beacons (SPEC.md section 7): every event at most once per ad — impression (every
 * Impression URL of the wrapper chain together), start, loaded, the quartiles, complete, each
 * progress offset, pause, resume, mute, unmute, skip, click, error with its code.
 */
export function createAdTracker({ ad, send, adTime, contentTime }: AdTrackerOptions): AdTracker {
  const fired = new Set<string>();
  const fire = (key: string, urls: readonly string[], errorCode?: number) => {
    if (fired.has(key)) return false;
    fired.add(key);
    const values = { adPlayhead: adTime(), mediaPlayhead: contentTime(), assetUri: ad.mediaFile.url, errorCode };
    for (const url of urls) send(fillMacros(url, values));
    return true;
  };
  const urlsOf = (event: TrackingEvent) => ad.tracking.filter((item) => item.event === event).map((item) => item.url);

  return {
    track(event) {
      if (event === 'impression') return fire(event, ad.impressions);
      if (event === 'click') return fire(event, ad.clickTracking);
      return fire(event, urlsOf(event));
    },
    progress(time, duration) {
      if (!(duration > 0)) return;
      for (const { share, event } of QUARTILES) if (time >= duration * share) fire(event, urlsOf(event));
      ad.tracking.forEach((item, index) => {
        if (item.event === 'progress' && item.offset && time >= offsetSeconds(item.offset, duration)) fire(`progress-${index}`, [item.url]);
      });
    },
    error(code) {
      fire('error', ad.errorUrls, code);
    },
  };
}
