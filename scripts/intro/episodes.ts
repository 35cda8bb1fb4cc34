// Where each episode's audio is, for the intro detector: the demo catalogue's files on this
// machine, or a running server's catalogue (its episodes list and their manifests).
import path from 'node:path';
import { z } from 'zod';
import { episodeSchema, masterManifestSchema } from '../../src/contract/schemas/schema.ts';
import { contentById, episodesOf, loadCatalogue } from '../media/catalogue.ts';
import { mediaRoot } from '../media/workspace.ts';

export interface EpisodeAudio {
  id: number;
  season: number;
  order: number;
  /** A file path or URL ffmpeg reads the episode's audio from. */
  input: string;
}

/** The demo content's episodes with media, from server/db/demo-catalogue.json and server/media. */
export async function localEpisodes(contentId: number): Promise<EpisodeAudio[]> {
  const content = contentById(await loadCatalogue(), contentId);
  // A voiced series' own manifest is its first voice-over's (as the seed lists it).
  const firstVariant = content.variants?.[0]?.key;
  return episodesOf(content).flatMap((ref) => {
    const media = ref.episode.media;
    if (!media) return [];
    const entry = media.master ?? (firstVariant ? `master-${firstVariant}.m3u8` : 'master.m3u8');
    return [{ id: ref.episode.id, season: ref.season, order: ref.episode.order, input: path.join(mediaRoot, media.dir, entry) }];
  });
}

/** The content's episodes as a server lists them, each read through its manifest's default source. */
export async function serverEpisodes(server: string, contentId: number): Promise<EpisodeAudio[]> {
  const episodes = z.array(episodeSchema).parse(await getJson(new URL(`/catalog-api/episodes?content-id=${contentId}`, server)));
  const found: EpisodeAudio[] = [];
  for (const episode of episodes) {
    const manifestUrl = new URL(episode.m3u8MasterFilePath, server);
    const manifest = masterManifestSchema.parse(await getJson(manifestUrl));
    const source = manifest.sources.find((candidate) => candidate.isDefault) ?? manifest.sources[0];
    if (!source) continue;
    found.push({ id: episode.id, season: episode.season.order, order: episode.order, input: new URL(source.link, manifestUrl).href });
  }
  return found;
}

async function getJson(url: URL): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url.href}: ${response.status} ${response.statusText}`);
  return response.json();
}
