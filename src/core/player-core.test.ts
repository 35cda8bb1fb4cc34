import { describe, expect, it } from 'vitest';
import { FakeTimeRanges, FakeVideo } from '../../test/fakes/fake-video.ts';
import type { EngineAdapter, EngineHost, EngineLoader, EngineName, PlaybackEnvironment, PlaybackSource } from '../engine/types.ts';
import { PlayerError } from '../contract/errors/player-error.ts';
import { createPlayerCore } from './player-core.ts';

const ENVIRONMENT: PlaybackEnvironment = { mediaSource: true, mediaSourceInWorker: true, nativeHls: false };
const HLS: PlaybackSource = { src: 'https://cdn.example/master.m3u8', type: 'hls' };

interface FakeEngine {
  name: EngineName;
  host: EngineHost;
  loads: Array<{ startTime: number | undefined }>;
  qualityCalls: Array<number | 'auto'>;
  prefetches: number[];
  destroyed: boolean;
}

/** Loaders whose adapters record what they were asked and expose their host to the test. */
function fakeLoaders(names: EngineName[], canPlay = (_source: PlaybackSource) => true) {
  const engines: FakeEngine[] = [];
  const loaders: EngineLoader[] = names.map((name) => ({
    name,
    canPlay: (source) => canPlay(source),
    load: async () => (_video: HTMLVideoElement, host: EngineHost): EngineAdapter => {
      const engine: FakeEngine = { name, host, loads: [], qualityCalls: [], prefetches: [], destroyed: false };
      engines.push(engine);
      return {
        name,
        load: async (_source, options) => void engine.loads.push({ startTime: options.startTime }),
        setQuality: (choice) => void engine.qualityCalls.push(choice),
        setAudioTrack: () => undefined,
        prefetch: (time) => void engine.prefetches.push(time),
        destroy: () => void (engine.destroyed = true),
      };
    },
  }));
  return { engines, loaders };
}

const fatal = () => new PlayerError('media', 4, 'fatal', 'Failed to load resource.');

