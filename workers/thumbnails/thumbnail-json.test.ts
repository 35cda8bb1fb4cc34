import { describe, expect, it } from 'vitest';
import { parseThumbnailJson } from './thumbnail-parser.ts';
import type { ThumbnailCue } from './thumbnail-types.ts';

const BASE = 'https://cdn.example/media/films/1/thumbs/thumbs.json';
const at = (path: string): string => new URL(path, BASE).href;

describe('parseThumbnailJson: list form', () => {
  it.each<[string, unknown, number | undefined, ThumbnailCue[]]>([
    [
      'sorts by startTime; each cue ends where the next starts, the last at Infinity',
      [
        { url: 'b.jpg', startTime: 10 },
        { url: 'a.jpg', startTime: 0 },
        { url: 'c.jpg', startTime: 5 },
      ],
      undefined,
      [
        { url: at('a.jpg'), startTime: 0, endTime: 5 },
        { url: at('c.jpg'), startTime: 5, endTime: 10 },
        { url: at('b.jpg'), startTime: 10, endTime: Infinity },
      ],
    ],
    [
      'the last cue ends at the duration',
      [{ url: 'a.jpg', startTime: 0 }, { url: 'b.jpg', startTime: 4 }],
      12,
      [
        { url: at('a.jpg'), startTime: 0, endTime: 4 },
        { url: at('b.jpg'), startTime: 4, endTime: 12 },
      ],
    ],
    [
      'a duration not after the last start leaves it open',
      [{ url: 'a.jpg', startTime: 4 }],
      4,
      [{ url: at('a.jpg'), startTime: 4, endTime: Infinity }],
    ],
    [
      'width, height and x/y make a sprite tile',
      [{ url: 'sprite.jpg', startTime: 0, width: 160, height: 90, x: 320, y: 90 }],
      undefined,
      [{ url: at('sprite.jpg'), startTime: 0, endTime: Infinity, width: 160, height: 90, coords: { x: 320, y: 90 } }],
    ],
    [
      'a #xywh fragment in the url gives the tile and is dropped from the url',
      [{ url: 'sprite.jpg#xywh=160,0,160,90', startTime: 0 }],
      undefined,
      [{ url: at('sprite.jpg'), startTime: 0, endTime: Infinity, width: 160, height: 90, coords: { x: 160, y: 0 } }],
    ],
    [
      'x without y, or non-numeric sizes, are left out',
      [{ url: 'a.jpg', startTime: 0, x: 5, width: '160', height: -1 }],
      undefined,
      [{ url: at('a.jpg'), startTime: 0, endTime: Infinity }],
    ],
  ])('%s', (_name, data, duration, expected) => {
    expect(parseThumbnailJson(data, BASE, duration)).toStrictEqual(expected);
  });

  it.each<[string, unknown]>([
    ['url is a number', { url: 42, startTime: 1 }],
    ['url is null', { url: null, startTime: 1 }],
    ['url is missing', { startTime: 1 }],
    ['url is empty', { url: ' ', startTime: 1 }],
    ['startTime is a string', { url: 'x.jpg', startTime: '1' }],
    ['startTime is missing', { url: 'x.jpg' }],
    ['startTime is null', { url: 'x.jpg', startTime: null }],
    ['the item is a string', 'x.jpg'],
    ['the item is null', null],
    ['the item is an array', ['x.jpg', 1]],
    ['the fragment is malformed', { url: 'x.jpg#xywh=1,2,3', startTime: 1 }],
  ])('ignores an item when %s (SPEC.md section 5)', (_name, bad) => {
    const cues = parseThumbnailJson([{ url: 'ok.jpg', startTime: 0 }, bad, { url: 'ok2.jpg', startTime: 2 }], BASE);
    expect(cues.map((cue) => [cue.url, cue.startTime, cue.endTime])).toStrictEqual([
      [at('ok.jpg'), 0, 2],
      [at('ok2.jpg'), 2, Infinity],
    ]);
  });
});

describe('parseThumbnailJson: sprite form', () => {
  const sprite = (tiles: unknown[], extra: Record<string, unknown> = {}): unknown => ({
    url: 'sprite.jpg',
    tileWidth: 160,
    tileHeight: 90,
    tiles,
    ...extra,
  });
  const tile = (x: number, y: number, startTime: number, endTime: number): ThumbnailCue => ({
    url: at('sprite.jpg'),
    startTime,
    endTime,
    width: 160,
    height: 90,
    coords: { x, y },
  });

  it.each<[string, unknown, ThumbnailCue[]]>([
    [
      'reads startTime and start, sorted',
      sprite([{ x: 160, y: 0, start: 5 }, { x: 0, y: 0, startTime: 0 }]),
      [tile(0, 0, 0, 5), tile(160, 0, 5, 20)],
    ],
    [
      'startTime wins over start',
      sprite([{ x: 0, y: 0, startTime: 3, start: 9 }]),
      [tile(0, 0, 3, 20)],
    ],
    [
      'ignores tiles without numeric x/y or start',
      sprite([
        { x: 0, y: 0, startTime: 0 },
        { x: '160', y: 0, startTime: 5 },
        { y: 0, startTime: 6 },
        { x: 320, y: null, startTime: 7 },
        { x: 480, y: 0, start: '8' },
        { x: 640, y: 0 },
        null,
        { x: 800, y: 90, start: 10 },
      ]),
      [tile(0, 0, 0, 10), tile(800, 90, 10, 20)],
    ],
    ['a non-string url gives nothing', sprite([{ x: 0, y: 0, startTime: 0 }], { url: 7 }), []],
    ['tiles that are not an array give nothing', sprite([], { tiles: { x: 0 } }), []],
    [
      'missing tile sizes are left out',
      sprite([{ x: 0, y: 0, startTime: 0 }], { tileWidth: undefined, tileHeight: 'big' }),
      [{ url: at('sprite.jpg'), startTime: 0, endTime: 20, coords: { x: 0, y: 0 } }],
    ],
  ])('%s', (_name, data, expected) => {
    expect(parseThumbnailJson(data, BASE, 20)).toStrictEqual(expected);
  });

  it.each([null, 'sprite.jpg', 3, {}, { tiles: [] }])('gives no cues for %j', (data) => {
    expect(parseThumbnailJson(data, BASE)).toStrictEqual([]);
  });
});

describe('parseThumbnailJson: URL resolution against the thumbnails file', () => {
  it.each([
    ['sprite.jpg', 'https://cdn.example/media/films/1/thumbs/sprite.jpg'],
    ['img/a b.jpg', 'https://cdn.example/media/films/1/thumbs/img/a%20b.jpg'],
    ['../poster.jpg', 'https://cdn.example/media/films/1/poster.jpg'],
    ['/static/x.jpg', 'https://cdn.example/static/x.jpg'],
    ['//img.example/x.jpg', 'https://img.example/x.jpg'],
    ['http://other.example/x.jpg?v=2', 'http://other.example/x.jpg?v=2'],
    ['sprite%201.jpg', 'https://cdn.example/media/films/1/thumbs/sprite%201.jpg'],
  ])('%s → %s', (url, expected) => {
    expect(parseThumbnailJson([{ url, startTime: 0 }], BASE)[0]?.url).toBe(expected);
    expect(parseThumbnailJson({ url, tiles: [{ x: 0, y: 0, start: 0 }] }, BASE)[0]?.url).toBe(expected);
  });
});
