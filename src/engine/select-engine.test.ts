import { describe, expect, it } from 'vitest';
import { dashLoader, ENGINE_LOADERS, hlsJsLoader, nativeLoader } from './engine-loaders.ts';
import { selectEngine } from './select-engine.ts';
import type { PlaybackEnvironment, SourceType } from './types.ts';

const CHROMIUM: PlaybackEnvironment = { mediaSource: true, mediaSourceInWorker: true, nativeHls: false };
const CHROMIUM_WITHOUT_WORKER_MSE: PlaybackEnvironment = { mediaSource: true, mediaSourceInWorker: false, nativeHls: false };
const IOS_WITHOUT_MSE: PlaybackEnvironment = { mediaSource: false, mediaSourceInWorker: false, nativeHls: true };

describe('selectEngine', () => {
  it.each([
    ['hls', CHROMIUM, 'mse'],
    ['hls', CHROMIUM_WITHOUT_WORKER_MSE, 'mse'],
    ['dash', CHROMIUM, 'dash.js'],
    ['progressive', CHROMIUM, 'native'],
    ['blob', CHROMIUM, 'native'],
    ['hls', IOS_WITHOUT_MSE, 'native'],
    ['dash', IOS_WITHOUT_MSE, undefined],
    ['youtube', CHROMIUM, undefined],
  ] as Array<[SourceType, PlaybackEnvironment, string | undefined]>)('%s in %o → %s', (type, environment, engine) => {
    expect(selectEngine(ENGINE_LOADERS, { src: 'x', type }, environment)?.name).toBe(engine);
  });

  it('takes the first match in order and skips excluded engines', () => {
    const loaders = [hlsJsLoader, dashLoader, nativeLoader];
    const hlsOnSafari: PlaybackEnvironment = { mediaSource: true, mediaSourceInWorker: false, nativeHls: true };
    expect(selectEngine(loaders, { src: 'x', type: 'hls' }, hlsOnSafari)?.name).toBe('hls.js');
    expect(selectEngine(loaders, { src: 'x', type: 'hls' }, hlsOnSafari, ['hls.js'])?.name).toBe('native');
  });

  it('puts a preferred engine first only when it can play the source', () => {
    expect(selectEngine(ENGINE_LOADERS, { src: 'x', type: 'hls' }, CHROMIUM, [], 'hls.js')?.name).toBe('hls.js');
    expect(selectEngine(ENGINE_LOADERS, { src: 'x', type: 'hls' }, CHROMIUM, [], 'dash.js')?.name).toBe('mse');
  });
});
