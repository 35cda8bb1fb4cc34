/**
 * The playlists hls.js keeps inline in tests/unit/loader/m3u8-parser.ts, extracted into
 * ../shared/corpora/hls.js (see its README, "(b) HLS"). Every one must parse to a playlist or a
 * clean error Result; the assertions listed in the README are ported. hls.js byte ranges have an
 * exclusive end offset: its `[start, end)` is our `{ offset: start, length: end - start }`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePlaylist } from './playlist-parser.ts';
import type { MasterPlaylist, MediaPlaylist, MediaSegment } from './playlist-types.ts';

const DIR = new URL('../../../../shared/corpora/hls.js/tests/unit/loader/m3u8-parser.extracted/', import.meta.url);
const exists = existsSync(DIR);
const DUMMY = 'http://dummy.com/playlist.m3u8';

interface IndexEntry { file: string; test_title: string; kind: 'master' | 'media' }
const index: IndexEntry[] = exists ? (JSON.parse(readFileSync(new URL('index.json', DIR), 'utf8')) as IndexEntry[]) : [];

/** Where our result differs from the `kind` index.json records, and why. */
const KIND_EXCEPTIONS: Record<string, 'error' | 'master'> = {
  '001': 'error', // `#EXTM3U#EXTXSTREAMINF:…` on line 1: no #EXTM3U line; hls.js fails it too ('no levels found')
  '033': 'master', // EXT-X-MEDIA only: upstream feeds it to parseMasterPlaylistMedia; a multivariant tag for us
};

function file(number: string): string {
  const entry = index.find((item) => item.file.startsWith(`${number}-`));
  if (!entry) throw new Error(`no hls.js playlist ${number}`);
  return readFileSync(new URL(entry.file, DIR), 'utf8');
}

function media(number: string, base = DUMMY): MediaPlaylist {
  const result = parsePlaylist(file(number), base);
  if (!result.ok || result.value.kind !== 'media') throw new Error(`${number} is not a media playlist`);
  return result.value;
}

function master(number: string, base = DUMMY): MasterPlaylist {
  const result = parsePlaylist(file(number), base);
  if (!result.ok || result.value.kind !== 'master') throw new Error(`${number} is not a multivariant playlist`);
  return result.value;
}

/** hls.js `[start, end)`. */
const span = (start: number, end: number) => ({ offset: start, length: end - start });
const ranges = (segments: MediaSegment[]) => segments.map((segment) => segment.byteRange);
const dates = (segments: MediaSegment[]) => segments.map((segment) => segment.programDateTime);
const iso = (time: number | undefined) => (time === undefined ? undefined : new Date(time).toISOString());

const SUITE = exists ? 'parsePlaylist on the hls.js playlists' : 'parsePlaylist on the hls.js playlists — SKIPPED: ../shared/corpora is missing';

