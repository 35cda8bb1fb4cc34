import { MediaPlayer } from 'dashjs';
import type { AttachOptions, AttachedSource } from '../types.ts';

/** DASH through dash.js, bundled from our own origin as a lazy chunk (never from a CDN). */
export function attachDash(video: HTMLVideoElement, url: string, options: AttachOptions): AttachedSource {
  let player: ReturnType<ReturnType<typeof MediaPlayer>['create']> | null = MediaPlayer().create();
  const instance = player;
  player.on(MediaPlayer.events.ERROR, (event) => {
    if (player !== instance) return;
    options.onFatalError(`dash: ${JSON.stringify(event.error)}`);
  });
  player.initialize(video, url, video.autoplay);
  return {
    destroy() {
      player?.destroy();
      player = null;
    },
  };
}
