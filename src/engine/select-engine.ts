import type { EngineLoader, EngineName, PlaybackEnvironment, PlaybackSource } from './types.ts';

/**
 * The first loader, in order, that can play the source and is not excluded (first match wins);
 * a preferred engine goes first when it can play the source at all.
 */
export function selectEngine(
  loaders: readonly EngineLoader[],
  source: PlaybackSource,
  environment: PlaybackEnvironment,
  exclude: readonly EngineName[] = [],
  prefer?: EngineName,
): EngineLoader | undefined {
  const ordered = prefer ? [...loaders].sort((a, b) => Number(b.name === prefer) - Number(a.name === prefer)) : loaders;
  return ordered.find((loader) => !exclude.includes(loader.name) && loader.canPlay(source, environment));
}
