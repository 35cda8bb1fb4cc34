// Reads server/db/demo-catalogue.json, the contract for ids, titles, folders
// and durations. Only the fields the media script needs are validated.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { cataloguePath } from './workspace.ts';

const Media = z.object({
  dir: z.string().regex(/^[a-z0-9/]+$/, 'media.dir must be a plain relative folder'),
  master: z.string().optional(),
  subtitles: z.array(z.string()).optional(),
});

const Episode = z.object({
  id: z.number().int(),
  order: z.number().int(),
  title: z.string(),
  duration: z.number().positive(),
  /** The opening titles (seconds from the start): the series' shared opening is placed there. */
  intro: z.object({ start: z.number().nonnegative(), end: z.number().positive() }).optional(),
  /** Where the closing credits start: the credits card runs from there to the end. */
  creditsStart: z.number().positive().optional(),
  media: Media.nullable(),
});

const Content = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(['movie', 'series']),
  year: z.number().int(),
  seasons: z.array(z.object({ id: z.number().int(), order: z.number().int(), episodes: z.array(Episode) })),
  variants: z.array(z.object({ key: z.string(), title: z.string() })).optional(),
});

const Ad = z.object({
  creativeId: z.string(),
  title: z.string(),
  file: z.string().regex(/^ads\/[\w-]+\.mp4$/),
  duration: z.number().positive(),
});

const Catalogue = z.object({ contents: z.array(Content), ads: z.array(Ad) });

export type Catalogue = z.infer<typeof Catalogue>;
export type Content = z.infer<typeof Content>;
export type Episode = z.infer<typeof Episode>;
export type Ad = z.infer<typeof Ad>;

/** An episode together with where it sits (season order) and its content. */
export interface EpisodeRef {
  content: Content;
  season: number;
  episode: Episode;
}

export async function loadCatalogue(): Promise<Catalogue> {
  const json: unknown = JSON.parse(await readFile(cataloguePath, 'utf8'));
  return Catalogue.parse(json);
}

export function contentById(cat: Catalogue, id: number): Content {
  const content = cat.contents.find((c) => c.id === id);
  if (!content) throw new Error(`content ${id} missing from demo-catalogue.json`);
  return content;
}

export function episodesOf(content: Content): EpisodeRef[] {
  return content.seasons.flatMap((s) => s.episodes.map((episode) => ({ content, season: s.order, episode })));
}

/** The single episode of a film, which must have media. */
export function filmEpisode(cat: Catalogue, id: number): EpisodeRef & { dir: string } {
  const [ref] = episodesOf(contentById(cat, id));
  if (!ref?.episode.media) throw new Error(`content ${id} has no media in demo-catalogue.json`);
  return { ...ref, dir: ref.episode.media.dir };
}

/** «Сезон 1, серия 2»: how the player labels an episode. */
export function episodeLabel(ref: EpisodeRef): string {
  return `Сезон ${ref.season}, серия ${ref.episode.order}`;
}
