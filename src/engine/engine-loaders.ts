import { prewarmEngineWorker } from '../workers-client/engine-client.ts';
import type { EngineLoader } from './types.ts';
import type * as MseAdapterChunk from './mse/mse-adapter.ts';

let mseModule: Promise<typeof MseAdapterChunk> | undefined;

/**
 * The custom engine's chunk, one import for everyone: what asks for it first hears of it first.
 * The document's first segments (src/app/wiring/first-segments.ts) are so started before the
 * adapter takes them, whatever the device's speed.
 */
export function mseAdapterModule(): Promise<typeof MseAdapterChunk> {
  mseModule ??= import('./mse/mse-adapter.ts');
  mseModule.catch(() => (mseModule = undefined));
  return mseModule;
}

/**
 * The custom engine: HLS on demand wherever MediaSource (or ManagedMediaSource) exists; the
 * MediaSource lives in its worker where the browser allows, else on the main thread, fed by it.
 */
export const mseLoader: EngineLoader = {
  name: 'mse',
  canPlay: (source, environment) => source.type === 'hls' && environment.mediaSource,
  load: async () => (await mseAdapterModule()).createMseAdapter,
  async prewarm(environment) {
    if (!environment.mediaSource) return;
    // The pool is a few hundred bytes and lives in the entry chunk: the worker's script is requested
    // as soon as the widget boots, not a round trip later behind a lazy chunk (measured on a 150 ms
    // link, that round trip put the master playlist request after the catalogue answers).
    prewarmEngineWorker();
    await mseAdapterModule();
  },
};

/** hls.js: live HLS and whatever the custom engine declines; needs MediaSource. */
export const hlsJsLoader: EngineLoader = {
  name: 'hls.js',
  canPlay: (source, environment) => source.type === 'hls' && environment.mediaSource,
  load: async () => (await import('./hls/hls-adapter.ts')).createHlsAdapter,
};

/** dash.js for DASH, a lazy chunk from our own origin. */
export const dashLoader: EngineLoader = {
  name: 'dash.js',
  canPlay: (source, environment) => source.type === 'dash' && environment.mediaSource,
  async load({ dashLibraryUrl }) {
    const [{ createDashAdapter }, { loadDashLibrary }] = await Promise.all([import('./dash/dash-adapter.ts'), import('./dash/dash-library.ts')]);
    const library = await loadDashLibrary(dashLibraryUrl);
    return (video, host, settings) => createDashAdapter(video, host, library, settings);
  },
};

/** The browser itself: progressive files, blobs, and HLS where there is no MediaSource (iOS). */
export const nativeLoader: EngineLoader = {
  name: 'native',
  canPlay: (source, environment) =>
    source.type === 'progressive' || source.type === 'blob' || (source.type === 'hls' && environment.nativeHls),
  load: async () => (await import('./native/native-adapter.ts')).createNativeAdapter,
};

/** Selection order (ARCHITECTURE.md): the custom engine first, then hls.js, dash.js, native. */
export const ENGINE_LOADERS: readonly EngineLoader[] = [mseLoader, hlsJsLoader, dashLoader, nativeLoader];
