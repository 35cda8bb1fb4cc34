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

/** The content ids the catalogue answers among the first `upTo`: the mix reads only those, so a 404 is never its own doing. */
export async function knownContentIds(base: string, upTo: number): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: upTo }, (_, index) => call('GET', `${base}/catalog-api/contents/${index + 1}`)));
  return answers.flatMap((answer, index) => (answer.status === 200 ? [index + 1] : []));
}

/** ClickHouse's HTTP endpoint for queries in the database CLICKHOUSE_URL names (its path). */
export function clickhouseQueryUrl(clickhouseUrl: string): string {
  const url = new URL(clickhouseUrl);
  const database = url.pathname.replace(/^\/+|\/+$/g, '') || 'default';
  url.pathname = '/';
  url.searchParams.set('database', database);
  return url.toString();
}
