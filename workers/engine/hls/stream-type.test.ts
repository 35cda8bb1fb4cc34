import { describe, expect, it } from 'vitest';
import { parsePlaylist } from './playlist-parser.ts';
import type { MediaPlaylist } from './playlist-types.ts';
import { hlsStreamType } from './stream-type.ts';
import type { StreamType } from './stream-type.ts';

function mediaPlaylist(tags: string[]): MediaPlaylist {
  const segments = ['#EXTINF:10,', 'a.ts', '#EXTINF:10,', 'b.ts'];
  const result = parsePlaylist(['#EXTM3U', ...tags, ...segments].join('\n'), 'https://cdn.example/live/index.m3u8');
  if (!result.ok || result.value.kind !== 'media') throw new Error('not a media playlist');
  return result.value;
}

// SPEC.md section 4: "HLS: VOD playlist type means on-demand; live with target duration >= 10 and
// a DVR tag or discontinuity means live:dvr."
describe('hlsStreamType', () => {
  it.each<[string, string[], StreamType]>([
    ['VOD with ENDLIST', ['#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-TARGETDURATION:10', '#EXT-X-ENDLIST'], 'on-demand'],
    ['VOD without ENDLIST', ['#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-TARGETDURATION:10'], 'on-demand'],
    ['untyped with ENDLIST', ['#EXT-X-TARGETDURATION:10', '#EXT-X-ENDLIST'], 'on-demand'],
    ['finished EVENT (ENDLIST)', ['#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-TARGETDURATION:10', '#EXT-X-ENDLIST'], 'on-demand'],
    ['EVENT, target 10', ['#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-TARGETDURATION:10'], 'live:dvr'],
    ['EVENT, target 12', ['#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-TARGETDURATION:12'], 'live:dvr'],
    ['EVENT, target 6', ['#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-TARGETDURATION:6'], 'live'],
    ['EVENT, target 9.5', ['#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-TARGETDURATION:9.5'], 'live'],
    ['EVENT, no target', ['#EXT-X-PLAYLIST-TYPE:EVENT'], 'live'],
    ['sliding window, discontinuity, target 10', ['#EXT-X-TARGETDURATION:10', '#EXT-X-MEDIA-SEQUENCE:120', '#EXT-X-DISCONTINUITY'], 'live:dvr'],
    ['sliding window, target 10', ['#EXT-X-TARGETDURATION:10', '#EXT-X-MEDIA-SEQUENCE:120'], 'live'],
    ['sliding window, discontinuity, target 6', ['#EXT-X-TARGETDURATION:6', '#EXT-X-DISCONTINUITY'], 'live'],
    ['sliding window, target 6', ['#EXT-X-TARGETDURATION:6'], 'live'],
    ['invalid PLAYLIST-TYPE, target 10', ['#EXT-X-PLAYLIST-TYPE:LIVE', '#EXT-X-TARGETDURATION:10'], 'live'],
  ])('%s → %s', (_name, tags, type) => {
    expect(hlsStreamType(mediaPlaylist(tags))).toBe(type);
  });
});
