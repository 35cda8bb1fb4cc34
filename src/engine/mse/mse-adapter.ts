import { proxy, transfer } from 'comlink';
import type { EngineReport } from '../../../workers/engine/engine-protocol.ts';
import { PlayerError } from '../../contract/errors/player-error.ts';
import type { EngineAdapter, EngineHost, EngineSettings } from '../types.ts';
import { followRequestFilters, type RequestFilterFeed } from '../request-filter-feed.ts';
import { rememberBandwidth, rememberedBandwidth } from '../../storage/bandwidth-memory.ts';
import { ENGINE_OPEN_TIMEOUT_MS, spawnEngineWorker } from '../../workers-client/engine-client.ts';
import { withTimeout } from '../../workers-client/spawn-worker.ts';
import { createMainThreadMediaSource, type MainThreadMediaSource } from './main-thread-media-source.ts';
import { readPlaybackEnvironment } from '../playback-environment.ts';
import { pageDeviceMemory } from '../engine-buffer-settings.ts';
import { createPlayheadFeed, hearTimeSets } from './playhead-feed.ts';
import { followDataSaver } from '../data-saver-feed.ts';
import { takeFirstSegments } from '../../workers-client/engine-first-segments.ts';

const SNAPSHOT_EVENTS = ['timeupdate', 'playing', 'pause', 'seeked', 'waiting'] as const;

/**
 * The custom engine's main-thread side: it starts the engine worker, attaches the worker's
 * MediaSource by its handle, and tells the worker where the playhead is. Nothing else of the
 * media work happens on this thread.
 */
