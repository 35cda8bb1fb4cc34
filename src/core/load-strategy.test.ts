import { describe, expect, it } from 'vitest';
import { FakeVideo } from '../../test/fakes/fake-video.ts';
import type { EngineLoader, PlaybackEnvironment } from '../engine/types.ts';
import type { LoadStrategy, LoadStrategyHooks } from './load-strategy.ts';
import { createPlayerCore } from './player-core.ts';

const ENVIRONMENT: PlaybackEnvironment = { mediaSource: true, mediaSourceInWorker: true, nativeHls: false };
const SOURCE = { src: 'https://cdn.example/master.m3u8', type: 'hls' as const };

/** Hooks the test releases by hand, and a loader that counts loads. */
function harness(strategy: LoadStrategy) {
  let idle: () => void = () => undefined;
  let visible: () => void = () => undefined;
  const hooks: LoadStrategyHooks = {
    whenIdle: () => new Promise((resolve) => (idle = resolve)),
    whenVisible: () => new Promise((resolve) => (visible = resolve)),
  };
  const loads: string[] = [];
  const loader: EngineLoader = {
    name: 'hls.js',
    canPlay: () => true,
    load: async () => () => ({
      name: 'hls.js',
      load: async (source) => void loads.push(source.src),
      setQuality: () => undefined,
      setAudioTrack: () => undefined,
      destroy: () => undefined,
    }),
  };
  const video = new FakeVideo();
  const core = createPlayerCore({ video: video.asElement(), loaders: [loader], environment: ENVIRONMENT, loadStrategy: strategy, loadStrategyHooks: hooks });
  return { core, video, loads, releaseIdle: () => idle(), releaseVisible: () => visible() };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('load strategies (SPEC.md section 4)', () => {
  it('eager loads at once', async () => {
    const { core, loads } = harness('eager');
    await core.load(SOURCE);
    expect(loads).toEqual([SOURCE.src]);
  });

  it('idle waits for the page to be idle', async () => {
    const { core, loads, releaseIdle } = harness('idle');
    const loading = core.load(SOURCE);
    await settle();
    expect(loads).toEqual([]);
    releaseIdle();
    await loading;
    expect(loads).toEqual([SOURCE.src]);
  });

  it('visible waits until the player is in view', async () => {
    const { core, loads, releaseVisible } = harness('visible');
    const loading = core.load(SOURCE);
    await settle();
    expect(loads).toEqual([]);
    releaseVisible();
    await loading;
    expect(loads).toEqual([SOURCE.src]);
  });

  it('play waits for a play request, from the core or the element itself', async () => {
    const fromCore = harness('play');
    const loading = fromCore.core.load(SOURCE);
    await settle();
    expect(fromCore.loads).toEqual([]);
    void fromCore.core.play();
    await loading;
    expect(fromCore.loads).toEqual([SOURCE.src]);

    const fromElement = harness('play');
    const elementLoading = fromElement.core.load(SOURCE);
    await settle();
    fromElement.video.dispatchEvent(new Event('play'));
    await elementLoading;
    expect(fromElement.loads).toEqual([SOURCE.src]);
  });

  it('a player destroyed while waiting never loads', async () => {
    const { core, loads, releaseIdle } = harness('idle');
    const loading = core.load(SOURCE);
    core.destroy();
    releaseIdle();
    await loading;
    expect(loads).toEqual([]);
  });
});

describe('element settings', () => {
  it('preloads metadata by default and loops only when asked', () => {
    const plain = new FakeVideo();
    createPlayerCore({ video: plain.asElement(), loaders: [], environment: ENVIRONMENT });
    expect(plain).toMatchObject({ preload: 'metadata', loop: false });
    const looping = new FakeVideo();
    createPlayerCore({ video: looping.asElement(), loaders: [], environment: ENVIRONMENT, loop: true, preload: 'auto' });
    expect(looping).toMatchObject({ preload: 'auto', loop: true });
  });

  it('pauses when playback reaches the clip end time', async () => {
    const video = new FakeVideo();
    createPlayerCore({ video: video.asElement(), loaders: [], environment: ENVIRONMENT, clipEndTime: 30 });
    await video.play();
    video.currentTime = 29.5;
    video.dispatchEvent(new Event('timeupdate'));
    expect(video.paused).toBe(false);
    video.currentTime = 30.1;
    video.dispatchEvent(new Event('timeupdate'));
    expect(video.paused).toBe(true);
  });
});
