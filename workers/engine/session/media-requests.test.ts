import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FetchFailure } from '../../../src/contract/net/request-engine.ts';
import { REQUEST_POLICIES } from '../../../src/contract/net/request-policies.ts';
import { fetchMedia, setMediaRequestFilters } from './media-requests.ts';

describe('fetchMedia: the engine worker\'s requests through the host\'s filters', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    setMediaRequestFilters([]);
  });

  it('signs every attempt with the filters of that moment, keeps the byte range, and a failure names the address asked for', async () => {
    const sent: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      sent.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
      return new Response('busy', { status: 503 });
    }) as typeof fetch;
    const filters = (token: string) => [
      { type: 'prefix', from: '/media/', to: '/media-signed/' },
      { type: 'query', params: { token } },
      { type: 'headers', headers: { 'X-Cdn': 'yes' } },
    ] as const;
    setMediaRequestFilters(filters('first'));
    const outcome = fetchMedia('https://cdn.example/media/seg.m4s', {
      kind: 'segment',
      signal: new AbortController().signal,
      fetchImpl,
      byteRange: { offset: 0, length: 10 },
      // The token rotates while the first attempt waits for its retry.
      onRetry: () => setMediaRequestFilters(filters('rotated')),
    }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    const failure = await outcome;
    expect(sent[0]).toEqual({ url: 'https://cdn.example/media-signed/seg.m4s?token=first', headers: { Range: 'bytes=0-9', 'X-Cdn': 'yes' } });
    expect(sent.slice(1).map((request) => request.url)).toEqual(Array(REQUEST_POLICIES.segment.maxAttempts - 1).fill('https://cdn.example/media-signed/seg.m4s?token=rotated'));
    expect(failure).toBeInstanceOf(FetchFailure);
    expect((failure as FetchFailure).url).toBe('https://cdn.example/media/seg.m4s');
  });
});
