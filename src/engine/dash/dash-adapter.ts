import { PLAYER_ERROR_CODES, PlayerError } from '../../contract/errors/player-error.ts';
import type { EngineAdapter, EngineHost } from '../types.ts';
import type { DashLibrary } from './dash-library.ts';

type DashPlayer = ReturnType<ReturnType<DashLibrary['MediaPlayer']>['create']>;

/** dash.js behind the engine interface; `library` is our bundled copy or the configured one. */
export function createDashAdapter(video: HTMLVideoElement, host: EngineHost, library: DashLibrary): EngineAdapter {
  const { MediaPlayer } = library;
  let player: DashPlayer | null = null;

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
      const instance = MediaPlayer().create();
      player = instance;
      wire(instance);
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
      instance?.destroy();
    },
  };
}
