import { describe, expect, it } from 'vitest';
import type { CatalogueClient } from '../../api/catalogue-client.ts';
import { RequestError } from '../../api/request-error.ts';
import { episode, season, seriesContent } from '../../../test/fakes/catalogue-fixtures.ts';
import { loadContent } from './load-content.ts';

function fakeClient(available: boolean, calls: string[] = []) {
  const started: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // Every call waits for the gate, so the test sees which calls were in flight together.
  const call = async <T>(name: string, value: T): Promise<T> => {
    started.push(name);
    calls.push(name);
    await gate;
    return value;
  };
  const client: CatalogueClient = {
    content: () => call('content', seriesContent()),
    seasons: () => call('seasons', [season(22, 2), season(21, 1)]),
    episodes: () => call('episodes', [episode(204, 2, 1), episode(201, 1, 1)]),
    availability: (_id, domain) => call(`availability ${domain}`, { available }),
    timeProgress: () => Promise.reject(new Error('not used')),
    manifest: () => Promise.reject(new Error('not used')),
    absoluteUrl: (link) => link,
    requests: { request: () => Promise.reject(new Error('not used')) },
  };
  return { client, started, release };
}

describe('loadContent (SPEC.md section 4)', () => {
  it('asks for details, seasons, episodes and availability at once and orders what comes back', async () => {
    const { client, started, release } = fakeClient(false);
    const loading = loadContent(client, 2, { checkAvailability: true, domain: 'https://host.example/' }, new AbortController().signal);
    await Promise.resolve();
    expect(started).toEqual(['content', 'seasons', 'episodes', 'availability https://host.example/']);
    release();
    const loaded = await loading;
    expect(loaded.episodes.map((item) => item.id)).toEqual([201, 204]);
    expect(loaded.seasons.map((item) => item.order)).toEqual([1, 2]);
    expect(loaded.available).toBe(false);
  });

  it('skips the availability call with disable_checking_available and counts the content as available', async () => {
    const { client, started, release } = fakeClient(false);
    release();
    const loaded = await loadContent(client, 2, { checkAvailability: false, domain: '' }, new AbortController().signal);
    expect(started).not.toContainEqual(expect.stringMatching(/^availability/));
    expect(loaded.available).toBe(true);
  });

  it('treats a content without episodes as not found', async () => {
    const { client, release } = fakeClient(true);
    release();
    const empty = { ...client, episodes: async () => [] };
    const failure = await loadContent(empty, 2, { checkAvailability: true, domain: '' }, new AbortController().signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({ status: 404 });
  });
});
