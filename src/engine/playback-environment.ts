import type { PlaybackEnvironment } from './types.ts';

interface MediaSourceStatics {
  canConstructInDedicatedWorker?: boolean;
}

/** Reads what this browser can do for playback (ManagedMediaSource counts: iOS 17.1+). */
export function readPlaybackEnvironment(video: HTMLVideoElement = document.createElement('video')): PlaybackEnvironment {
  const scope = globalThis as unknown as { MediaSource?: MediaSourceStatics; ManagedMediaSource?: unknown };
  const mediaSource = typeof scope.MediaSource === 'function' || typeof scope.ManagedMediaSource === 'function';
  return {
    mediaSource,
    mediaSourceInWorker: scope.MediaSource?.canConstructInDedicatedWorker === true,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
  };
}
