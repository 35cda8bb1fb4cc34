import type { CatalogueClient } from '../../api/catalogue-client.ts';
import { RequestError } from '../../api/request-error.ts';
import { PLAYER_ERROR_CODES, PlayerError } from '../../contract/errors/player-error.ts';
import type { MasterManifest } from '../../contract/schemas/schema.ts';
import { detectSourceType } from '../../engine/source-type.ts';
import type { PlaybackSource } from '../../engine/types.ts';

/** What an episode's file path resolves to. */
export interface EpisodeSource {
  source: PlaybackSource;
  /** Subtitle files of the manifest, links made absolute. */
  subtitles: MasterManifest['subtitles'];
  /** The thumbnails file (WebVTT) for the seek bar preview, if the manifest has one. */
  thumbnailsUrl: string | undefined;
}

/** The episode's master manifest could not be loaded; the viewer sees its URL (code MANIFEST_FAILED). */
export class ManifestLoadError extends PlayerError<'manifest'> {
  readonly url: string;

  constructor(url: string, status?: number) {
    super('manifest', PLAYER_ERROR_CODES.MANIFEST_FAILED, 'fatal', `Manifest ${url} failed to load`, { url, status: status ?? null });
    this.name = 'ManifestLoadError';
    this.url = url;
  }
}

/**
 * Resolves an episode's file path (SPEC.md section 7): a path containing .json is the master
 * manifest, whose default source plays; anything else is the stream itself.
 */
export async function resolveEpisodeSource(client: CatalogueClient, path: string, signal: AbortSignal): Promise<EpisodeSource> {
  if (!path.includes('.json')) return { source: { src: path, type: await detectSourceType(path, fetch, signal) }, subtitles: [], thumbnailsUrl: undefined };
  let loaded: Awaited<ReturnType<CatalogueClient['manifest']>>;
  try {
    loaded = await client.manifest(path, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ManifestLoadError(error instanceof RequestError ? error.url : path, error instanceof RequestError ? error.status : undefined);
  }
  const source = loaded.manifest.sources.find((item) => item.isDefault) ?? loaded.manifest.sources[0];
  if (!source) throw new ManifestLoadError(loaded.url);
  // The playlists the embed document carried for this stream start the engine without asking.
  const playlists = client.bootPlaylists?.(source.link);
  return {
    source: { src: source.link, type: await detectSourceType(source.link, fetch, signal), ...(playlists ? { playlists } : {}) },
    subtitles: loaded.manifest.subtitles,
    thumbnailsUrl: loaded.manifest.thumbnails?.vtt,
  };
}
