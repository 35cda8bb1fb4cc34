import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngineApi, type EngineApi } from './engine.api.ts';
import type { SinkCommand, SinkReply } from './engine-protocol.ts';

// The fragmented-MP4 demo film as a CDN that answers only signed addresses (/signed/…?token=…).
const MEDIA_ROOT = path.resolve(import.meta.dirname, '../../server/media');
const ORIGIN = 'https://media.test';

function signedCdn(validTokens: string[]) {
  const requests: string[] = [];
  const impl = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input));
    requests.push(url.href.slice(ORIGIN.length));
    if (!url.pathname.startsWith('/signed/') || !validTokens.includes(url.searchParams.get('token') ?? '')) return new Response('forbidden', { status: 403 });
    return new Response(new Uint8Array(await readFile(path.join(MEDIA_ROOT, url.pathname.slice('/signed'.length)))), { status: 200 });
  };
  return { requests, impl };
}

/** The main thread's MediaSource as the worker sees it where it cannot build one itself: accepts everything. */
const acceptingSink = async (_command: SinkCommand): Promise<SinkReply> => ({ ranges: [] });

/** Reading files and transmuxing take a while on a busy machine. */
const PATIENT = { timeout: 15_000 };

describe('the engine worker\'s API: request filters', { timeout: 60_000 }, () => {
  let api: EngineApi | undefined;
  afterEach(() => {
    api?.destroy();
    vi.unstubAllGlobals();
  });

  it('signs every request of the session with the filters handed over before open, and a new token from then on', async () => {
    const cdn = signedCdn(['t1', 't2']);
    vi.stubGlobal('fetch', cdn.impl);
    api = createEngineApi();
    api.setRequestFilters([
      { type: 'prefix', from: '/films/', to: '/signed/films/' },
      { type: 'query', params: { token: 't1' } },
    ]);
    const errors: unknown[] = [];
    api.open(
      { url: `${ORIGIN}/films/6/master.m3u8`, startTime: 0, maxWidth: 1280, maxHeight: 720, rememberedBandwidthBps: undefined },
      (report) => report.type === 'error' && errors.push(report),
      acceptingSink,
    );
    await expect.poll(() => cdn.requests.filter((request) => request.includes('seg-')).length, PATIENT).toBeGreaterThan(0);
    expect(cdn.requests.slice(0, 3)).toEqual([
      '/signed/films/6/master.m3u8?token=t1',
      '/signed/films/6/v360/index.m3u8?token=t1',
      '/signed/films/6/v360/init.mp4?token=t1',
    ]);
    expect(cdn.requests.every((request) => request.endsWith('?token=t1'))).toBe(true);

    // The token rotates while the film plays: the next requests carry the new one.
    api.setRequestFilters([
      { type: 'prefix', from: '/films/', to: '/signed/films/' },
      { type: 'query', params: { token: 't2' } },
    ]);
    const before = cdn.requests.length;
    api.update({ currentTime: 30, seeking: false, paused: false });
    api.seek(30);
    await expect.poll(() => cdn.requests.length, PATIENT).toBeGreaterThan(before);
    expect(cdn.requests.slice(before).every((request) => request.endsWith('?token=t2'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
