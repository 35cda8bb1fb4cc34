import Hls, { type ErrorData, type FragmentLoaderContext, type HlsConfig, type Level, type LoaderCallbacks, type LoaderConfiguration, type LoaderContext, type MediaPlaylist } from 'hls.js';
// The ESM build cannot find its own worker script: hand it the URL of the copy we ship, so the
// transmuxer really runs in a worker (e2e/engines.spec.ts proves it).
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import { PLAYER_ERROR_CODES, PlayerError } from '../../contract/errors/player-error.ts';
import type { AudioTrack, EngineAdapter, EngineHost, EngineSettings, Quality } from '../types.ts';
import { networkClassOfBps } from '../../workers-client/network-class.ts';
import type { MediaRequestKind, RequestFilterRule } from '../../contract/net/request-filter-rules.ts';
import { applyRequestFilterRules, followRequestFilters, type RequestFilterFeed } from '../request-filter-feed.ts';
import { hlsBufferSettings } from '../engine-buffer-settings.ts';
import { DATA_SAVER_FORWARD_SECONDS, dataSaverCapIndex, followDataSaver } from '../data-saver-feed.ts';

/** hls.js behind the engine interface: live HLS and whatever the custom engine declines. */
export function createHlsAdapter(video: HTMLVideoElement, host: EngineHost, settings: EngineSettings = {}): EngineAdapter {
  let hls: Hls | null = null;
  let filters: RequestFilterFeed | undefined;
  const saver = followDataSaver(settings.dataSaver, () => {
    if (hls) applyDataSaver(hls, saver.current());
  });

  /** Runs a callback only while `instance` is the live one: a destroyed instance reports nothing. */
  const guard = <A extends unknown[]>(instance: Hls, callback: (...args: A) => void) =>
    (...args: A) => {
      if (hls === instance) callback(...args);
    };

  function wire(instance: Hls): void {
    instance.on(Hls.Events.MANIFEST_PARSED, guard(instance, () => {
      host.emit('qualities', { qualities: instance.levels.map(toQuality(instance)) });
      applyDataSaver(instance, saver.current());
    }));
    instance.on(Hls.Events.LEVEL_SWITCHED, guard(instance, (_event, data) => {
      host.emit('quality-change', { index: data.level });
      const level = instance.levels[data.level];
      host.emit('stats', { bandwidthBps: instance.bandwidthEstimate, networkClass: networkClassOfBps(instance.bandwidthEstimate), rendition: level ? `${level.height}p` : undefined });
    }));
    instance.on(Hls.Events.LEVEL_LOADED, guard(instance, (_event, data) => {
      const details = data.details;
      const dvr = details.targetduration >= 10 && (details.type === 'EVENT' || details.fragments.some((fragment) => fragment.tagList.some((tag) => tag[0] === 'DIS')));
      host.emit('stream-type', { streamType: !details.live ? 'on-demand' : dvr ? 'live:dvr' : 'live' });
    }));
    instance.on(Hls.Events.AUDIO_TRACKS_UPDATED, guard(instance, () => {
      host.emit('audio-tracks', { tracks: instance.audioTracks.map(toAudioTrack), selected: instance.audioTrack });
    }));
    instance.on(Hls.Events.AUDIO_TRACK_SWITCHED, guard(instance, (_event, data) => {
      host.emit('audio-track-change', { index: data.id });
    }));
    instance.on(Hls.Events.FRAG_LOADED, guard(instance, () => {
      const level = instance.levels[instance.currentLevel];
      host.emit('stats', { bandwidthBps: instance.bandwidthEstimate, networkClass: networkClassOfBps(instance.bandwidthEstimate), rendition: level ? `${level.height}p` : undefined });
    }));
    instance.on(Hls.Events.ERROR, guard(instance, (_event, data: ErrorData) => {
      if (!data.fatal) return;
      host.emit('error', {
        error: new PlayerError(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media', PLAYER_ERROR_CODES.RESOURCE, 'fatal',
          'Failed to load resource.', { engine: 'hls.js', details: data.details, url: data.url ?? null }),
      });
    }));
  }

  return {
    name: 'hls.js',
    async load(source, { startTime }) {
      const feed = followRequestFilters(settings.requestFilters);
      filters = feed;
      await feed.ready;
      if (filters !== feed) return;
      const instance = new Hls({
        enableWorker: true, workerPath: hlsWorkerUrl, startPosition: startTime ?? -1, capLevelToPlayerSize: true,
        // Bytes and seconds held, by the device's memory, as the custom engine holds them.
        ...hlsBufferSettings(),
        ...(saver.current() ? { maxBufferLength: DATA_SAVER_FORWARD_SECONDS, maxMaxBufferLength: DATA_SAVER_FORWARD_SECONDS } : {}),
        loader: filteringLoader(Hls.DefaultConfig.loader, () => feed.current()),
      });
      hls = instance;
      wire(instance);
      instance.loadSource(source.src);
      instance.attachMedia(video);
    },
    setQuality(choice) {
      if (!hls) return;
      // nextLevel switches at the next fragment without flushing what is buffered.
      hls.nextLevel = choice === 'auto' ? -1 : choice;
      host.emit('quality-choice', { choice });
    },
    setAudioTrack(index) {
      if (hls) hls.audioTrack = index;
    },
    destroy() {
      const instance = hls;
      hls = null;
      filters?.stop();
      filters = undefined;
      saver.stop();
      instance?.destroy();
    },
  };
}

