import { PLAYER_ERROR_CODES, PlayerError } from '../../contract/errors/player-error.ts';
import type { EngineAdapter, EngineHost, EngineSettings } from '../types.ts';
import { applyRequestFilterRules, followRequestFilters } from '../request-filter-feed.ts';

/** The browser's own playback: progressive files, blobs, and HLS on iOS without MSE. */
export function createNativeAdapter(video: HTMLVideoElement, host: EngineHost, settings: EngineSettings = {}): EngineAdapter {
  const abort = new AbortController();
  const listen = (name: string, handler: () => void) => video.addEventListener(name, handler, { signal: abort.signal });
  listen('error', () => {
    const code = video.error?.code ?? 0;
    host.emit('error', {
      error: new PlayerError('media', PLAYER_ERROR_CODES.RESOURCE, 'fatal', 'Failed to load resource.', { mediaErrorCode: code, src: video.currentSrc }),
    });
  });
  listen('loadedmetadata', () => {
    host.emit('stream-type', { streamType: Number.isFinite(video.duration) ? 'on-demand' : 'live' });
  });
  return {
    name: 'native',
    async load(source, { startTime }) {
      // The browser fetches what a playlist names by itself: only the source's own address goes
      // through the request filters (signed, moved), never an unsigned one where a host signs.
      const filters = followRequestFilters(settings.requestFilters);
      await filters.ready;
      filters.stop();
      if (abort.signal.aborted) return;
      if (startTime) video.addEventListener('loadedmetadata', () => (video.currentTime = startTime), { once: true, signal: abort.signal });
      video.src = applyRequestFilterRules(filters.current(), source.type === 'hls' ? 'playlist' : 'segment', { url: source.src, headers: {} }).url;
    },
    // The browser chooses renditions and tracks itself; there is nothing to select.
    setQuality: () => undefined,
    setAudioTrack: () => undefined,
    destroy() {
      if (abort.signal.aborted) return;
      abort.abort();
      video.removeAttribute('src');
      video.load();
    },
  };
}
