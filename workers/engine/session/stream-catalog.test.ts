import { afterEach, describe, expect, it, vi } from 'vitest';
import { givePlaylists, StreamCatalog } from './stream-catalog.ts';

const MASTER = 'https://player.example/catalog-api/media/films/1/master.m3u8';
const LEVEL = 'https://player.example/catalog-api/media/films/1/v240/index.m3u8';
const MASTER_TEXT = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=426x240\nv240/index.m3u8\n';
const LEVEL_TEXT = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:4,\nseg-000.ts\n#EXT-X-ENDLIST\n';

function recordingFetch() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(url === MASTER ? MASTER_TEXT : LEVEL_TEXT, { status: 200 });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  givePlaylists(undefined);
});

describe('StreamCatalog with playlists handed over (the embed document\'s boot data)', () => {
  it('reads each given playlist once instead of fetching it; later reads fetch', async () => {
    const calls = recordingFetch();
    givePlaylists({ [MASTER]: MASTER_TEXT, [LEVEL]: LEVEL_TEXT });
    const signal = new AbortController().signal;
    const catalog = await StreamCatalog.open(MASTER, signal);
    expect(catalog.levels).toHaveLength(1);
    expect((await catalog.mediaPlaylist(LEVEL, signal)).segments).toHaveLength(1);
    expect(calls).toEqual([]);
    // Opened again (another load of the same stream): the network.
    await StreamCatalog.open(MASTER, signal);
    expect(calls).toEqual([MASTER]);
  });

  it('fetches what was not given, and forgets what an earlier source was given', async () => {
    const calls = recordingFetch();
    givePlaylists({ [MASTER]: MASTER_TEXT });
    givePlaylists(undefined);
    const signal = new AbortController().signal;
    const catalog = await StreamCatalog.open(MASTER, signal);
    await catalog.mediaPlaylist(LEVEL, signal);
    expect(calls).toEqual([MASTER, LEVEL]);
  });
});
