import type { CatalogueClient } from '../api/catalogue-client.ts';
import { RequestError } from '../api/request-error.ts';
import type { Content, Episode, MasterManifest } from '../api/schema.ts';
import { detectSourceType } from '../engine/source-type.ts';
import type { PlaybackSource } from '../engine/types.ts';

export interface FirstEpisode {
  content: Content;
  episode: Episode;
  source: PlaybackSource;
  /** Subtitle files of the manifest, links made absolute. */
  subtitles: MasterManifest['subtitles'];
  /** The thumbnails file (WebVTT) for the seek bar preview, if the manifest has one. */
  thumbnailsUrl: string | undefined;
}

/** The episode's master manifest could not be loaded; the viewer sees its URL. */
export class ManifestLoadError extends Error {
  readonly url: string;

  constructor(url: string) {
    super(`Manifest ${url} failed to load`);
    this.name = 'ManifestLoadError';
    this.url = url;
  }
}

/**
 * Loads the content and its first episode's default source: just enough for the player
 * page until the player app lands. Details and episodes load in parallel (SPEC.md section 4).
 */
export async function loadFirstEpisode(client: CatalogueClient, movieId: number, signal: AbortSignal): Promise<FirstEpisode> {
  const [content, episodes] = await Promise.all([client.content(movieId, signal), client.episodes(movieId, signal)]);
  const episode = episodes[0];
  if (!episode) throw new RequestError(`episodes of ${movieId}`, 404, '');
  return { content, episode, ...(await defaultSource(client, episode.m3u8MasterFilePath, signal)) };
}

async function defaultSource(client: CatalogueClient, path: string, signal: AbortSignal): Promise<Pick<FirstEpisode, 'source' | 'subtitles' | 'thumbnailsUrl'>> {
  // A path containing .json is the master manifest; anything else is the stream itself.
  if (!path.includes('.json')) return { source: { src: path, type: await detectSourceType(path, fetch, signal) }, subtitles: [], thumbnailsUrl: undefined };
  let loaded: Awaited<ReturnType<CatalogueClient['manifest']>>;
  try {
    loaded = await client.manifest(path, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ManifestLoadError(error instanceof RequestError ? error.url : path);
  }
  const source = loaded.manifest.sources.find((item) => item.isDefault) ?? loaded.manifest.sources[0];
  if (!source) throw new ManifestLoadError(loaded.url);
  return {
    source: { src: source.link, type: await detectSourceType(source.link, fetch, signal) },
    subtitles: loaded.manifest.subtitles,
    thumbnailsUrl: loaded.manifest.thumbnails?.vtt,
  };
}
