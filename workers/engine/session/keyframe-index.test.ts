import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePlaylist } from '../hls/playlist-parser.ts';
import type { MasterPlaylist, MediaPlaylist } from '../hls/playlist-types.ts';
import { engineSupport, masterSupport } from '../hls/stream-type.ts';
import { KeyframeIndex, matchIFrameVariant } from './keyframe-index.ts';

// test/fixtures/iframe-fmp4 (make-fixture.ts): 4 s segments of two 2 s GOPs, an I-frame playlist.
const FIXTURE = path.resolve(import.meta.dirname, '../../../test/fixtures/iframe-fmp4');
const BASE = 'https://media.test/iframe-fmp4/';

async function parsed<T extends 'master' | 'media'>(name: string, kind: T): Promise<T extends 'master' ? MasterPlaylist : MediaPlaylist> {
  const result = parsePlaylist(await readFile(path.join(FIXTURE, name), 'utf8'), `${BASE}${name}`);
  if (!result.ok || result.value.kind !== kind) throw new Error(`${name} is not a ${kind} playlist`);
  return result.value as T extends 'master' ? MasterPlaylist : MediaPlaylist;
}

describe('I-frame playlists', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a master with EXT-X-I-FRAME-STREAM-INF is played, its I-frame variant kept apart from the levels', async () => {
    const master = await parsed('master.m3u8', 'master');
    expect(masterSupport(master)).toEqual({ supported: true });
    expect(master.variants.map((variant) => variant.uri)).toEqual([`${BASE}index.m3u8`]);
    expect(master.iFrameVariants).toMatchObject([{ uri: `${BASE}iframes.m3u8`, resolution: { width: 284, height: 160 }, codecs: ['avc1.42c015'] }]);
    expect(matchIFrameVariant(master.variants[0]!, master.iFrameVariants)?.uri).toBe(`${BASE}iframes.m3u8`);
  });

  it('reads EXT-X-I-FRAMES-ONLY and each entry\'s EXT-X-BYTERANGE; the media playlist has no byte ranges and is played', async () => {
    const iframes = await parsed('iframes.m3u8', 'media');
    expect(iframes.iFramesOnly).toBe(true);
    expect(iframes.segments.map((entry) => [entry.uri.slice(BASE.length), entry.start, entry.byteRange?.offset])).toEqual([
      ['seg-000.m4s', 0, 0], ['seg-000.m4s', 2, 18322], ['seg-001.m4s', 4, 0], ['seg-001.m4s', 6, 28301],
    ]);
    const media = await parsed('index.m3u8', 'media');
    expect(media.segments.every((segment) => segment.byteRange === undefined)).toBe(true);
    expect(engineSupport(media)).toEqual({ supported: true });
  });

  it('matches I-frame variants to levels by directory, else by resolution and video codec', () => {
    const variant = (uri: string, height: number, codec = 'avc1.64001f') => ({ uri, bandwidth: 1, codecs: [codec, 'mp4a.40.2'], resolution: { width: height * 16 / 9, height } });
    const iFrames = [variant('https://cdn/i/720.m3u8', 720, 'avc1.64001f'), variant('https://cdn/i/360.m3u8', 360, 'avc1.4d401e')];
    expect(matchIFrameVariant(variant('https://cdn/v/360.m3u8', 360, 'avc1.4d401e'), iFrames)?.uri).toBe('https://cdn/i/360.m3u8');
    expect(matchIFrameVariant(variant('https://cdn/v/480.m3u8', 480), iFrames)).toBeUndefined();
    expect(matchIFrameVariant(variant('https://cdn/i/x.m3u8', 480), [variant('https://cdn/i/iframes.m3u8', 1080)])?.uri).toBe('https://cdn/i/iframes.m3u8');
  });

  it('gives the Range from the keyframe at or before the target to the end of the segment, none in the first GOP', async () => {
    const requested: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      requested.push(String(input));
      return new Response(await readFile(path.join(FIXTURE, 'iframes.m3u8')), { status: 200 });
    });
    const master = await parsed('master.m3u8', 'master');
    const media = await parsed('index.m3u8', 'media');
    const index = new KeyframeIndex(master.variants, master.iFrameVariants, new AbortController().signal);
    const [first, second] = media.segments;
    expect(requested).toEqual([]);
    expect(await index.keyframe(0, second!, 7.9)).toEqual({ time: 6, byteRange: { offset: 28301, length: Number.POSITIVE_INFINITY } });
    expect(await index.keyframe(0, second!, 6)).toMatchObject({ time: 6, byteRange: { offset: 28301 } });
    expect(await index.keyframe(0, second!, 5.9)).toBeUndefined();
    expect(await index.keyframe(0, first!, 3)).toMatchObject({ time: 2, byteRange: { offset: 18322 } });
    // Read once, on first use.
    expect(requested).toEqual([`${BASE}iframes.m3u8`]);
  });
});
