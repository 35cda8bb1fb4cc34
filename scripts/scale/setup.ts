import { z } from 'zod';
import { call, expectJson } from './http.ts';
import type { Episode } from './traffic.ts';

const episodesSchema = z.array(z.object({ id: z.number().int(), contentId: z.number().int() }));

/** The demo catalogue's episodes (contents 1 to 7): what the viewers save their progress in. */
export async function demoEpisodes(base: string): Promise<Episode[]> {
  const episodes: Episode[] = [];
  for (let contentId = 1; contentId <= 7; contentId++) {
    const list = episodesSchema.parse(await expectJson('GET', `${base}/catalog-api/episodes?content-id=${contentId}`));
    episodes.push(...list.map((episode) => ({ contentId: episode.contentId, episodeId: episode.id })));
  }
  return episodes;
}

/**
 * Of the demo contents (1 to 7) and the first generated ones (from 1001), those the catalogue
 * answers: the mix reads only those, so a 404 is never its own doing.
 */
export async function knownContentIds(base: string): Promise<number[]> {
  const candidates = [...Array.from({ length: 7 }, (_, index) => index + 1), ...Array.from({ length: 80 }, (_, index) => 1001 + index)];
  const answers = await Promise.all(candidates.map((id) => call('GET', `${base}/catalog-api/contents/${id}`)));
  return candidates.filter((_, index) => answers[index]?.status === 200);
}

/** ClickHouse's HTTP endpoint for queries in the database CLICKHOUSE_URL names (its path). */
export function clickhouseQueryUrl(clickhouseUrl: string): string {
  const url = new URL(clickhouseUrl);
  const database = url.pathname.replace(/^\/+|\/+$/g, '') || 'default';
  url.pathname = '/';
  url.searchParams.set('database', database);
  return url.toString();
}