describe('createPlayerCore', () => {
  it('plays through the first engine that can, and reduces its reports into state', async () => {
    const { engines, loaders } = fakeLoaders(['mse', 'hls.js']);
    const core = createPlayerCore({ video: new FakeVideo().asElement(), loaders, environment: ENVIRONMENT });
    await core.load(HLS);
    expect(core.store.getState().engine).toBe('mse');
    engines[0]?.host.emit('qualities', { qualities: [{ id: 'q0', width: 426, height: 240, bitrate: 2e5, codec: 'avc1', index: 0, selected: true }] });
    engines[0]?.host.emit('stream-type', { streamType: 'on-demand' });
    expect(core.store.getState()).toMatchObject({ streamType: 'on-demand', qualities: [{ height: 240 }] });
  });

  it('asks again for a play that attaching the source aborted, unless a pause came after it', async () => {
    for (const pauseToo of [false, true]) {
      const video = new FakeVideo();
      const loader: EngineLoader = {
        name: 'mse',
        canPlay: () => true,
        load: async () => (): EngineAdapter => ({
          name: 'mse',
          async load() {
            // While the engine prepares, the viewer presses play (and maybe pause); the attach then aborts the play.
            await video.play();
            if (pauseToo) video.pause();
            video.paused = true;
          },
          setQuality: () => undefined,
          setAudioTrack: () => undefined,
          destroy: () => undefined,
        }),
      };
      const core = createPlayerCore({ video: video.asElement(), loaders: [loader], environment: ENVIRONMENT });
      await core.load(HLS);
      expect(video.paused).toBe(pauseToo);
      expect(video.playCalls).toBe(pauseToo ? 1 : 2);
    }
  });

  it('says playing or paused as soon as the element does, before its events: a pause right after a play is not lost', async () => {
    const video = new FakeVideo();
    const { loaders } = fakeLoaders(['mse']);
    const core = createPlayerCore({ video: video.asElement(), loaders, environment: ENVIRONMENT });
    await core.load(HLS);
    // A browser queues 'play' and 'pause' behind the viewer's input: here they never arrive.
    video.dispatchEvent = () => true;
    void core.play().catch(() => undefined);
    expect(core.store.getState().paused).toBe(false);
    // What a toggle (Space) reads next: playing, so it pauses rather than asking to play again.
    core.pause();
    expect(video.paused).toBe(true);
    expect(core.store.getState().paused).toBe(true);
  });

  it('falls back to the next engine at the current position when one fails fatally', async () => {
    const { engines, loaders } = fakeLoaders(['mse', 'hls.js']);
    const video = new FakeVideo();
    const core = createPlayerCore({ video: video.asElement(), loaders, environment: ENVIRONMENT });
    await core.load(HLS);
    await video.play();
    video.currentTime = 42;
    engines[0]?.host.emit('error', { error: fatal() });
    await expect.poll(() => core.store.getState().engine).toBe('hls.js');
    expect(engines[0]?.destroyed).toBe(true);
    expect(engines[1]?.loads).toEqual([{ startTime: 42 }]);
    expect(core.store.getState().error).toBeUndefined();
    await expect.poll(() => video.playCalls).toBe(2);
    // A late report from the replaced engine changes nothing.
    engines[0]?.host.emit('stream-type', { streamType: 'live' });
    expect(core.store.getState().streamType).toBe('unknown');
  });

  it('falls to the next engine at the start position when an adapter\'s load() rejects', async () => {
    const video = new FakeVideo();
    const { engines, loaders } = fakeLoaders(['hls.js']);
    const rejecting: EngineLoader = {
      name: 'mse',
      canPlay: () => true,
      load: async () => (): EngineAdapter => ({
        name: 'mse',
        load: () => Promise.reject(new PlayerError('engine', 4, 'fatal', 'worker did not start')),
        setQuality: () => undefined,
        setAudioTrack: () => undefined,
        destroy: () => undefined,
      }),
    };
    const core = createPlayerCore({ video: video.asElement(), loaders: [rejecting, ...loaders], environment: ENVIRONMENT });
    await core.load(HLS, { startTime: 30 });
    await expect.poll(() => core.store.getState().engine).toBe('hls.js');
    expect(engines[0]?.loads).toEqual([{ startTime: 30 }]);
    expect(core.store.getState().error).toBeUndefined();
  });

  it('treats an engine whose library fails to load like a failed engine', async () => {
    const broken: EngineLoader = {
      name: 'dash.js',
      canPlay: () => true,
      load: async () => {
        throw new PlayerError('engine', 4, 'fatal', 'Failed to load resource.', { library: 'dash.js' });
      },
    };
    const { engines, loaders } = fakeLoaders(['native']);
    const core = createPlayerCore({ video: new FakeVideo().asElement(), loaders: [broken, ...loaders], environment: ENVIRONMENT });
    await core.load(HLS);
    await expect.poll(() => core.store.getState().engine).toBe('native');
    expect(engines).toHaveLength(1);

    const alone = createPlayerCore({ video: new FakeVideo().asElement(), loaders: [broken], environment: ENVIRONMENT });
    await alone.load(HLS);
    expect(alone.store.getState().error).toMatchObject({ code: 4, detail: { library: 'dash.js' } });
  });

  it('shows the error when no engine is left', async () => {
    const { engines, loaders } = fakeLoaders(['hls.js']);
    const core = createPlayerCore({ video: new FakeVideo().asElement(), loaders, environment: ENVIRONMENT });
    await core.load(HLS);
    engines[0]?.host.emit('error', { error: fatal() });
    expect(core.store.getState().error?.code).toBe(4);
  });

  it('reports an unsupported source as an error instead of throwing', async () => {
    const { loaders } = fakeLoaders(['hls.js'], (source) => source.type === 'hls');
    const core = createPlayerCore({ video: new FakeVideo().asElement(), loaders, environment: ENVIRONMENT });
    await core.load({ src: 'https://youtu.be/x', type: 'youtube' });
    expect(core.store.getState().error?.message).toBe('No engine can play this source');
  });

  it('ignores a seek that is not finite or when nothing is seekable (SPEC.md section 5)', async () => {
    const video = new FakeVideo();
    const core = createPlayerCore({ video: video.asElement(), loaders: [], environment: ENVIRONMENT });
    core.seek(10);
    expect(video.currentTime).toBe(0);
    video.seekable = new FakeTimeRanges([[0, 60]]);
    core.seek(Number.NaN);
    expect(video.currentTime).toBe(0);
    core.seek(10);
    expect(video.currentTime).toBe(10);
  });

  it('passes a seek hint to the attached engine only, never a time that is not finite', async () => {
    const { engines, loaders } = fakeLoaders(['mse']);
    const video = new FakeVideo();
    const core = createPlayerCore({ video: video.asElement(), loaders, environment: ENVIRONMENT });
    core.prefetch(30);
    await core.load(HLS);
    core.prefetch(Number.POSITIVE_INFINITY);
    core.prefetch(42);
    expect(engines[0]?.prefetches).toEqual([42]);
    expect(video.currentTime).toBe(0);
  });

  it('unmuting at volume 0 sets 0.25; volume is clamped', () => {
    const video = new FakeVideo();
    const core = createPlayerCore({ video: video.asElement(), loaders: [], environment: ENVIRONMENT });
    core.setVolume(3);
    expect(video.volume).toBe(1);
    core.setVolume(0);
    core.setMuted(true);
    core.setMuted(false);
    expect(video).toMatchObject({ volume: 0.25, muted: false });
  });

  it('a mute for a refused autoplay is flagged until the viewer turns the sound on', () => {
    const video = new FakeVideo();
    const core = createPlayerCore({ video: video.asElement(), loaders: [], environment: ENVIRONMENT });
    core.muteForAutoplay();
    video.dispatchEvent(new Event('volumechange'));
    expect(core.store.getState()).toMatchObject({ muted: true, mutedForAutoplay: true });
    core.setMuted(false);
    video.dispatchEvent(new Event('volumechange'));
    expect(core.store.getState()).toMatchObject({ muted: false, mutedForAutoplay: false });
    core.setMuted(true);
    video.dispatchEvent(new Event('volumechange'));
    expect(core.store.getState()).toMatchObject({ muted: true, mutedForAutoplay: false });
  });

  it('destroy() is idempotent and releases the engine', async () => {
    const { engines, loaders } = fakeLoaders(['hls.js']);
    const core = createPlayerCore({ video: new FakeVideo().asElement(), loaders, environment: ENVIRONMENT });
    await core.load(HLS);
    core.destroy();
    core.destroy();
    expect(engines[0]?.destroyed).toBe(true);
  });

  describe('the request gate', () => {
    const QUALITY = { id: 'q1', width: 1280, height: 720, bitrate: 2e6, codec: 'avc1', index: 1, selected: false };

    it('keeps a play asked for during an ad break and plays on release', async () => {
      const video = new FakeVideo();
      const { loaders } = fakeLoaders(['mse']);
      const core = createPlayerCore({ video: video.asElement(), loaders, environment: ENVIRONMENT });
      await core.load(HLS);
      const release = core.hold('ad break');
      void core.play();
      expect(video.playCalls).toBe(0);
      release();
      expect(video.playCalls).toBe(1);
      expect(video.paused).toBe(false);
    });

    it('quality asked from four places before the engine lists its qualities: one engine call', async () => {
      const video = new FakeVideo();
      const { engines, loaders } = fakeLoaders(['mse']);
      const core = createPlayerCore({ video: video.asElement(), loaders, environment: ENVIRONMENT });
      await core.load(HLS);
      for (const choice of [0, 'auto', 1, 1] as const) core.setQuality(choice);
      expect(engines[0]?.qualityCalls).toEqual([]);
      engines[0]?.host.emit('qualities', { qualities: [QUALITY] });
      expect(engines[0]?.qualityCalls).toEqual([1]);
    });

    it('a seek asked before the stream is seekable waits for it; one asked of a replaced episode is dropped', async () => {
      const video = new FakeVideo();
      const { loaders } = fakeLoaders(['mse']);
      const core = createPlayerCore({ video: video.asElement(), loaders, environment: ENVIRONMENT });
      await core.load(HLS);
      core.seek(30);
      expect(video.currentTime).toBe(0);
      video.seekable = new FakeTimeRanges([[0, 60]]);
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(30);

      video.seekable = new FakeTimeRanges();
      core.seek(45);
      await core.load({ src: 'https://cdn.example/next.m3u8', type: 'hls' });
      video.seekable = new FakeTimeRanges([[0, 60]]);
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(30);
    });
  });
});
