import type { EngineOpenOptions, EngineReport, PlaybackSnapshot, SinkHandler } from './engine-protocol.ts';
import { LocalMediaSink } from './media/local-media-sink.ts';
import { RemoteMediaSink } from './media/remote-media-sink.ts';
import { PlaybackSession } from './session/playback-session.ts';
import { givePlaylists } from './session/stream-catalog.ts';
import { setMediaRequestFilters } from './session/media-requests.ts';
import { dropPrefetched, givePrefetched } from './session/prefetched-media.ts';
import type { RequestFilterRule } from '../../src/contract/net/request-filter-rules.ts';

/**
 * The custom engine's worker API: one session per worker. open() builds the MediaSource here,
 * in the worker, and returns its handle for the main thread's video.srcObject; fetching,
 * parsing, transmuxing and appending all stay off the main thread.
 */
export function createEngineApi() {
  let session: PlaybackSession | undefined;
  return {
    /**
     * Without `mainThreadSink`, builds the MediaSource here and returns its handle. With it (a
     * browser that cannot build MediaSource in a worker), every MediaSource operation goes to the
     * main thread through that function, and there is no handle.
     */
    open(options: EngineOpenOptions, report: (report: EngineReport) => void, mainThreadSink?: SinkHandler): MediaSourceHandle | null {
      session?.destroy();
      givePlaylists(options.playlists);
      givePrefetched(options.prefetched);
      if (mainThreadSink) {
        session = new PlaybackSession(new RemoteMediaSink(mainThreadSink), options, report);
        void session.start();
        return null;
      }
      const mediaSource = new MediaSource();
      session = new PlaybackSession(new LocalMediaSink(mediaSource), options, report);
      void session.start();
      // `handle` exists on a MediaSource built in a dedicated worker (not in the DOM typings).
      return (mediaSource as MediaSource & { handle: MediaSourceHandle }).handle;
    },
    /**
     * The host's request filters (validated on the main thread): every request from now on goes
     * through them, a retry of one already under way included. Sent before open() and on each change.
     */
    setRequestFilters(rules: RequestFilterRule[]): void {
      setMediaRequestFilters(rules);
    },
    update(snapshot: PlaybackSnapshot): void {
      session?.update(snapshot);
    },
    seek(time: number): void {
      session?.seek(time);
    },
    /** A hint that the viewer may seek to `time`: what a seek there needs is fetched ahead. */
    prefetch(time: number): void {
      session?.prefetch(time);
    },
    setQuality(choice: number | 'auto'): void {
      void session?.setQuality(choice);
    },
    setAudioTrack(index: number): void {
      void session?.setAudioTrack(index);
    },
    /** The data saver turned on or off (it is in open()'s options from the start). */
    setDataSaver(on: boolean): void {
      session?.setDataSaver(on);
    },
    /** The player's new size in device pixels (fullscreen, a rotated phone, a resized frame). */
    resize(width: number, height: number): void {
      session?.resize(width, height);
    },
    destroy(): void {
      dropPrefetched();
      session?.destroy();
      session = undefined;
    },
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
