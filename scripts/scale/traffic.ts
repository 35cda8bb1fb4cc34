import { performance } from 'node:perf_hooks';
import { viewBatch } from './analytics-events.ts';
import { bearer, call, type Answer } from './http.ts';
import type { Ledger, Method, ProgressKey } from './ledger.ts';

export interface Episode {
  contentId: number;
  episodeId: number;
}

export interface TrafficViewer {
  userId: number;
  token: string;
}

/** The calls of the mix, with their share of a client's calls. */
export const ROUTES = [
  { name: 'embed', weight: 25 },
  { name: 'content', weight: 30 },
  { name: 'search', weight: 15 },
  { name: 'progress', weight: 20 },
  { name: 'collect', weight: 10 },
] as const;
export type RouteName = (typeof ROUTES)[number]['name'];

const TOTAL_WEIGHT = ROUTES.reduce((sum, route) => sum + route.weight, 0);
const SEARCHES = ['любовь', 'город', 'маяк', 'дорога', 'сад', 'масква', 'плёнка', 'тихая гавань'];

function pick(random: () => number): RouteName {
  let roll = random() * TOTAL_WEIGHT;
  for (const route of ROUTES) {
    roll -= route.weight;
    if (roll < 0) return route.name;
  }
  return 'content';
}

export interface TrafficOptions {
  base: string;
  clients: number;
  /** Clients stop calling once it returns true (checked before each call). */
  done: () => boolean;
  /** The catalogue's contents the reads pick from. */
  contentIds: readonly number[];
  viewers: readonly TrafficViewer[];
  episodes: readonly Episode[];
  ledger: Ledger;
  random: () => number;
  /** The next position per "user/episode": kept across phases, so a later write never goes back. */
  sequences: Map<string, number>;
}

/**
 * `clients` concurrent clients, each calling one after the other until the time is up: a bounded
 * load, as many calls in flight as clients. Client c writes the progress of viewer c mod K and of
 * its own share of the episodes, so no two clients write the same viewer's same episode and each
 * pair's positions rise with every write.
 */
export async function runTraffic(options: TrafficOptions): Promise<void> {
  const { viewers, episodes, clients } = options;
  const slots = Math.ceil(clients / viewers.length);
  if (slots > episodes.length) throw new Error(`${clients} clients over ${viewers.length} viewers need at least ${slots} episodes, not ${episodes.length}`);
  const client = async (index: number) => {
    const viewer = viewers[index % viewers.length];
    if (!viewer) throw new Error('no viewers');
    const slot = Math.floor(index / viewers.length);
    const own = episodes.filter((_, episodeIndex) => episodeIndex % slots === slot);
    while (!options.done()) await oneCall(options, pick(options.random), viewer, own);
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
}

async function timed(ledger: Ledger, route: RouteName, method: Method, send: () => Promise<Answer>): Promise<Answer> {
  const startedAt = performance.now();
  const writes = method !== 'GET';
  if (writes) ledger.postsInFlight++;
  try {
    const answer = await send();
    ledger.record({ route, method, startedAt, endedAt: performance.now(), status: answer.status, ...(answer.servedBy ? { servedBy: answer.servedBy } : {}) }, answer.error);
    return answer;
  } finally {
    if (writes) ledger.postsInFlight--;
  }
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

async function oneCall(options: TrafficOptions, route: RouteName, viewer: TrafficViewer, own: readonly Episode[]): Promise<void> {
  const { base, ledger, random } = options;
  const contentId = options.contentIds[Math.floor(random() * options.contentIds.length)] ?? 1;
  switch (route) {
    case 'embed':
      await timed(ledger, route, 'GET', () => call('GET', `${base}/embed?movie_id=${1 + Math.floor(random() * 7)}`));
      return;
    case 'content':
      await timed(ledger, route, 'GET', () => call('GET', `${base}/catalog-api/contents/${contentId}`));
      return;
    case 'search': {
      const query = SEARCHES[Math.floor(random() * SEARCHES.length)] ?? 'город';
      await timed(ledger, route, 'POST', () => call('POST', `${base}/catalog-api/v2/contents/search`, { json: { query } }));
      return;
    }
    case 'progress': {
      const episode = own[Math.floor(random() * own.length)];
      if (!episode) return;
      const key: ProgressKey = { token: viewer.token, userId: viewer.userId, ...episode };
      const id = `${viewer.userId}/${episode.episodeId}`;
      const position = (options.sequences.get(id) ?? 0) + 1;
      options.sequences.set(id, position);
      const answer = await timed(ledger, route, 'POST', () => call('POST', `${base}/catalog-api/contents/${episode.contentId}/episodes/${episode.episodeId}/time-progress`, {
        json: { time: position }, headers: bearer(viewer.token),
      }));
      if (ok(answer)) ledger.acknowledgeProgress(key, position);
      return;
    }
    case 'collect': {
      const batch = viewBatch(random, Date.now());
      const answer = await timed(ledger, route, 'POST', () => call('POST', `${base}/collect`, { json: batch }));
      if (ok(answer)) ledger.acknowledgeBatch(batch);
      else ledger.unacknowledgedBatches.push(batch);
      return;
    }
  }
}
