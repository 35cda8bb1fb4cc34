import { describe, expect, it } from 'vitest';
import { parsePlaylist } from './playlist-parser.ts';
import type { MasterPlaylist, MediaPlaylist, Playlist } from './playlist-types.ts';
import { engineSupport, masterSupport } from './stream-type.ts';

const BASE = 'https://cdn.example/vod/film/index.m3u8';

function parse(lines: string[]): Playlist {
  const result = parsePlaylist(['#EXTM3U', ...lines].join('\n'), BASE);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function media(lines: string[]): MediaPlaylist {
  const playlist = parse(lines);
  if (playlist.kind !== 'media') throw new Error('not a media playlist');
  return playlist;
}

function master(lines: string[]): MasterPlaylist {
  const playlist = parse(lines);
  if (playlist.kind !== 'master') throw new Error('not a multivariant playlist');
  return playlist;
}

const VOD = ['#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD'];
const segment = (uri: string) => ['#EXTINF:4,', uri];
const vod = (...lines: string[]) => [...VOD, ...lines, ...segment('seg-1.ts'), '#EXT-X-ENDLIST'];

describe('engineSupport', () => {
  it.each<[string, string[]]>([
    ['MPEG-TS VOD', vod()],
    ['fMP4 VOD', [...VOD, '#EXT-X-MAP:URI="init.mp4"', ...segment('seg-1.m4s'), ...segment('seg-2.m4s'), '#EXT-X-ENDLIST']],
    ['untyped list with ENDLIST', ['#EXT-X-TARGETDURATION:4', ...segment('a.ts'), '#EXT-X-ENDLIST']],
    ['VOD type without ENDLIST', [...VOD, ...segment('a.ts')]],
    ['.mp4 / .m4v / .m4a / .aac segments', [...VOD, ...['a.mp4', 'b.m4v', 'c.m4a', 'd.aac'].flatMap(segment), '#EXT-X-ENDLIST']],
    ['upper-case extension, query and fragment', [...VOD, ...segment('A.TS?token=1.webm'), ...segment('b.m4s#t=1.vtt'), '#EXT-X-ENDLIST']],
    ['EXT-X-KEY METHOD=NONE', vod('#EXT-X-KEY:METHOD=NONE')],
    ['byte ranges of one file', [...VOD, '#EXT-X-BYTERANGE:1000@0', ...segment('all.ts'), '#EXT-X-BYTERANGE:1000', ...segment('all.ts')]],
  ])('accepts: %s', (_name, lines) => {
    expect(engineSupport(media(lines))).toEqual({ supported: true });
  });

  it.each<[string, string[], RegExp]>([
    ['live sliding window', ['#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:100', ...segment('a.ts')], /^live playlist/],
    ['EVENT still growing', ['#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:EVENT', ...segment('a.ts')], /^live playlist/],
    ['AES-128', vod('#EXT-X-KEY:METHOD=AES-128,URI="key.bin"'), /^encrypted segments/],
    ['SAMPLE-AES', vod('#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k",KEYFORMAT="com.apple.streamingkeydelivery"'), /^encrypted segments/],
    ['encrypted only after a clear part', [...vod(), '#EXT-X-KEY:METHOD=AES-128,URI="k"', ...segment('b.ts')], /^encrypted segments/],
    ['LL-HLS parts', vod('#EXT-X-PART-INF:PART-TARGET=1.0', '#EXT-X-PART:DURATION=1.0,URI="p.0.ts"'), /^low-latency HLS/],
    ['EXT-X-SERVER-CONTROL', vod('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES'), /^low-latency HLS/],
    ['EXT-X-DEFINE', vod('#EXT-X-DEFINE:NAME="x",VALUE="1"'), /^variable substitution/],
    ['I-frame-only', vod('#EXT-X-I-FRAMES-ONLY'), /^I-frame-only playlist/],
    ['no segments', [...VOD, '#EXT-X-ENDLIST'], /no segments/],
    ['WebM segments', [...VOD, ...segment('a.webm'), '#EXT-X-ENDLIST'], /unsupported segment type "\.webm"/],
    ['WebVTT segments', [...VOD, ...segment('subs/1.vtt'), '#EXT-X-ENDLIST'], /unsupported segment type "\.vtt"/],
    ['no extension', [...VOD, ...segment('chunk?id=1'), '#EXT-X-ENDLIST'], /unsupported segment type without an extension/],
    ['a dot in a folder name only', [...VOD, ...segment('v1.0/chunk'), '#EXT-X-ENDLIST'], /unsupported segment type without an extension/],
    ['one MP3 among TS', [...VOD, ...segment('a.ts'), ...segment('b.mp3'), '#EXT-X-ENDLIST'], /"\.mp3" \(https:\/\/cdn\.example\/vod\/film\/b\.mp3\)/],
  ])('declines: %s', (_name, lines, reason) => {
    const verdict = engineSupport(media(lines));
    expect(verdict.supported).toBe(false);
    expect(verdict.supported ? '' : verdict.reason).toMatch(reason);
  });

  it('gives the live reason first when a playlist has several', () => {
    const verdict = engineSupport(media(['#EXT-X-TARGETDURATION:4', '#EXT-X-KEY:METHOD=AES-128,URI="k"', ...segment('a.webm')]));
    expect(verdict).toEqual({ supported: false, reason: expect.stringMatching(/^live playlist/) });
  });
});

const variant = (attributes: string, uri = 'v/index.m3u8') => [`#EXT-X-STREAM-INF:BANDWIDTH=500000${attributes}`, uri];

describe('masterSupport', () => {
  it.each<[string, string[]]>([
    ['avc1 + mp4a', variant(',CODECS="avc1.64001f,mp4a.40.2"')],
    ['avc3 + mp4a', variant(',CODECS="avc3.4d401e,mp4a.40.5"')],
    ['video only avc1', variant(',CODECS="avc1.42e01e"')],
    ['no CODECS', variant('')],
    ['one HEVC variant and one H.264 variant', [...variant(',CODECS="hvc1.2.4.L123.B0"', 'hevc.m3u8'), ...variant(',CODECS="avc1.64001f"', 'avc.m3u8')]],
    ['upper-case codec names', variant(',CODECS="AVC1.64001F,MP4A.40.2"')],
    ['EXT-X-SESSION-KEY METHOD=NONE', ['#EXT-X-SESSION-KEY:METHOD=NONE', ...variant('')]],
  ])('accepts: %s', (_name, lines) => {
    expect(masterSupport(master(lines))).toEqual({ supported: true });
  });

  it.each<[string, string[], RegExp]>([
    ['HEVC only', variant(',CODECS="hvc1.2.4.L123.B0,mp4a.40.2"'), /no variant with H\.264\/AAC codecs .*found: hvc1\.2\.4\.L123\.B0, mp4a\.40\.2/],
    ['H.264 with E-AC-3 audio', variant(',CODECS="avc1.64001f,ec-3"'), /no variant with H\.264\/AAC/],
    ['AV1 and Dolby Vision', [...variant(',CODECS="av01.0.05M.08"', 'a.m3u8'), ...variant(',CODECS="dvh1.05.01"', 'b.m3u8')], /no variant/],
    ['renditions but no variant', ['#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",URI="en.m3u8"'], /has no variants/],
    ['EXT-X-SESSION-KEY', ['#EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://a"', ...variant('')], /^encrypted stream/],
    ['EXT-X-DEFINE', ['#EXT-X-DEFINE:NAME="host",VALUE="cdn"', ...variant('', 'https://{$host}/v.m3u8')], /^variable substitution/],
  ])('declines: %s', (_name, lines, reason) => {
    const verdict = masterSupport(master(lines));
    expect(verdict.supported).toBe(false);
    expect(verdict.supported ? '' : verdict.reason).toMatch(reason);
  });
});
