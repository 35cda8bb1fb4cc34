import Hls from 'hls.js';
// The ESM build cannot find its own worker script: hand it the URL of the copy we ship.
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import type { AttachOptions, AttachedSource } from '../types.ts';
import { attachNative } from '../native/native-attach.ts';

/** HLS through hls.js with its transmuxer in a worker; native HLS where MSE is missing (iOS). */
export function attachHls(video: HTMLVideoElement, url: string, options: AttachOptions): AttachedSource {
  if (!Hls.isSupported()) return attachNative(video, url, options);
  let hls: Hls | null = new Hls({ enableWorker: true, workerPath: hlsWorkerUrl });
  const instance = hls;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    // A callback from an instance we already destroyed must not reach the page.
    if (hls !== instance || !data.fatal) return;
    options.onFatalError(`${data.type}: ${data.details}`);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    destroy() {
      hls?.destroy();
      hls = null;
    },
  };
}
