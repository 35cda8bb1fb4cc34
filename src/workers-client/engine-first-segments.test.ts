import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstSegmentsTable } from '../contract/catalogue/first-segments-table.ts';

// The entry starts the first segments from the server's table: the level the engine will start
// at for the player's size, its init segment, and the default audio's, and nothing when unsure.

const BASE = 'https://player.example/catalog-api/media/film';
const table: FirstSegmentsTable = {
  src: `${BASE}/master.m3u8`,
  levels: [
    { bitrate: 400_000, width: 426, height: 240, codecs: 'avc1.42c015', init: { url: `${BASE}/240/init.mp4` }, segment: { url: `${BASE}/240/0.m4s` } },
    { bitrate: 1_200_000, width: 854, height: 480, codecs: 'avc1.4d401e', init: { url: `${BASE}/480/init.mp4` }, segment: { url: `${BASE}/480/all.m4s`, byteRange: { offset: 0, length: 5000 } } },
    { bitrate: 5_000_000, width: 1920, height: 1080, codecs: 'avc1.640028', segment: { url: `${BASE}/1080/0.m4s` } },
  ],
  audio: [{ label: 'Дубляж', language: 'ru' }, { label: 'Original', language: 'en' }],
  defaultAudio: 0,
  audioInit: { url: `${BASE}/ru/init.mp4` },
  audioSegment: { url: `${BASE}/ru/0.m4s` },
};

let requests: Array<{ url: string; range: string | undefined }>;

beforeEach(() => {
  vi.resetModules();
  requests = [];
  vi.stubGlobal('devicePixelRatio', 1);
  // A fast link remembered from an earlier session: the player's size decides the level.
  vi.stubGlobal('localStorage', { getItem: () => '20000000' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, range: (init.headers as Record<string, string>).Range });
    return new Response(new Uint8Array(8), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A player of this CSS size. */
const videoOf = (width: number, height: number) => ({ getBoundingClientRect: () => ({ width, height }) }) as HTMLVideoElement;

async function prefetch(options: { width?: number; height?: number; resumes?: boolean; audioTrack?: number } = {}) {
  const module = await import('./engine-first-segments.ts');
  module.prefetchFirstSegments({
    table,
    video: videoOf(options.width ?? 640, options.height ?? 360),
    resumes: () => options.resumes ?? false,
    audioTrack: () => options.audioTrack,
  });
  return module;
}

describe('prefetchFirstSegments', () => {
  it('fetches the first segment of the level the engine starts at, its init segment first, and the default audio\'s', async () => {
    const module = await prefetch();
    expect(requests).toEqual([
      { url: `${BASE}/480/init.mp4`, range: undefined },
      { url: `${BASE}/480/all.m4s`, range: 'bytes=0-4999' },
      { url: `${BASE}/ru/init.mp4`, range: undefined },
      { url: `${BASE}/ru/0.m4s`, range: undefined },
    ]);
    const taken = module.takeFirstSegments(table.src);
    expect(taken?.map((media) => media.url)).toEqual(requests.map((request) => request.url));
    // Once: the engine asked, nothing is fetched ahead any more.
    expect(module.takeFirstSegments(table.src)).toBeUndefined();
  });

  it('caps the level to the player\'s size, as the engine does, and starts low with nothing remembered', async () => {
    await prefetch({ width: 300, height: 170 });
    expect(requests[1]?.url).toBe(`${BASE}/240/0.m4s`);
    vi.resetModules();
    requests = [];
    vi.stubGlobal('localStorage', { getItem: () => null });
    await prefetch({ width: 1920, height: 1080 });
    expect(requests[1]?.url).toBe(`${BASE}/240/0.m4s`);
  });

  it('leaves the audio to the engine when another track is chosen at once', async () => {
    await prefetch({ audioTrack: 1 });
    expect(requests.map((request) => request.url)).toEqual([`${BASE}/480/init.mp4`, `${BASE}/480/all.m4s`]);
  });

  it('fetches nothing for a source with a saved time, or once the engine has started', async () => {
    await prefetch({ resumes: true });
    expect(requests).toEqual([]);
    const module = await import('./engine-first-segments.ts');
    module.takeFirstSegments(table.src);
    module.prefetchFirstSegments({ table, video: videoOf(640, 360), resumes: () => false, audioTrack: () => undefined });
    expect(requests).toEqual([]);
  });

  it('cancels what it fetched when the engine opens another source', async () => {
    const module = await prefetch();
    expect(module.takeFirstSegments(`${BASE}/other.m3u8`)).toBeUndefined();
  });
});
