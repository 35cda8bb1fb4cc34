import { describe, expect, it } from 'vitest';
import { parseThumbnailVtt } from './thumbnail-parser.ts';
import type { ThumbnailCue } from './thumbnail-types.ts';
import { parseVttTimestamp } from './thumbnail-vtt.ts';

const BASE = 'https://cdn.example/media/films/1/thumbs/thumbs.vtt';
const SPRITE = 'https://cdn.example/media/films/1/thumbs/sprite.jpg';
const tile = (startTime: number, endTime: number, x = 0, y = 0, w = 160, h = 90): ThumbnailCue => ({
  url: SPRITE,
  startTime,
  endTime,
  width: w,
  height: h,
  coords: { x, y },
});
const vtt = (...lines: string[]): string => lines.join('\n');

describe('parseVttTimestamp', () => {
  it.each<[string, number]>([
    ['00:00.000', 0],
    ['01:02.500', 62.5],
    ['00:00:05.000', 5],
    ['01:02:03.004', 3723.004],
    ['100:00:00.000', 360000],
    ['0:00:01.000', 1],
    ['00:59:59.999', 3599.999],
  ])('%s is %d s', (text, seconds) => {
    expect(parseVttTimestamp(text)).toBeCloseTo(seconds, 6);
  });

  it.each(['00:00.00', '00:00.0000', '0:00.000', '00:60.000', '00:60:00.000', '120:00.000', '00:00', '-00:01.000', 'aa:bb.ccc', '', '00:00,000'])(
    'rejects %j',
    (text) => {
      expect(parseVttTimestamp(text)).toBeNaN();
    },
  );
});

