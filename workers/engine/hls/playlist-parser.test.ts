import { describe, expect, it } from 'vitest';
import { parsePlaylist } from './playlist-parser.ts';
import type { MasterPlaylist, MediaPlaylist, Playlist } from './playlist-types.ts';

const BASE = 'https://cdn.example/vod/film/index.m3u8?token=abc';

function parse(text: string): Playlist {
  const result = parsePlaylist(text, BASE);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function media(...lines: string[]): MediaPlaylist {
  const playlist = parse(['#EXTM3U', ...lines].join('\n'));
  if (playlist.kind !== 'media') throw new Error('not a media playlist');
  return playlist;
}

function master(...lines: string[]): MasterPlaylist {
  const playlist = parse(['#EXTM3U', ...lines].join('\n'));
  if (playlist.kind !== 'master') throw new Error('not a multivariant playlist');
  return playlist;
}

const CLEAN = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4,', 'a.ts', '#EXTINF:4,', 'b.ts', '#EXT-X-ENDLIST'];

describe('parsePlaylist: errors are values', () => {
  it.each([
    ['an empty text', '', /empty or does not start with #EXTM3U/],
    ['a blank first line', '\n#EXTM3U\n', /empty or does not start with #EXTM3U/],
    ['an HTML error page', '<html><body>502</body></html>', /does not start with #EXTM3U \(first line: "<html>/],
    ['#EXTM3U glued to a tag', '#EXTM3U#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8', /does not start with #EXTM3U/],
    ['a DASH manifest', '<?xml version="1.0"?>\n<MPD/>', /does not start with #EXTM3U/],
    ['a segment URI that cannot be resolved', '#EXTM3U\n#EXTINF:4,\nhttp://[bad\n', /URI "http:\/\/\[bad" cannot be resolved/],
  ])('%s', (_name, text, message) => {
    const result = parsePlaylist(text, BASE);
    expect(result).toEqual({
      ok: false,
      error: { category: 'manifest', code: 4, severity: 'fatal', message: expect.stringMatching(message), detail: { url: BASE } },
    });
  });

  it('rejects a relative playlist URL', () => {
    expect(parsePlaylist(CLEAN.join('\n'), '/vod/index.m3u8')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not an absolute URL/) } });
  });

  it('never throws on random mixtures of playlist lines', () => {
    const pieces = [
      '#EXTM3U', '#EXTINF:', '#EXTINF:4,t', '#EXTINF:-1', '#EXT-X-BYTERANGE:', '#EXT-X-BYTERANGE:10@', '#EXT-X-BYTERANGE:@5',
      '#EXT-X-MAP:', '#EXT-X-MAP:URI=', '#EXT-X-MAP:URI="i.mp4",BYTERANGE="x"', '#EXT-X-KEY:', '#EXT-X-KEY:METHOD=AES-128,URI="',
      '#EXT-X-STREAM-INF:', '#EXT-X-STREAM-INF:BANDWIDTH=x,RESOLUTION=1x', '#EXT-X-MEDIA:TYPE=AUDIO', '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="',
      '#EXT-X-I-FRAME-STREAM-INF:URI="', '#EXT-X-PROGRAM-DATE-TIME:', '#EXT-X-PROGRAM-DATE-TIME:2020-13-45T99:99:99Z', '#EXT-X-SKIP:SKIPPED-SEGMENTS=',
      '#EXT-X-DISCONTINUITY', '#EXT-X-START:TIME-OFFSET=', '#EXT-X-TARGETDURATION:', '#EXT-X-MEDIA-SEQUENCE:-', '#', '', ' ', '\r', 'seg.ts',
      'http://[', '//', '?', '#EXT-X-DISCONTINUITY-SEQUENCE:1e9', '#EXT-X-SESSION-KEY:', '"', '=', ',', '\uFEFF', '\u0000',
    ];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let run = 0; run < 2000; run += 1) {
      const lines = ['#EXTM3U'];
      for (let count = Math.floor(random() * 30); count > 0; count -= 1) lines.push(pieces[Math.floor(random() * pieces.length)] ?? '');
      const text = lines.join(random() < 0.5 ? '\n' : '\r\n');
      expect(() => parsePlaylist(text, BASE), text).not.toThrow();
    }
  });
});

describe('parsePlaylist: tolerant reading', () => {
  const expected = parse(CLEAN.join('\n'));

  it.each([
    ['CRLF', CLEAN.join('\r\n')],
    ['CR only', CLEAN.join('\r')],
    ['a BOM', `\uFEFF${CLEAN.join('\n')}`],
    ['blank lines and a trailing newline', `${CLEAN.join('\n\n')}\n\n`],
    ['spaces and tabs around lines', CLEAN.map((line) => ` \t${line}  `).join('\n')],
    ['comments and unknown tags', [...CLEAN.slice(0, 2), '# a comment', '#EXT-X-FOO:BAR=1', '#EXTFOO', '#EXT-X-ALLOW-CACHE:YES', ...CLEAN.slice(2)].join('\n')],
  ])('%s', (_name, text) => {
    expect(parse(text)).toEqual(expected);
  });

  it('gives a plain-data result that survives structured cloning (postMessage)', () => {
    const playlist = media('#EXT-X-KEY:METHOD=AES-128,URI="k"', '#EXT-X-MAP:URI="i.mp4"', '#EXTINF:4,', 'a.m4s');
    expect(structuredClone(playlist)).toEqual(playlist);
  });
});

describe('parsePlaylist: media playlists', () => {
  it('resolves URIs against the playlist URL, dropping its query', () => {
    const { segments } = media('#EXTINF:4,', 'seg-1.ts', '#EXTINF:4,', '../other/seg 2.ts?x=1', '#EXTINF:4,', '/root.ts', '#EXTINF:4,', '//cdn2.example/c.ts');
    expect(segments.map((segment) => segment.uri)).toEqual([
      'https://cdn.example/vod/film/seg-1.ts', 'https://cdn.example/vod/other/seg%202.ts?x=1',
      'https://cdn.example/root.ts', 'https://cdn2.example/c.ts',
    ]);
  });

  it('reads EXTINF durations and titles; a URI without EXTINF lasts the target duration', () => {
    const { segments, totalDuration } = media('#EXTINF:4.5, Intro ', 'a.ts', '#EXTINF:.5', 'b.ts', '#EXT-X-TARGETDURATION:6', 'c.ts', '#EXTINF:bad,x', 'd.ts');
    expect(segments.map((segment) => [segment.duration, segment.title, segment.start])).toEqual([
      [4.5, 'Intro', 0], [0.5, undefined, 4.5], [6, undefined, 5], [6, 'x', 11],
    ]);
    expect(totalDuration).toBe(17);
  });

  it('continues a BYTERANGE without an offset after the previous range of the same resource', () => {
    const lines = ['#EXT-X-BYTERANGE:100@0', 'a.ts', '#EXT-X-BYTERANGE:50@0', 'b.ts', '#EXT-X-BYTERANGE:30', 'a.ts', '#EXT-X-BYTERANGE:20', 'c.ts'];
    const ranges = media(...lines.flatMap((line) => (line.endsWith('.ts') ? ['#EXTINF:1,', line] : [line]))).segments.map((s) => s.byteRange);
    // c.ts has no earlier range: it continues after the previous segment's, as hls.js and m3u8-parser do.
    expect(ranges).toEqual([{ offset: 0, length: 100 }, { offset: 0, length: 50 }, { offset: 100, length: 30 }, { offset: 130, length: 20 }]);
  });

  it('applies EXT-X-MAP, with its BYTERANGE, to the following segments until the next MAP', () => {
    const { segments } = media(
      '#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"', '#EXTINF:4,', 'a.m4s', '#EXTINF:4,', 'b.m4s',
      '#EXT-X-MAP:URI="init2.mp4"', '#EXTINF:4,', 'c.m4s',
    );
    expect(segments.map((segment) => segment.init)).toEqual([
      { uri: 'https://cdn.example/vod/film/init.mp4', byteRange: { offset: 0, length: 720 } },
      { uri: 'https://cdn.example/vod/film/init.mp4', byteRange: { offset: 0, length: 720 } },
      { uri: 'https://cdn.example/vod/film/init2.mp4', byteRange: undefined },
    ]);
  });

  it('applies EXT-X-KEY until the next KEY; METHOD=NONE clears it', () => {
    const playlist = media(
      '#EXTINF:4,', 'a.ts', '#EXT-X-KEY:METHOD=AES-128,URI="keys/1.bin",IV=0x0000000000000000000000000000000A', '#EXTINF:4,', 'b.ts',
      '#EXTINF:4,', 'c.ts', '#EXT-X-KEY:METHOD=NONE', '#EXTINF:4,', 'd.ts',
    );
    const key = { method: 'AES-128', uri: 'https://cdn.example/vod/film/keys/1.bin', iv: '0x0000000000000000000000000000000A', keyFormat: undefined };
    expect(playlist.segments.map((segment) => segment.key)).toEqual([undefined, key, key, undefined]);
    expect(playlist.encrypted).toBe(true);
  });

  it('numbers segments and discontinuities from the declared bases, wherever the tags stand', () => {
    const playlist = media(
      '#EXT-X-DISCONTINUITY', '#EXTINF:4,', 'a.ts', '#EXT-X-DISCONTINUITY', '#EXTINF:4,', 'b.ts',
      '#EXT-X-MEDIA-SEQUENCE:10', '#EXT-X-DISCONTINUITY-SEQUENCE:5', '#EXTINF:4,', 'c.ts',
    );
    // RFC 8216 section 4.3.3.3: the first listed segment has the declared discontinuity sequence.
    expect(playlist.segments.map((s) => [s.sequence, s.discontinuitySequence, s.discontinuity])).toEqual([
      [10, 5, true], [11, 6, true], [12, 6, false],
    ]);
    expect(playlist.hasDiscontinuity).toBe(true);
  });

  it('counts EXT-X-SKIP segments in the sequence numbers and flags low latency', () => {
    const playlist = media('#EXT-X-MEDIA-SEQUENCE:100', '#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=24', '#EXT-X-SKIP:SKIPPED-SEGMENTS=5', '#EXTINF:4,', 'a.ts');
    expect(playlist.segments[0]?.sequence).toBe(105);
    expect(playlist.lowLatency).toBe(true);
  });

  it.each([
    ['2016-06-22T09:20:16.166-04:00', Date.UTC(2016, 5, 22, 13, 20, 16, 166)],
    ['2016-06-22T13:20:16.166Z', Date.UTC(2016, 5, 22, 13, 20, 16, 166)],
    ['2016-06-22T16:20:16+03:00', Date.UTC(2016, 5, 22, 13, 20, 16)],
    ['2016-06-22T16:20:16+0300', Date.UTC(2016, 5, 22, 13, 20, 16)],
    ['2016-06-22T13:20:16.1666666', Date.UTC(2016, 5, 22, 13, 20, 16, 167)],
    ['2016-06-22t13:20:16z', Date.UTC(2016, 5, 22, 13, 20, 16)],
    ['2016-13-22T13:20:16Z', undefined],
    ['2016-06-22', undefined],
    ['1466601616166', undefined],
  ])('reads EXT-X-PROGRAM-DATE-TIME %s', (value, time) => {
    const playlist = media(`#EXT-X-PROGRAM-DATE-TIME:${value}`, '#EXTINF:4,', 'a.ts');
    expect(playlist.segments[0]?.programDateTime).toBe(time);
    expect(playlist.hasProgramDateTime).toBe(time !== undefined);
  });

  it('reads the playlist-level tags', () => {
    const playlist = media(
      '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-START:TIME-OFFSET=-12.5,PRECISE=YES', '#EXT-X-I-FRAMES-ONLY', '#EXT-X-DEFINE:NAME="a",VALUE="b"', '#EXT-X-GAP', '#EXTINF:4,', 'a.ts', '#EXT-X-ENDLIST',
    );
    expect(playlist).toMatchObject({
      version: 7, targetDuration: 6, playlistType: 'EVENT', independentSegments: true, start: { timeOffset: -12.5, precise: true },
      iFramesOnly: true, usesVariables: true, endList: true, lowLatency: false, encrypted: false,
    });
    expect(playlist.segments[0]?.gap).toBe(true);
  });
});

describe('parsePlaylist: multivariant playlists', () => {
  it.each([
    ['EXT-X-STREAM-INF', ['#EXT-X-STREAM-INF:BANDWIDTH=1', 'v.m3u8']],
    ['EXT-X-I-FRAME-STREAM-INF only', ['#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="i.m3u8"']],
    ['EXT-X-MEDIA only', ['#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",URI="en.m3u8"']],
  ])('is multivariant with %s', (_name, lines) => {
    expect(parse(['#EXTM3U', ...lines].join('\n')).kind).toBe('master');
  });

  it('reads variants, I-frame variants and renditions', () => {
    const playlist = master(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Русские",LANGUAGE="ru",ASSOC-LANGUAGE="en",FORCED=YES,CHARACTERISTICS="public.accessibility",URI="subs/ru.m3u8"',
      '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1",DEFAULT=YES',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="no-name.m3u8"',
      '#EXT-X-MEDIA:TYPE=TEXT,GROUP-ID="a",NAME="bad type"',
      '#EXT-X-STREAM-INF:BANDWIDTH=640000,AVERAGE-BANDWIDTH=560000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=25.000,SUBTITLES="subs",CLOSED-CAPTIONS="cc",VIDEO="v"',
      'v720/index.m3u8',
      '#EXT-X-STREAM-INF:RESOLUTION=wide',
      '# a comment between the tag and its URI',
      'https://other.example/v.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,CODECS="avc1.64001f",URI="iframes.m3u8"',
    );
    expect(playlist.variants).toEqual([
      {
        uri: 'https://cdn.example/vod/film/v720/index.m3u8', bandwidth: 640000, averageBandwidth: 560000, codecs: ['avc1.64001f', 'mp4a.40.2'],
        resolution: { width: 1280, height: 720 }, frameRate: 25, audioGroup: undefined, subtitleGroup: 'subs', closedCaptions: 'cc', videoGroup: 'v',
      },
      expect.objectContaining({ uri: 'https://other.example/v.m3u8', bandwidth: 0, codecs: [], resolution: undefined }),
    ]);
    expect(playlist.iFrameVariants).toEqual([expect.objectContaining({ uri: 'https://cdn.example/vod/film/iframes.m3u8', bandwidth: 90000 })]);
    expect(playlist.renditions).toEqual([
      {
        type: 'SUBTITLES', groupId: 'subs', name: 'Русские', language: 'ru', assocLanguage: 'en', isDefault: false, autoselect: false,
        forced: true, uri: 'https://cdn.example/vod/film/subs/ru.m3u8', channels: undefined, characteristics: 'public.accessibility', instreamId: undefined,
      },
      expect.objectContaining({ type: 'CLOSED-CAPTIONS', instreamId: 'CC1', isDefault: true, autoselect: true, uri: undefined }),
    ]);
  });
});