describe.skipIf(!exists)(SUITE, () => {
  it('has the 89 extracted playlists', () => {
    expect(index).toHaveLength(89);
  });

  for (const entry of index) {
    it(`${entry.file}: parses to a ${KIND_EXCEPTIONS[entry.file.slice(0, 3)] ?? entry.kind} without throwing`, () => {
      const text = readFileSync(new URL(entry.file, DIR), 'utf8');
      let result: ReturnType<typeof parsePlaylist> | undefined;
      expect(() => (result = parsePlaylist(text, DUMMY))).not.toThrow();
      const want = KIND_EXCEPTIONS[entry.file.slice(0, 3)] ?? entry.kind;
      if (want === 'error') {
        expect(result).toMatchObject({ ok: false, error: { category: 'manifest', code: 4, severity: 'fatal' } });
      } else {
        expect(result).toMatchObject({ ok: true, value: { kind: want } });
      }
    });
  }

  it('015/016: a decimal TARGETDURATION is kept as written (hls.js rounds down to 2 and raises 0.5 to 1)', () => {
    expect(media('015').targetDuration).toBe(2.5);
    expect(media('016').targetDuration).toBe(0.5);
  });

  it.each(['025', '026'])('%s: EXT-X-BYTERANGE before or after EXTINF applies to the next URI', (number) => {
    const { segments } = media(number);
    expect(segments).toHaveLength(10);
    expect(segments[0]?.uri).toBe('http://dummy.com/lo007ts');
    expect(segments[0]?.byteRange).toEqual(span(803136, 943196));
    expect(segments[1]?.byteRange).toEqual(span(943196, 1039452));
    expect(segments[9]?.uri).toBe('http://dummy.com/lo008ts');
    expect(segments[9]?.byteRange).toEqual(span(684508, 817988));
  });

  it('027: EXT-X-BYTERANGE before EXT-X-MAP belongs to the segment, the MAP has its own', () => {
    const { segments } = media('027');
    expect(segments).toHaveLength(3);
    expect(segments[0]?.init).toEqual({ uri: 'http://dummy.com/initsegment.m4v', byteRange: span(0, 24000) });
    expect(segments.map((segment) => segment.uri)).toEqual(Array(3).fill('http://dummy.com/lo007.m4v'));
    expect(ranges(segments)).toEqual([span(24000, 34000), span(34000, 64000), span(64000, 104000)]);
  });

  it('028: EXT-X-BYTERANGE without an offset continues after the previous range', () => {
    expect(ranges(media('028').segments)).toEqual([span(803136, 943196), span(943196, 1039452), span(1039452, 1182520)]);
  });

  it('029: a DISCONTINUITY moves the continuity counter from 0 to 1', () => {
    const playlist = media('029', 'http://video.example.com/disc.m3u8');
    expect(playlist.segments).toHaveLength(5);
    expect(playlist.totalDuration).toBe(45);
    expect(playlist.segments.map((segment) => segment.discontinuitySequence)).toEqual([0, 0, 0, 1, 1]);
    expect(playlist.segments.map((segment) => segment.discontinuity)).toEqual([false, false, false, true, false]);
  });

  it('030: EXT-X-DISCONTINUITY-SEQUENCE 20 makes the counter go 20 → 21', () => {
    const playlist = media('030', 'http://video.example.com/disc.m3u8');
    expect(playlist.totalDuration).toBe(45);
    expect(playlist.segments.map((segment) => segment.discontinuitySequence)).toEqual([20, 20, 20, 21, 21]);
  });

  it('031: EXT-X-DISCONTINUITY-SEQUENCE after a segment still numbers every segment', () => {
    expect(media('031').segments.map((segment) => segment.discontinuitySequence)).toEqual([3, 3, 3]);
  });

  it('033: one audio rendition with its attributes and an absolute URI', () => {
    const { renditions } = master('033', 'https://hls.ted.com/');
    expect(renditions).toEqual([
      expect.objectContaining({
        type: 'AUDIO', groupId: '600k', language: 'eng', name: 'Audio', isDefault: true, autoselect: true, forced: false,
        uri: 'https://hls.ted.com/videos/ZakEbrahim_2014/audio/600k.m3u8?qr=true&preroll=Blank',
      }),
    ]);
  });

  it('039: EXT-X-MAP with BYTERANGE 718@0 is the init segment [0, 718)', () => {
    const base = 'http://proxy-62.dailymotion.com/sec(3ae40f708f79ca9471f52b86da76a3a8)/video/107/282/158282701_mp4_h264_aac_hq.m3u8#cell=core';
    const [segment] = media('039', base).segments;
    expect(segment?.init).toEqual({
      uri: 'http://proxy-62.dailymotion.com/sec(3ae40f708f79ca9471f52b86da76a3a8)/video/107/282/main.mp4',
      byteRange: span(0, 718),
    });
    expect(segment?.byteRange).toEqual(span(718, 718 + 1543597));
  });

  it('040: each EXT-X-MAP applies to the segments after it', () => {
    const { segments } = media('040', 'http://video.example.com/disc.m3u8');
    expect(segments.map((segment) => segment.init?.uri)).toEqual(['http://video.example.com/main.mp4', 'http://video.example.com/alt.mp4']);
    expect(segments.map((segment) => segment.init?.byteRange)).toEqual([undefined, undefined]);
  });

  it.each(['036', '041'])('%s: PROGRAM-DATE-TIME between EXTINF and the URI dates that segment', (number) => {
    const playlist = media(number, 'http://video.example.com/disc.m3u8');
    expect(playlist.hasProgramDateTime).toBe(true);
    expect(playlist.totalDuration).toBe(30);
    expect(playlist.segments[0]?.uri).toBe('http://video.example.com/Rollover38803/20160525T064049-01-69844067.ts');
    expect(dates(playlist.segments)).toEqual([1464366884000, 1464366894000, 1464366904000]);
  });

  it('037: a PROGRAM-DATE-TIME after the last segment dates the end of the list', () => {
    const { segments, hasProgramDateTime } = media('037', 'http://video.example.com/disc.m3u8');
    expect(hasProgramDateTime).toBe(true);
    expect(segments).toHaveLength(7); // hls.js also holds 17 null entries for the skipped segments
    expect(segments.map((segment) => segment.sequence)).toEqual([17, 18, 19, 20, 21, 22, 23]);
    expect(segments.slice(4).map((segment) => iso(segment.programDateTime))).toEqual([
      '2026-05-11T19:03:08.000Z', '2026-05-11T19:03:14.000Z', '2026-05-11T19:03:20.000Z',
    ]);
  });

  it('042: segments before the first PROGRAM-DATE-TIME are back-filled', () => {
    expect(dates(media('042').segments)).toEqual([1464366884000, 1464366894000, 1464366904000]);
  });

  it('043: segments after a PROGRAM-DATE-TIME are extrapolated forward', () => {
    expect(dates(media('043').segments)).toEqual([1464366904000, 1464366914000, 1464366924000]);
  });

  it('044: each new PROGRAM-DATE-TIME restarts the extrapolation', () => {
    expect(dates(media('044').segments)).toEqual([
      1464366904000, 1464366914000, 1495902904000, 1495902914000, 1432726923000, 1432726933000,
    ]);
  });

  it('045: a PROGRAM-DATE-TIME before an EXT-X-MAP still dates the next segment', () => {
    expect(dates(media('045').segments)).toEqual([1464366904000, 1464366914000]);
  });

  it('046: a bad PROGRAM-DATE-TIME is ignored', () => {
    const playlist = media('046');
    expect(playlist.hasProgramDateTime).toBe(false);
    expect(dates(playlist.segments)).toEqual([undefined, undefined]);
  });

  it('047 (index.json repeats the 046 title; this is the low-latency playlist): dates from the text', () => {
    const playlist = media('047');
    expect(playlist.lowLatency).toBe(true);
    expect(playlist.segments.map((segment) => segment.sequence)).toEqual([...Array(8).keys()].map((n) => 1151226 + n));
    // 1151227 is dated 23:02:18.003, 1151232 (after the parts) 23:02:38.003; the rest are 4 s apart.
    expect(playlist.segments.map((segment) => iso(segment.programDateTime)?.slice(11))).toEqual([
      '23:02:14.003Z', '23:02:18.003Z', '23:02:22.003Z', '23:02:26.003Z', '23:02:30.003Z', '23:02:34.003Z',
      '23:02:38.003Z', '23:02:42.003Z',
    ]);
  });

  it('060: PROGRAM-DATE-TIME across discontinuities of an fMP4 playlist', () => {
    const { segments } = media('060', 'http://foo.com/adaptive/test.m3u8');
    expect(segments).toHaveLength(22);
    let expected = 1636514824000;
    for (const segment of segments.slice(17)) {
      expect(segment.programDateTime).toBeCloseTo(expected, 6);
      expected += segment.duration * 1000;
    }
  });

  it('052: EXT-X-GAP marks the next segment only', () => {
    expect(media('052').segments.map((segment) => segment.gap)).toEqual([false, true, false]);
  });

  it('061: EXT-X-KEY applies until the next KEY; METHOD=NONE clears it', () => {
    const playlist = media('061', 'http://foo.com/adaptive/test.m3u8');
    expect(playlist.encrypted).toBe(true);
    expect(playlist.segments.map((segment) => segment.key?.method ?? 'clear')).toEqual([
      'clear', 'clear', 'SAMPLE-AES', 'SAMPLE-AES', 'clear', 'clear', 'SAMPLE-AES', 'SAMPLE-AES',
    ]);
  });

  it('063: EXT-X-SESSION-KEY', () => {
    expect(master('063', 'http://www.x.com').sessionKeys).toEqual([
      { method: 'SAMPLE-AES', uri: 'skd://a', iv: undefined, keyFormat: 'com.apple.streamingkeydelivery' },
      { method: 'SAMPLE-AES', uri: 'data:text/plain;base64,YQo=', iv: undefined, keyFormat: 'urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed' },
    ]);
  });

  it.each([
    ['064', { timeOffset: 300, precise: true }],
    ['065', { timeOffset: -30, precise: false }],
    ['066', undefined],
  ])('%s: EXT-X-START in a multivariant playlist', (number, start) => {
    expect(master(number, 'http://www.x.com').start).toEqual(start);
  });

  describe('where we are more tolerant than hls.js (it reports a playlistParsingError)', () => {
    it('077: a repeated EXT-X-TARGETDURATION keeps the last value', () => {
      expect(media('077').targetDuration).toBe(4);
    });

    it('086: an EXT-X-MEDIA-SEQUENCE after the first segment still numbers every segment', () => {
      expect(media('086').segments.map((segment) => segment.sequence)).toEqual([2, 3, 4]);
    });

    it('019/058: the WHATWG URL parser percent-encodes spaces in URIs (hls.js keeps them raw)', () => {
      expect(media('019', 'http://proxy.example/a/level.m3u8').segments[0]?.uri).toBe(
        'http://proxy.example/a/sample-mp4-file%E3%80%80_240p_00000.ts',
      );
      expect(media('058', 'http://dummy.url.com/playlist.m3u8').segments[0]?.uri).toBe(
        'http://dummy.url.com/180724_Allison%20VLOG-v3_00001.ts',
      );
    });
  });
});