describe('parseThumbnailVtt', () => {
  it.each<[string, string, ThumbnailCue[]]>([
    ['hh:mm:ss timestamps and #xywh', vtt('WEBVTT', '', '00:00:00.000 --> 00:00:05.000', 'sprite.jpg#xywh=0,0,160,90'), [tile(0, 5)]],
    ['mm:ss timestamps', vtt('WEBVTT', '', '00:05.000 --> 01:30.000', 'sprite.jpg#xywh=160,90,160,90'), [tile(5, 90, 160, 90)]],
    ['the pixel: unit', vtt('WEBVTT', '', '00:00.000 --> 00:01.000', 'sprite.jpg#xywh=pixel:16,9,80,45'), [tile(0, 1, 16, 9, 80, 45)]],
    ['a whole image without a fragment', vtt('WEBVTT', '', '00:00.000 --> 00:01.000', 'sprite.jpg'), [{ url: SPRITE, startTime: 0, endTime: 1 }]],
    ['BOM and CRLF', '\uFEFFWEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\nsprite.jpg#xywh=0,0,160,90\r\n', [tile(0, 1)]],
    ['lone CR line endings', 'WEBVTT\r\r00:00.000 --> 00:01.000\rsprite.jpg#xywh=0,0,160,90', [tile(0, 1)]],
    ['a header with text and metadata', vtt('WEBVTT - thumbnails', 'Kind: metadata', '', '00:00.000 --> 00:01.000', 'sprite.jpg#xywh=0,0,160,90'), [tile(0, 1)]],
    ['an arrow inside the header is not a cue', vtt('WEBVTT', '00:00.000 --> 00:01.000', 'a.jpg', '', '00:01.000 --> 00:02.000', 'sprite.jpg#xywh=0,0,160,90'), [tile(1, 2)]],
    ['cue identifiers', vtt('WEBVTT', '', '1', '00:00.000 --> 00:01.000', 'sprite.jpg#xywh=0,0,160,90', '', 'thumb-2', '00:01.000 --> 00:02.000', 'sprite.jpg#xywh=160,0,160,90'), [tile(0, 1), tile(1, 2, 160)]],
    ['NOTE, STYLE and REGION blocks', vtt('WEBVTT', '', 'NOTE made by ffmpeg', 'two lines', '', 'STYLE', '::cue { color: red }', '', 'REGION', 'id:r1', '', 'NOTE', '', '00:00.000 --> 00:01.000', 'sprite.jpg#xywh=0,0,160,90'), [tile(0, 1)]],
    ['cue settings after the end time', vtt('WEBVTT', '', '00:00.000 --> 00:01.000 align:start line:0', 'sprite.jpg#xywh=0,0,160,90'), [tile(0, 1)]],
    ['many blank lines and padding', vtt('WEBVTT', '', '', '', '  00:00.000   -->\t00:01.000  ', '  sprite.jpg#xywh=0,0,160,90  ', '', '', ''), [tile(0, 1)]],
    ['no space around the arrow', vtt('WEBVTT', '', '00:00.000-->00:01.000', 'sprite.jpg#xywh=0,0,160,90'), [tile(0, 1)]],
    ['an arrow line in a payload starts the next cue', vtt('WEBVTT', '', '00:00.000 --> 00:01.000', 'sprite.jpg#xywh=0,0,160,90', '00:01.000 --> 00:02.000', 'sprite.jpg#xywh=160,0,160,90'), [tile(0, 1), tile(1, 2, 160)]],
    ['only the first payload line is the image', vtt('WEBVTT', '', '00:00.000 --> 00:01.000', 'sprite.jpg#xywh=0,0,160,90', 'other.jpg'), [tile(0, 1)]],
    ['cues sorted by start time', vtt('WEBVTT', '', '00:05.000 --> 00:10.000', 'sprite.jpg#xywh=160,0,160,90', '', '00:00.000 --> 00:05.000', 'sprite.jpg#xywh=0,0,160,90'), [tile(0, 5), tile(5, 10, 160)]],
    ['urls resolved against the file, encoding kept', vtt('WEBVTT', '', '00:00.000 --> 00:01.000', '../img/my%20sprite.jpg#xywh=0,0,10,10', '', '00:01.000 --> 00:02.000', 'https://img.example/s.jpg?v=1#xywh=0,0,10,10'), [
      { url: 'https://cdn.example/media/films/1/img/my%20sprite.jpg', startTime: 0, endTime: 1, width: 10, height: 10, coords: { x: 0, y: 0 } },
      { url: 'https://img.example/s.jpg?v=1', startTime: 1, endTime: 2, width: 10, height: 10, coords: { x: 0, y: 0 } },
    ]],
    ['an xywh among other fragment parts', vtt('WEBVTT', '', '00:00.000 --> 00:01.000', 'sprite.jpg#t=3&xywh=pixel%3A0,0,160,90'), [tile(0, 1)]],
  ])('%s', (_name, text, expected) => {
    expect(parseThumbnailVtt(text, BASE)).toStrictEqual(expected);
  });

  const GOOD = vtt('00:10.000 --> 00:20.000', 'sprite.jpg#xywh=0,0,160,90');
  it.each<[string, string]>([
    ['two-digit fraction', vtt('00:00.00 --> 00:01.000', 'a.jpg')],
    ['minutes over 59', vtt('00:60.000 --> 01:01.000', 'a.jpg')],
    ['end before start', vtt('00:05.000 --> 00:01.000', 'a.jpg')],
    ['a missing end time', vtt('00:00.000 -->', 'a.jpg')],
    ['words for times', vtt('start --> end', 'a.jpg')],
    ['an empty payload', vtt('00:00.000 --> 00:01.000')],
    ['caption text as payload', vtt('00:00.000 --> 00:01.000', 'Hello there')],
    ['three xywh values', vtt('00:00.000 --> 00:01.000', 'a.jpg#xywh=0,0,160')],
    ['percent units', vtt('00:00.000 --> 00:01.000', 'a.jpg#xywh=percent:0,0,50,50')],
    ['a zero width', vtt('00:00.000 --> 00:01.000', 'a.jpg#xywh=0,0,0,90')],
    ['negative coordinates', vtt('00:00.000 --> 00:01.000', 'a.jpg#xywh=-1,0,10,10')],
    ['an unresolvable url', vtt('00:00.000 --> 00:01.000', 'http://[bad/a.jpg')],
    ['an identifier without timing', vtt('id', 'a.jpg')],
  ])('skips a cue with %s and keeps the others', (_name, bad) => {
    expect(parseThumbnailVtt(vtt('WEBVTT', '', bad, '', GOOD), BASE)).toStrictEqual([tile(10, 20)]);
  });

  it.each(['', 'WEBVTTX\n\n00:00.000 --> 00:01.000\na.jpg', 'NOT VTT\n\n00:00.000 --> 00:01.000\na.jpg', '[]', '\0\0\0', 'WEBVTT', 'WEBVTT\n\n-->\n-->', 'WEBVTT\n\n00:00.000 --> 00:01.000\n#xywh=%E0%A4%A'])(
    'gives no cues for %j',
    (text) => {
      expect(parseThumbnailVtt(text, BASE)).toStrictEqual([]);
    },
  );
});
