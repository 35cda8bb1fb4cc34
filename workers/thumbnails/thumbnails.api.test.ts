import { describe, expect, it, vi } from 'vitest';
import { createThumbnailsApi } from './thumbnails.api.ts';

const URL_JSON = 'https://cdn.example/media/films/1/thumbs/thumbs.json';
const URL_VTT = 'https://cdn.example/media/films/1/thumbs/thumbs.vtt';
const SPRITE = 'https://cdn.example/media/films/1/thumbs/sprite.jpg';
const JSON_BODY = '{"url":"sprite.jpg","tileWidth":160,"tileHeight":90,"tiles":[{"x":0,"y":0,"startTime":0},{"x":160,"y":0,"startTime":5}]}';
const VTT_BODY = 'WEBVTT\n\n00:00.000 --> 00:05.000\nsprite.jpg#xywh=0,0,160,90\n';

type Reply = { body: string; status?: number; type?: string; finalUrl?: string } | Error;

/** A fake network: each URL answers with a body, a status or a thrown error; calls are recorded. */
function fakeFetch(replies: Record<string, Reply>) {
  return vi.fn<typeof fetch>(async (input) => {
    const reply = replies[String(input)] ?? { body: 'not found', status: 404 };
    if (reply instanceof Error) throw reply;
    const response = new Response(reply.body, { status: reply.status ?? 200, headers: { 'content-type': reply.type ?? 'text/plain' } });
    if (reply.finalUrl) Object.defineProperty(response, 'url', { value: reply.finalUrl });
    return response;
  });
}

/** Settles `pending` while running the fake clock's timers (a retry's wait) as they come due. */
async function withTimersRun<T>(pending: Promise<T>): Promise<T> {
  let settled = false;
  void pending.finally(() => (settled = true));
  while (!settled) await vi.runAllTimersAsync();
  return pending;
}

describe('createThumbnailsApi', () => {
  it('fetches, parses and closes JSON with the duration', async () => {
    const api = createThumbnailsApi(fakeFetch({ [URL_JSON]: { body: JSON_BODY, type: 'application/json' } }));
    expect(await api.load(URL_JSON, 12)).toStrictEqual({
      ok: true,
      value: [
        { url: SPRITE, startTime: 0, endTime: 5, width: 160, height: 90, coords: { x: 0, y: 0 } },
        { url: SPRITE, startTime: 5, endTime: 12, width: 160, height: 90, coords: { x: 160, y: 0 } },
      ],
    });
  });

  it('a second load of one URL does not fetch, and each caller gets its own duration', async () => {
    const fetchImpl = fakeFetch({ [URL_JSON]: { body: JSON_BODY } });
    const api = createThumbnailsApi(fetchImpl);
    const first = await api.load(URL_JSON, 12);
    const second = await api.load(URL_JSON, 30);
    const third = await api.load(URL_JSON);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const lastEnd = (result: typeof first): number | undefined => (result.ok ? result.value.at(-1)?.endTime : undefined);
    expect([lastEnd(first), lastEnd(second), lastEnd(third)]).toStrictEqual([12, 30, Infinity]);
  });

  it('two concurrent loads of one URL fetch once', async () => {
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inner = fakeFetch({ [URL_VTT]: { body: VTT_BODY, type: 'text/vtt' } });
    const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
      await gate;
      return inner(input, init);
    });
    const api = createThumbnailsApi(fetchImpl);
    const both = Promise.all([api.load(URL_VTT), api.load(URL_VTT)]);
    release();
    const [a, b] = await both;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(a).toStrictEqual(b);
    expect(a.ok && a.value).toStrictEqual([{ url: SPRITE, startTime: 0, endTime: 5, width: 160, height: 90, coords: { x: 0, y: 0 } }]);
  });

  it('resolves images against the final URL after a redirect', async () => {
    const finalUrl = 'https://edge.example/v2/thumbs.vtt';
    const api = createThumbnailsApi(fakeFetch({ [URL_VTT]: { body: VTT_BODY, finalUrl } }));
    const result = await api.load(URL_VTT);
    expect(result.ok && result.value[0]?.url).toBe('https://edge.example/v2/sprite.jpg');
  });

  // Attempts per load, from the 'thumbnails' request policy: a 404 is final, a 500 or a dropped
  // connection gets one more try about 2 s later.
  it.each<[string, Reply, object, number]>([
    ['404', { body: 'nope', status: 404 }, { category: 'network', code: 4, severity: 'recoverable', detail: { url: URL_JSON, status: 404 } }, 1],
    ['500', { body: '[]', status: 500 }, { category: 'network', code: 4, detail: { url: URL_JSON, status: 500 } }, 2],
    ['a network failure', new TypeError('fetch failed'), { category: 'network', code: 4, message: expect.stringContaining('fetch failed'), detail: { url: URL_JSON, status: null } }, 2],
    ['garbage', { body: '<html>oops</html>', type: 'text/html' }, { category: 'thumbnails', code: 4, severity: 'recoverable', detail: { url: URL_JSON } }, 1],
    ['invalid JSON', { body: '[{"url":', type: 'application/json' }, { category: 'thumbnails', code: 4, message: expect.stringContaining('Invalid thumbnail JSON') }, 1],
  ])('%s is an error Result, not cached', async (_name, reply, error, attempts) => {
    // The retry's wait runs on a fake clock: the test asserts the attempts, not the 2 s.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetchImpl = fakeFetch({ [URL_JSON]: reply });
      const api = createThumbnailsApi(fetchImpl);
      expect(await withTimersRun(api.load(URL_JSON))).toMatchObject({ ok: false, error });
      expect(await withTimersRun(api.load(URL_JSON))).toMatchObject({ ok: false, error });
      expect(fetchImpl).toHaveBeenCalledTimes(2 * attempts);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a relative URL with no location to resolve against is an error without a fetch', async () => {
    const fetchImpl = fakeFetch({});
    const result = await createThumbnailsApi(fetchImpl).load('thumbs/thumbs.vtt');
    expect(result).toMatchObject({ ok: false, error: { category: 'thumbnails', code: 4, detail: { url: 'thumbs/thumbs.vtt' } } });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
