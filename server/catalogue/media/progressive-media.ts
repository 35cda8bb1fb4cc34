import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/database.ts';
import { MEDIA_URL_PREFIX } from '../../http/paths.ts';
import { EpisodeMediaRepository } from './episode-media-repository.ts';

/**
 * Where the progressive MP4s live under the media root: progressive/<media dir>/<height>.mp4,
 * written by scripts/make-media.ts from the same streams the player plays.
 */
export const PROGRESSIVE_DIR = 'progressive';

/** A folder of ours under the media root: no dots, no absolute paths, nothing a link could smuggle in. */
const MEDIA_DIR = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i;

/**
 * The media folder an episode plays: its own, else the folder of the stream its default source
 * links to (the generated catalogue's episodes borrow the demo streams that way). Undefined for
 * an unknown episode, or one whose source is not a file of ours.
 */
export async function episodeMediaDir(db: Queryable, episodeId: number): Promise<string | undefined> {
  const media = await new EpisodeMediaRepository(db).ofEpisode(episodeId);
  if (!media) return undefined;
  const dir = media.mediaDir ?? (media.defaultLink ? folderOfMediaLink(media.defaultLink) : undefined);
  return dir !== undefined && MEDIA_DIR.test(dir) ? dir : undefined;
}

/** '/catalog-api/media/films/1/master.m3u8' (or an absolute URL with that path) → 'films/1'. */
export function folderOfMediaLink(link: string): string | undefined {
  const pathname = link.startsWith('/') ? link : URL.canParse(link) ? new URL(link).pathname : '';
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return undefined;
  const folder = path.posix.dirname(pathname.slice(MEDIA_URL_PREFIX.length));
  return folder === '.' ? undefined : folder;
}

/** The file's path relative to the progressive root when it exists, else undefined. */
export async function progressiveFile(mediaRoot: string, mediaDir: string, height: number): Promise<string | undefined> {
  const relative = `${mediaDir}/${height}.mp4`;
  try {
    const info = await stat(path.join(mediaRoot, PROGRESSIVE_DIR, relative));
    return info.isFile() ? relative : undefined;
  } catch {
    return undefined;
  }
}
