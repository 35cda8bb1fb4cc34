import type { EngineOpenOptions, EngineReport, PlaybackSnapshot } from './engine-protocol.ts';
import { PlaybackSession } from './session/playback-session.ts';

/**
 * The custom engine's worker API: one session per worker. open() builds the MediaSource here,
 * in the worker, and returns its handle for the main thread's video.srcObject; fetching,
 * parsing, transmuxing and appending all stay off the main thread.
 */
export function createEngineApi() {
  let session: PlaybackSession | undefined;
  return {
    open(options: EngineOpenOptions, report: (report: EngineReport) => void): MediaSourceHandle {
      session?.destroy();
      const mediaSource = new MediaSource();
      const opened = new Promise((resolve) => mediaSource.addEventListener('sourceopen', resolve, { once: true }));
      session = new PlaybackSession(mediaSource, options, report);
      void session.start(opened);
      // `handle` exists on a MediaSource built in a dedicated worker (not in the DOM typings).
      return (mediaSource as MediaSource & { handle: MediaSourceHandle }).handle;
    },
    update(snapshot: PlaybackSnapshot): void {
      session?.update(snapshot);
    },
    seek(time: number): void {
      session?.seek(time);
    },
    setQuality(choice: number | 'auto'): void {
      void session?.setQuality(choice);
    },
    setAudioTrack(index: number): void {
      void session?.setAudioTrack(index);
    },
    destroy(): void {
      session?.destroy();
      session = undefined;
    },
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
