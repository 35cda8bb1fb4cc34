import type { PlayerState } from './player-state.ts';
import type { Store } from './store.ts';

const MEDIA_EVENTS = [
  'play', 'pause', 'playing', 'waiting', 'seeking', 'seeked', 'timeupdate', 'durationchange',
  'progress', 'volumechange', 'ratechange', 'ended', 'loadedmetadata', 'emptied',
] as const;

/** Mirrors what the <video> element reports into the store, until `signal` aborts. */
export function mirrorMediaElement(video: HTMLVideoElement, store: Store<PlayerState>, signal: AbortSignal): void {
  const sync = (event?: Event) => {
    const waiting = event?.type === 'waiting' ? true : event?.type === 'playing' || event?.type === 'seeked' ? false : store.getState().waiting;
    store.update({
      paused: video.paused,
      ended: video.ended,
      started: store.getState().started || event?.type === 'playing',
      seeking: video.seeking,
      waiting,
      currentTime: video.currentTime,
      duration: video.duration,
      bufferedAhead: bufferedAhead(video),
      volume: video.volume,
      muted: video.muted,
      mutedForAutoplay: store.getState().mutedForAutoplay && video.muted,
      rate: video.playbackRate,
    });
  };
  for (const name of MEDIA_EVENTS) video.addEventListener(name, sync, { signal });
  sync();
}

/** Seconds buffered contiguously from the current time. */
export function bufferedAhead(video: HTMLVideoElement): number {
  const time = video.currentTime;
  for (let index = 0; index < video.buffered.length; index += 1) {
    if (video.buffered.start(index) <= time + 0.1 && time <= video.buffered.end(index)) return video.buffered.end(index) - time;
  }
  return 0;
}
