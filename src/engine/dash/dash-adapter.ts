import { PLAYER_ERROR_CODES, PlayerError } from '../../contract/errors/player-error.ts';
import type { EngineAdapter, EngineHost, EngineSettings } from '../types.ts';
import type { DashLibrary } from './dash-library.ts';
import type { MediaRequestKind } from '../../contract/net/request-filter-rules.ts';
import { applyRequestFilterRules, followRequestFilters, type RequestFilterFeed } from '../request-filter-feed.ts';
import { dashBufferSettings } from '../engine-buffer-settings.ts';
import { DATA_SAVER_FORWARD_SECONDS, dataSaverBitrateCap, followDataSaver } from '../data-saver-feed.ts';

type DashPlayer = ReturnType<ReturnType<DashLibrary['MediaPlayer']>['create']>;

/** dash.js behind the engine interface; `library` is our bundled copy or the configured one. */
/** dash.js's request types (HTTPRequest) as the request filters name them; others are left alone. */
const DASH_REQUEST_KINDS: Record<string, MediaRequestKind> = {
  MPD: 'playlist',
  InitializationSegment: 'init',
  MediaSegment: 'segment',
  IndexSegment: 'segment',
};

/** dash.js behind the engine interface; `library` is our bundled copy or the configured one. */
export function createDashAdapter(video: HTMLVideoElement, host: EngineHost, library: DashLibrary, settings: EngineSettings = {}): EngineAdapter {
  const { MediaPlayer } = library;
  let player: DashPlayer | null = null;
  let filters: RequestFilterFeed | undefined;
  const saver = followDataSaver(settings.dataSaver, (on) => {
    if (player) applyDataSaver(player, on);
  });

  function wire(instance: DashPlayer): void {
    const live = () => player === instance;
    instance.on(MediaPlayer.events.STREAM_INITIALIZED, () => {
      if (!live()) return;
      // SPEC.md section 4: a static MPD is on-demand.
      host.emit('stream-type', { streamType: instance.isDynamic() ? 'live' : 'on-demand' });
      const qualities = instance.getRepresentationsByType('video').map((representation, index) => ({
        id: `dash-${representation.id}`,
        width: representation.width ?? 0,
        height: representation.height ?? 0,
        bitrate: representation.bandwidth ?? 0,
        codec: representation.codecs ?? '',
        index,
        selected: false,
      }));
      host.emit('qualities', { qualities });
      applyDataSaver(instance, saver.current());
    });
    instance.on(MediaPlayer.events.ERROR, (event) => {
      if (!live()) return;
      host.emit('error', {
        error: new PlayerError('engine', PLAYER_ERROR_CODES.DASH_RUNTIME, 'fatal', 'DASH playback failed', {
          engine: 'dash.js',
          error: JSON.stringify((event as { error?: unknown }).error ?? null),
        }),
      });
    });
  }

  return {
    name: 'dash.js',
    async load(source, { startTime }) {
      const feed = followRequestFilters(settings.requestFilters);
      filters = feed;
      await feed.ready;
      if (filters !== feed) return;
      const instance = MediaPlayer().create();
      player = instance;
      // Seconds held ahead and behind, by the device's memory, near the custom engine's byte bounds.
      instance.updateSettings({ streaming: { buffer: dashBufferSettings() } });
      wire(instance);
      applyDataSaver(instance, saver.current());
      // The host's request filters on each request dash.js makes, its retries included: the
      // same addresses and headers as the other engines'.
      instance.addRequestInterceptor(async (request) => {
        const type = (request.customData as { request?: { type?: string } } | undefined)?.request?.type;
        const kind = type !== undefined && Object.hasOwn(DASH_REQUEST_KINDS, type) ? DASH_REQUEST_KINDS[type] : undefined;
        if (!kind) return request;
        const filtered = applyRequestFilterRules(feed.current(), kind, { url: request.url, headers: request.headers ?? {} });
        request.url = filtered.url;
        request.headers = filtered.headers;
        return request;
      });
      instance.initialize(video, startTime ? `${source.src}#t=${startTime}` : source.src, video.autoplay);
    },
    setQuality(choice) {
      if (!player) return;
      player.updateSettings({ streaming: { abr: { autoSwitchBitrate: { video: choice === 'auto' } } } });
      if (choice !== 'auto') player.setRepresentationForTypeByIndex('video', choice, true);
    },
    setAudioTrack(index) {
      const track = player?.getTracksFor('audio')[index];
      if (player && track) player.setCurrentTrack(track);
    },
    destroy() {
      const instance = player;
      player = null;
      filters?.stop();
      filters = undefined;
      saver.stop();
      instance?.destroy();
    },
  };
}

/** dash.js's defaults for what the saver changes (its documented settings' defaults). */
const DASH_FORWARD = { bufferTimeDefault: 18, bufferTimeAtTopQuality: 30, bufferTimeAtTopQualityLongForm: 60 };

/**
 * The data saver in dash.js's terms: Auto's video bitrate capped at the richest 480p
 * representation's (maxBitrate, in kbit/s; -1 is none) once they are known, and no buffer goal
 * past 20 s. dash.js follows no seek hints.
 */
function applyDataSaver(instance: DashPlayer, on: boolean): void {
  let representations: Array<{ height?: number | undefined; bandwidth?: number | undefined }> = [];
  try {
    representations = instance.getRepresentationsByType('video');
  } catch {
    // Not initialised yet: only the buffer goals apply until the stream is in.
  }
  const cap = on ? dataSaverBitrateCap(representations.map((representation) => ({ height: representation.height, bitrate: representation.bandwidth ?? 0 }))) : undefined;
  const forward = on
    ? { bufferTimeDefault: Math.min(DASH_FORWARD.bufferTimeDefault, DATA_SAVER_FORWARD_SECONDS), bufferTimeAtTopQuality: DATA_SAVER_FORWARD_SECONDS, bufferTimeAtTopQualityLongForm: DATA_SAVER_FORWARD_SECONDS }
    : DASH_FORWARD;
  instance.updateSettings({ streaming: { abr: { maxBitrate: { video: cap === undefined ? -1 : Math.floor(cap / 1000) } }, buffer: forward } });
}