/** hls.js's config at start: its default forward buffer, restored when the saver goes off. */
const HLS_FORWARD = { maxBufferLength: Hls.DefaultConfig.maxBufferLength, maxMaxBufferLength: Hls.DefaultConfig.maxMaxBufferLength };

/**
 * The data saver in hls.js's own terms: Auto capped at the richest 480p level (autoLevelCapping,
 * beside its cap to the player's size) and the forward buffer at 20 s. hls.js follows no seek hints.
 */
function applyDataSaver(instance: Hls, on: boolean): void {
  instance.autoLevelCapping = on ? dataSaverCapIndex(instance.levels) ?? -1 : -1;
  instance.config.maxBufferLength = on ? DATA_SAVER_FORWARD_SECONDS : HLS_FORWARD.maxBufferLength;
  instance.config.maxMaxBufferLength = on ? DATA_SAVER_FORWARD_SECONDS : HLS_FORWARD.maxMaxBufferLength;
}

function toQuality(instance: Hls) {
  return (level: Level, index: number): Quality => ({
    id: `hls-${index}`,
    width: level.width,
    height: level.height,
    bitrate: level.bitrate,
    codec: [level.videoCodec, level.audioCodec].filter(Boolean).join(','),
    index,
    selected: instance.currentLevel === index,
  });
}

function toAudioTrack(track: MediaPlaylist, index: number): AudioTrack {
  return {
    id: `hls-audio-${track.id}`,
    label: track.name,
    language: track.lang ?? '',
    kind: track.default ? 'main' : 'alternative',
    mimeType: 'audio/mp4',
    codec: track.audioCodec ?? '',
    index,
  };
}

type LoaderClass = HlsConfig['loader'];

/**
 * hls.js's own loader with the host's request filters applied to each request, its own retries
 * included (each one is a new load): the same addresses and headers the custom engine sends.
 */
function filteringLoader(Base: LoaderClass, rules: () => readonly RequestFilterRule[]): LoaderClass {
  return class FilteringLoader extends Base {
    override load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      const kind = hlsRequestKind(context);
      if (!kind) return super.load(context, config, callbacks);
      const filtered = applyRequestFilterRules(rules(), kind, { url: context.url, headers: context.headers ?? {} });
      // A copy: hls.js keeps the context it made, with the address the playlist gave.
      super.load({ ...context, url: filtered.url, headers: filtered.headers }, config, callbacks);
    }
  };
}

function hlsRequestKind(context: LoaderContext): MediaRequestKind | undefined {
  switch (context.type) {
    case 'manifest':
    case 'level':
    case 'audioTrack':
    case 'subtitleTrack':
      return 'playlist';
    case 'media-fragment':
      return (context as FragmentLoaderContext).frag.sn === 'initSegment' ? 'init' : 'segment';
    default:
      return undefined;
  }
}
