import { describe, expect, it } from 'vitest';
import { parseThumbnails } from './thumbnail-parser.ts';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:05.000\nsprite.jpg#xywh=0,0,160,90\n';
const JSON_LIST = '[{"url":"a.jpg","startTime":0},{"url":"b.jpg","startTime":5}]';
const JSON_SPRITE = '{"url":"sprite.jpg","tileWidth":160,"tileHeight":90,"tiles":[{"x":0,"y":0,"start":0}]}';
const URL_VTT = 'https://cdn.example/t/thumbs.vtt';
const URL_JSON = 'https://cdn.example/t/thumbs.json';
const URL_BARE = 'https://cdn.example/t/thumbs';

describe('parseThumbnails: format detection', () => {
  it.each<[string, string, string | null, string, number]>([
    ['VTT by content type', VTT, 'text/vtt; charset=utf-8', URL_BARE, 1],
    ['VTT sent as octet-stream from a .json URL', VTT, 'application/octet-stream', URL_JSON, 1],
    ['VTT with BOM and leading blank lines', '\uFEFF\n  ' + VTT, null, URL_BARE, 1],
    ['JSON list by content type', JSON_LIST, 'application/json', URL_BARE, 2],
    ['JSON sprite as text/plain', JSON_SPRITE, 'text/plain', URL_VTT, 1],
    ['JSON with BOM and whitespace', '\uFEFF \n' + JSON_LIST, null, URL_BARE, 2],
    ['JSON with all items ignored', '[{"url":1,"startTime":"0"}]', 'application/json', URL_JSON, 0],
    ['VTT without image cues', 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello world\n', 'text/vtt', URL_VTT, 0],
  ])('%s', (_name, text, contentType, url, count) => {
    const result = parseThumbnails(text, contentType, url);
    expect(result.ok && result.value.length).toBe(count);
  });

  it('resolves images against the file URL and closes JSON with the duration', () => {
    const result = parseThumbnails(JSON_LIST, 'application/json', URL_JSON, 9);
    expect(result).toStrictEqual({
      ok: true,
      value: [
        { url: 'https://cdn.example/t/a.jpg', startTime: 0, endTime: 5 },
        { url: 'https://cdn.example/t/b.jpg', startTime: 5, endTime: 9 },
      ],
    });
  });

  it.each<[string, string, string | null, string, RegExp]>([
    ['invalid JSON', '{"url": "sprite.jpg", tiles: [}', 'application/json', URL_JSON, /Invalid thumbnail JSON/],
    ['truncated JSON list', '[{"url":"a.jpg","startTime":0}', null, URL_BARE, /Invalid thumbnail JSON/],
    ['a JSON object of another shape', '{"thumbnails":[]}', 'application/json', URL_JSON, /neither a list nor a sprite/],
    ['a JSON string declared as JSON', '"thumbs"', 'application/json', URL_BARE, /Invalid thumbnail JSON/],
    ['HTML declared as VTT', '<html>404</html>', 'text/vtt', URL_BARE, /WEBVTT signature is missing/],
    ['garbage at a .vtt URL', 'garbage', null, URL_VTT, /WEBVTT signature is missing/],
    ['garbage at a .json URL with a query', 'garbage', null, `${URL_JSON}?v=3`, /Invalid thumbnail JSON/],
    ['garbage with no hint', 'garbage', 'text/plain', URL_BARE, /neither JSON nor WebVTT/],
    ['an empty body', '', null, URL_BARE, /neither JSON nor WebVTT/],
    ['a signature glued to text', 'WEBVTTX\n', null, URL_BARE, /neither JSON nor WebVTT/],
  ])('%s is an error Result', (_name, text, contentType, url, message) => {
    const result = parseThumbnails(text, contentType, url);
    expect(result).toMatchObject({
      ok: false,
      error: { category: 'thumbnails', code: 4, severity: 'recoverable', message: expect.stringMatching(message), detail: { url } },
    });
  });
});