export function createMseAdapter(video: HTMLVideoElement, host: EngineHost, settings: EngineSettings = {}): EngineAdapter {
  const worker = spawnEngineWorker();
  /** The host's request filters go to the worker before its first request, and again on each change. */
  let filters: RequestFilterFeed | undefined;
  const lifetime = new AbortController();
  let destroyed = false;
  let mainThreadMediaSource: MainThreadMediaSource | undefined;
  const saver = followDataSaver(settings.dataSaver, (on) => void worker.api.setDataSaver(on));

  /** The player's size goes to the worker as it changes (fullscreen, rotation): ABR's cap follows. */
  const followSize = () => {
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      const rect = video.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) void worker.api.resize(Math.round(rect.width * devicePixelRatio), Math.round(rect.height * devicePixelRatio));
    });
    observer.observe(video);
    lifetime.signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  };
  /** Where the stream starts; the element reads 0 until its metadata lets the start be applied. */
  let startAt = 0;
  // A play before the metadata (autoplay, a click) must not tell the worker the playhead is at 0:
  // it would load from 0 instead of the start time, and a film opened far in waits forever.
  const snapshot = () => ({
    currentTime: video.readyState >= HTMLMediaElement.HAVE_METADATA ? video.currentTime : startAt,
    seeking: video.seeking,
    paused: video.paused,
  });
  const listen = (name: string, handler: () => void) => video.addEventListener(name, handler, { signal: lifetime.signal });

  function onReport(report: EngineReport): void {
    if (destroyed) return;
    switch (report.type) {
      case 'qualities':
        host.emit('qualities', {
          qualities: report.qualities.map((quality) => ({ ...quality, id: `mse-${quality.index}`, selected: false })),
        });
        break;
      case 'quality-change':
        host.emit('quality-change', { index: report.index });
        break;
      case 'quality-choice':
        host.emit('quality-choice', { choice: report.choice });
        break;
      case 'audio-tracks':
        host.emit('audio-tracks', {
          tracks: report.tracks.map((track) => ({
            id: `mse-audio-${track.index}`, label: track.name, language: track.language,
            kind: track.isDefault ? 'main' : 'alternative', mimeType: 'audio/mp4', codec: track.codec, index: track.index,
          })),
          selected: report.selected,
        });
        break;
      case 'audio-track-change':
        host.emit('audio-track-change', { index: report.index });
        break;
      case 'stream-type':
        host.emit('stream-type', { streamType: report.streamType });
        break;
      case 'stats':
        if (report.bandwidthBps) rememberBandwidth(report.bandwidthBps);
        host.emit('stats', { bandwidthBps: report.bandwidthBps, networkClass: report.networkClass, rendition: report.rendition, bufferBytes: report.bufferBytes });
        break;
      case 'data-saved':
        host.emit('data-saved', { bytes: report.bytes });
        break;
      case 'first-segments':
        // For the bench and the debug tools: how many of the document's prefetches the start-up used.
        performance.mark('kino-first-segments', { detail: { taken: report.taken, dropped: report.dropped } });
        break;
      case 'error': {
        const { category, code, message, detail } = report.error;
        host.emit('error', {
          error: new PlayerError(category, code, 'fatal', message, { ...detail, engine: 'mse', declined: report.declined }),
        });
        break;
      }
    }
  }

  return {
    name: 'mse',
    async load(source, { startTime = 0 }) {
      startAt = startTime;
      const rect = video.getBoundingClientRect();
      // Where the browser cannot build MediaSource in a worker, it lives here and the worker feeds it.
      if (!readPlaybackEnvironment(video).mediaSourceInWorker) mainThreadMediaSource = createMainThreadMediaSource(video);
      filters = followRequestFilters(settings.requestFilters, (rules) => void worker.api.setRequestFilters([...rules]));
      await filters.ready;
      if (destroyed) return;
      // Messages reach the worker in order: the filters are in place before open() asks for anything.
      void worker.api.setRequestFilters([...filters.current()]);
      // The first segments the document already asked for go with the start message, their bodies transferred.
      const prefetched = takeFirstSegments(source.src) ?? [];
      const handle = await withTimeout(worker.api.open(
        transfer({
          url: source.src,
          startTime,
          maxWidth: Math.round(rect.width * devicePixelRatio),
          maxHeight: Math.round(rect.height * devicePixelRatio),
          rememberedBandwidthBps: rememberedBandwidth(),
          dataSaver: saver.current(),
          playlists: source.playlists,
          // Read here rather than in the worker: the page's value is the one a host (or a test simulating a phone) sees.
          deviceMemoryGb: pageDeviceMemory(),
          prefetched,
        }, prefetched.map((media) => media.body)),
        proxy(onReport),
        mainThreadMediaSource ? proxy(mainThreadMediaSource.handler) : undefined,
      ), ENGINE_OPEN_TIMEOUT_MS);
      if (destroyed) return;
      const playhead = createPlayheadFeed({ seek: (time) => void worker.api.seek(time), update: (state) => void worker.api.update(state) });
      // Capture: on the element itself a capturing listener runs before the others (the player's
      // state, analytics, the host's events), so the worker hears the target before they run.
      video.addEventListener('seeking', () => playhead.seek(video.currentTime), { capture: true, signal: lifetime.signal });
      hearTimeSets(video, (time) => playhead.seek(time), lifetime.signal);
      followSize();
      for (const name of SNAPSHOT_EVENTS) listen(name, () => playhead.report(snapshot()));
      if (startTime > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = startTime), { once: true, signal: lifetime.signal });
      // A MediaSourceHandle is a valid srcObject (the DOM typings lag behind).
      if (handle) video.srcObject = handle as unknown as MediaProvider;
    },
    setQuality: (choice) => void worker.api.setQuality(choice),
    setAudioTrack: (index) => void worker.api.setAudioTrack(index),
    prefetch: (time) => void worker.api.prefetch(time),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      lifetime.abort();
      filters?.stop();
      saver.stop();
      void worker.api.destroy().catch(() => undefined).finally(() => worker.terminate());
      mainThreadMediaSource?.destroy();
      video.srcObject = null;
      video.removeAttribute('src');
      video.load();
    },
  };
}
