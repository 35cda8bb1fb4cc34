import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { attributes, entryAt, floorMs, gopBytes, parseMasterPlaylist, parseMediaPlaylist, seekFloorBytes } from '../../bench/seek-floor.ts';

const MEDIA = fileURLToPath(new URL('../../server/media/films/', import.meta.url));

const MASTER = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",DEFAULT=NO,URI="audio-en/index.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Русский, основной",DEFAULT=YES,URI="audio-ru/index.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=1393646,CODECS="avc1.64001f,mp4a.40.2",AUDIO="aud"
v480/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=558760,CODECS="avc1.64001f,mp4a.40.2",AUDIO="aud"
v240/index.m3u8
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=79128,CODECS="avc1.64001f",URI="v240/iframes.m3u8"
`;

const IFRAMES = `#EXTM3U
#EXT-X-I-FRAMES-ONLY
#EXTINF:2.000,
#EXT-X-BYTERANGE:16633@0
seg-000.m4s
#EXTINF:2.000,
#EXT-X-BYTERANGE:19782@126852
seg-000.m4s
#EXTINF:2.000,
#EXT-X-BYTERANGE:18013
seg-001.m4s
`;

describe('playlists', () => {
  it('reads quoted attributes with commas in them', () => {
    expect(attributes('#EXT-X-MEDIA:TYPE=AUDIO,NAME="a, b",URI="x.m3u8"')).toEqual(new Map([['TYPE', 'AUDIO'], ['NAME', 'a, b'], ['URI', 'x.m3u8']]));
  });

  it('finds the variants, the I-frame playlists and the default audio', () => {
    const master = parseMasterPlaylist(MASTER);
    expect(master.variants).toEqual([{ uri: 'v480/index.m3u8', bandwidth: 1393646 }, { uri: 'v240/index.m3u8', bandwidth: 558760 }]);
    expect(master.iframes).toEqual([{ uri: 'v240/iframes.m3u8', bandwidth: 79128 }]);
    expect(master.audio).toBe('audio-ru/index.m3u8');
  });

  it('gives each entry its start time and byte range, an offset-less range continuing the same file', () => {
    const entries = parseMediaPlaylist(IFRAMES);
    expect(entries.map((entry) => [entry.start, entry.byteRange])).toEqual([
      [0, { length: 16633, offset: 0 }],
      [2, { length: 19782, offset: 126852 }],
      [4, { length: 18013, offset: 0 }],
    ]);
    expect(entryAt(entries, 3.9)?.start).toBe(2);
    expect(entryAt(entries, 99)?.start).toBe(4);
  });
});

describe('the least video for a frame at the target', () => {
  const entries = parseMediaPlaylist(IFRAMES);
  const sizes = (uri: string) => (uri === 'seg-000.m4s' ? 250_000 : 240_000);

  it('is the keyframe alone when the target is on it (within half a second)', () => {
    expect(gopBytes(entries, 2.4, sizes)).toBe(19782);
  });

  it('is the GOP up to the next keyframe of the file, or to its end', () => {
    expect(gopBytes(entries, 1, sizes)).toBe(126852);
    expect(gopBytes(entries, 3, sizes)).toBe(250_000 - 126852);
  });
});

describe('the floor of an unbuffered seek', () => {
  it('is one round trip plus the bytes at the link\'s rate, and the round trip alone unshaped', () => {
    expect(floorMs(250_000, { rttMs: 150, downKbps: 4000 })).toBe(650);
    expect(floorMs(250_000, { rttMs: 0, downKbps: null })).toBe(0);
  });

  it('takes film 1\'s smallest rendition\'s keyframe segment and the audio segment under 50 s', async () => {
    const size = (file: string) => statSync(`${MEDIA}1/${file}`).size;
    expect(await seekFloorBytes(`${MEDIA}1/master.m3u8`, 50)).toBe(size('v240/seg-012.ts') + size('audio-ru/seg-012.ts'));
  });

  it('takes only the keyframe from film 8\'s I-frame playlist when the target is on it', async () => {
    const keyframe = parseMediaPlaylist((await import('node:fs')).readFileSync(`${MEDIA}8/v240/iframes.m3u8`, 'utf8')).find((entry) => entry.start === 18)!;
    const audio = statSync(`${MEDIA}8/audio-ru/seg-004.m4s`).size;
    expect(await seekFloorBytes(`${MEDIA}8/master.m3u8`, 18)).toBe(keyframe.byteRange!.length + audio);
  });
});
