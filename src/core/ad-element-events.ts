/**
 * The ad's own <video> reports through here, as the content's element reports through the event
 * map (events.ts): the raw media elements are listened to in src/core and src/engine only. These
 * events are never the content's: nothing here reaches the player event map.
 */
export const AD_ELEMENT_EVENTS = ['canplaythrough', 'play', 'playing', 'waiting', 'pause', 'timeupdate', 'volumechange', 'ended', 'error'] as const;
export type AdElementEvent = (typeof AD_ELEMENT_EVENTS)[number];

/** Calls `handlers[name]` for each of the ad element's events until `signal` aborts. */
export function listenToAdElement(video: HTMLVideoElement, handlers: Partial<Record<AdElementEvent, () => void>>, signal: AbortSignal): void {
  for (const name of AD_ELEMENT_EVENTS) {
    const handler = handlers[name];
    if (handler) video.addEventListener(name, handler, { signal });
  }
}
