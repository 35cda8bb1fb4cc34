import type { EngineLoader, EngineName, PlaybackEnvironment, PlaybackSource } from './types.ts';

/** The first loader, in order, that can play the source and is not excluded (first match wins). */
export function selectEngine(
  loaders: readonly EngineLoader[],
  source: PlaybackSource,
  environment: PlaybackEnvironment,
  exclude: readonly EngineName[] = [],
): EngineLoader | undefined {
  return loaders.find((loader) => !exclude.includes(loader.name) && loader.canPlay(source, environment));
}
