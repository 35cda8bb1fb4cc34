import type { AttachOptions, AttachedSource } from '../types.ts';

/** The browser's own playback: progressive MP4, and HLS on iOS without MSE. */
export function attachNative(video: HTMLVideoElement, url: string, options: AttachOptions): AttachedSource {
  const abort = new AbortController();
  video.addEventListener(
    'error',
    () => options.onFatalError(`media error ${video.error?.code ?? 0}: ${video.error?.message ?? ''}`),
    { signal: abort.signal },
  );
  video.src = url;
  return {
    destroy() {
      if (abort.signal.aborted) return;
      abort.abort();
      video.removeAttribute('src');
      video.load();
    },
  };
}
