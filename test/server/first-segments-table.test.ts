import { describe, expect, it } from 'vitest';
import { firstSegmentsTable } from '../../server/widget/first-segments-table.ts';

// The table the server writes beside the carried playlists: the engine's levels in its order,
// each level's first segment (and init segment), the default audio's first segment.

const BASE = 'http://player.test/catalog-api/media/film';
const master = [
  '#EXTM3U',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Дубляж",LANGUAGE="ru",DEFAULT=NO,URI="audio/ru.m3u8"',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Original",LANGUAGE="en",DEFAULT=YES,URI="audio/en.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="aud"',
  'v720/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",AUDIO="aud"',
  'v360/index.m3u8',
  '',
].join('\n');
const media = (init: boolean, ranged: boolean) => [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  ...(init ? ['#EXT-X-MAP:URI="init.mp4"'] : []),
  '#EXTINF:4.0,',
  ...(ranged ? ['#EXT-X-BYTERANGE:1000@0', 'all.m4s'] : [init ? 'seg0.m4s' : 'seg0.ts']),
  '#EXTINF:4.0,',
  ...(ranged ? ['#EXT-X-BYTERANGE:1200@1000', 'all.m4s'] : [init ? 'seg1.m4s' : 'seg1.ts']),
  '#EXT-X-ENDLIST',
  '',
].join('\n');

describe('firstSegmentsTable', () => {
  it('lists the levels from the lowest bitrate up, each with its first segment, and the default audio\'s', () => {
    const table = firstSegmentsTable({
      [`${BASE}/master.m3u8`]: master,
      [`${BASE}/v720/index.m3u8`]: media(true, true),
      [`${BASE}/v360/index.m3u8`]: media(true, false),
      [`${BASE}/audio/en.m3u8`]: media(true, false),
      [`${BASE}/audio/ru.m3u8`]: media(true, false),
    });
    expect(table).toEqual({
      src: `${BASE}/master.m3u8`,
      levels: [
        { bitrate: 800000, width: 640, height: 360, codecs: 'avc1.64001e,mp4a.40.2', init: { url: `${BASE}/v360/init.mp4` }, segment: { url: `${BASE}/v360/seg0.m4s` } },
        { bitrate: 2500000, width: 1280, height: 720, codecs: 'avc1.64001f,mp4a.40.2', init: { url: `${BASE}/v720/init.mp4` }, segment: { url: `${BASE}/v720/all.m4s`, byteRange: { offset: 0, length: 1000 } } },
      ],
      audio: [{ label: 'Дубляж', language: 'ru' }, { label: 'Original', language: 'en' }],
      defaultAudio: 1,
      audioInit: { url: `${BASE}/audio/init.mp4` },
      audioSegment: { url: `${BASE}/audio/seg0.m4s` },
    });
  });

  it('leaves a level without a segment when its playlist is not carried, and MPEG-TS without init segments', () => {
    const table = firstSegmentsTable({ [`${BASE}/master.m3u8`]: master, [`${BASE}/v360/index.m3u8`]: media(false, false) });
    expect(table?.levels.map((level) => level.segment?.url)).toEqual([`${BASE}/v360/seg0.ts`, undefined]);
    expect(table?.levels[0]?.init).toBeUndefined();
    expect(table?.audioSegment).toBeUndefined();
  });

  it('is absent without a master playlist, or for a stream the engine would decline', () => {
    expect(firstSegmentsTable({})).toBeUndefined();
    expect(firstSegmentsTable({ [`${BASE}/v360/index.m3u8`]: media(false, false) })).toBeUndefined();
    const declined = master.replaceAll('avc1.64001e', 'dvh1.05.06').replaceAll('avc1.64001f', 'dvh1.05.06');
    expect(firstSegmentsTable({ [`${BASE}/master.m3u8`]: declined })).toBeUndefined();
  });
});
