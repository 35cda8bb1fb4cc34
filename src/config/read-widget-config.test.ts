import { describe, expect, it } from 'vitest';
import { ConfigError, mergeConfig } from './merge-config.ts';
import { isOutOfRangeMovieId, parseMovieId, parseTimeCode } from '../contract/query-values.ts';
import { readWidgetConfig } from './read-widget-config.ts';
import { createDefaultConfig } from './widget-config.ts';

/** A stand-in for the root element: only its dataset is read. */
function rootWith(dataset: Record<string, string>): HTMLElement {
  return { dataset } as unknown as HTMLElement;
}

describe('readWidgetConfig', () => {
  it('takes the data attributes the server writes on the root element', () => {
    const config = readWidgetConfig(
      rootWith({ apiBaseUrl: 'https://api.example/catalog-api', adListUrl: '/ads.json', fullscreenMode: 'stretch', errorProject: 'partner', langOrder: 'en, ru' }),
      undefined,
      '?movie_id=2',
    );
    expect(config).toEqual({
      ...createDefaultConfig(),
      apiBaseUrl: 'https://api.example/catalog-api',
      adListUrl: '/ads.json',
      fullscreenMode: 'stretch',
      errorProject: 'partner',
      langOrder: ['en', 'ru'],
      movieId: 2,
    });
  });

  it('lets the page global fill movie_id when the query has none, and the query win when it has one', () => {
    expect(readWidgetConfig(rootWith({}), { movieId: 7 }, '').movieId).toBe(7);
    expect(readWidgetConfig(rootWith({}), { movieId: 7 }, '?movie_id=3').movieId).toBe(3);
  });

  it('reads the engine to prefer from the query, and refuses one that does not exist', () => {
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=1&engine=hls.js').engine).toBe('hls.js');
    expect(() => readWidgetConfig(rootWith({}), undefined, '?engine=flash')).toThrow(/engine/);
  });

  it('reads fullscreen_mode, the mode a host asks for through the SDK, and ignores anything else', () => {
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=1&fullscreen_mode=stretch').fullscreenMode).toBe('stretch');
    expect(readWidgetConfig(rootWith({ fullscreenMode: 'stretch' }), undefined, '?fullscreen_mode=native').fullscreenMode).toBe('native');
    expect(readWidgetConfig(rootWith({}), undefined, '?fullscreen_mode=huge').fullscreenMode).toBe('native');
  });

  it('reads the repeatable lang_order query parameter in order', () => {
    const config = readWidgetConfig(rootWith({ langOrder: 'ru' }), undefined, '?lang_order=en&lang_order=de,fr');
    expect(config.langOrder).toEqual(['en', 'de', 'fr']);
  });

  it('keeps the defaults (error project "other") when nothing is given', () => {
    expect(readWidgetConfig(rootWith({}), undefined, '')).toEqual(createDefaultConfig());
    expect(createDefaultConfig().errorProject).toBe('other');
  });

  it('takes request filters from the page global, and the SDK\'s from the fragment over them; never fails on them', () => {
    const filters = [{ type: 'query', params: { token: 't' } }];
    expect(readWidgetConfig(rootWith({}), { requestFilters: filters }, '?movie_id=1').requestFilters).toBe(filters);
    const fragment = `#request_filters=${encodeURIComponent('[{"type":"query","params":{"token":"sdk"}}]')}`;
    expect(readWidgetConfig(rootWith({}), { requestFilters: filters }, '?movie_id=1', '', fragment).requestFilters).toBe('[{"type":"query","params":{"token":"sdk"}}]');
    // What they hold is read by the engines, which leave out what is invalid: the player still opens.
    expect(readWidgetConfig(rootWith({}), { requestFilters: 'nonsense' }, '').requestFilters).toBe('nonsense');
  });

  it('rejects a host global with an unknown key or a wrong type, naming the key', () => {
    expect(() => readWidgetConfig(rootWith({}), { moveId: 1 }, '')).toThrow(/Unknown player setting "moveId"/);
    expect(() => readWidgetConfig(rootWith({ fullscreenMode: 'huge' }), undefined, '')).toThrow(ConfigError);
  });
});

describe('the player query parameters (SPEC.md sections 2 and 5)', () => {
  it('reads episode, season, variant, voice-over, time codes, flags and the user', () => {
    const config = readWidgetConfig(
      rootWith({}),
      undefined,
      '?movie_id=2&episode_id=204&season=2&episode=1&episode_variant_id=2012&voice_author=%D0%90%D0%B2%D1%82%D0%BE%D1%80&t=95&episode_time=30.9&auto_play=1&enabled_share&user_id=u-7',
    );
    expect(config).toMatchObject({
      episodeId: 204, season: 2, episode: 1, episodeVariantId: 2012, voiceAuthor: 'Автор',
      timeCode: 95, episodeTime: 30, autoPlay: true, enabledShare: true, userId: 'u-7', checkAvailability: true,
    });
  });

  it('turns availability checking off only when disable_checking_available is present', () => {
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=1&disable_checking_available').checkAvailability).toBe(false);
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=1').checkAvailability).toBe(true);
  });

  it('counts malformed values as not given instead of refusing to open', () => {
    const config = readWidgetConfig(rootWith({}), undefined, '?movie_id=1&episode_id=x&season=-1&t=1:30&episode_time=abc&auto_play=no');
    expect(config).toMatchObject({ movieId: 1, episodeId: undefined, season: undefined, timeCode: undefined, episodeTime: undefined, autoPlay: false });
  });

  it('reads season and episode from a shared link\'s path, which no other episode parameter overrules', () => {
    const shared = readWidgetConfig(rootWith({}), undefined, '?movie_id=2&t=75', '/embed/season-2/episode-1');
    expect(shared).toMatchObject({ season: 2, episode: 1, timeCode: 75 });
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=2&season=1&episode=3', '/embed/season-2/episode-1')).toMatchObject({ season: 2, episode: 1 });
    // A link shared from a player opened with episode_id=201 named S1E3 in its path: S1E3 it is.
    const fromOldLink = readWidgetConfig(rootWith({}), { episodeId: 202 }, '?movie_id=2&episode_id=201', '/embed/season-1/episode-3');
    expect(fromOldLink).toMatchObject({ episodeId: undefined, season: 1, episode: 3 });
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=2', '/embed/season-x/episode-1')).toMatchObject({ season: undefined, episode: undefined });
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=2', '/embed')).toMatchObject({ season: undefined, episode: undefined });
  });

  it('takes the ad settings from the page global: the ad list, the break deadline, the marking fallback', () => {
    const config = readWidgetConfig(rootWith({}), { adListUrl: '/ads.json', adBreakTimeoutMs: 3000, adMarking: { advertiser: 'ООО «Пример»', erid: 'abc' } }, '?movie_id=1');
    expect(config).toMatchObject({ adListUrl: '/ads.json', adBreakTimeoutMs: 3000, adMarking: { advertiser: 'ООО «Пример»', erid: 'abc' } });
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=1')).toMatchObject({ adBreakTimeoutMs: 8000, adMarking: undefined });
    expect(() => readWidgetConfig(rootWith({}), { adBreakTimeoutMs: 50 }, '')).toThrow(/adBreakTimeoutMs/);
    expect(() => readWidgetConfig(rootWith({}), { adMarking: { advertiser: 5 } }, '')).toThrow(/adMarking/);
    expect(() => readWidgetConfig(rootWith({}), { adMarking: { script: 'x' } }, '')).toThrow(/adMarking/);
  });

  it('takes extra request headers from the page global, and refuses ones that could break a request', () => {
    expect(readWidgetConfig(rootWith({}), { requestHeaders: { 'X-Partner': 'p-1' } }, '?movie_id=1').requestHeaders).toEqual({ 'X-Partner': 'p-1' });
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=1').requestHeaders).toEqual({});
    expect(() => readWidgetConfig(rootWith({}), { requestHeaders: { 'X-Partner': 'a\r\nX-Evil: 1' } }, '')).toThrow(/requestHeaders/);
    expect(() => readWidgetConfig(rootWith({}), { requestHeaders: { 'bad name': 'x' } }, '')).toThrow(/requestHeaders/);
    expect(() => readWidgetConfig(rootWith({}), { requestHeaders: ['X-A'] }, '')).toThrow(/requestHeaders/);
  });

  it('lets a host global set them, and refuses a wrong type there', () => {
    expect(readWidgetConfig(rootWith({}), { movieId: 2, episodeId: 203, enabledShare: true }, '')).toMatchObject({ episodeId: 203, enabledShare: true });
    expect(() => readWidgetConfig(rootWith({}), { timeCode: 'soon' }, '')).toThrow(/timeCode/);
  });
});

describe('parseTimeCode (SPEC.md section 5)', () => {
  it.each([
    ['90', 90],
    ['90.7', 90],
    ['0', 0],
    ['1:30', undefined],
    ['', undefined],
    ['.', undefined],
    ['-5', undefined],
    ['12abc', undefined],
  ])('%j gives %j', (value, expected) => {
    expect(parseTimeCode(value)).toBe(expected);
  });
});

describe('parseMovieId', () => {
  it.each([
    ['2', 2],
    ['0042', 42],
    ['abc', undefined],
    ['1.5', undefined],
    ['-3', undefined],
    ['0', undefined],
    ['', undefined],
    [null, undefined],
    ['12345678901', undefined],
  ])('movie_id=%j gives %j', (value, expected) => {
    expect(parseMovieId(value)).toBe(expected);
  });
});

describe('isOutOfRangeMovieId', () => {
  it.each([
    ['99999999999', true],
    ['2147483648', true],
    ['0', true],
    ['-3', true],
    ['2147483647', false],
    ['2', false],
    ['abc', false],
    ['1.5', false],
    ['', false],
    [null, false],
  ])('movie_id=%j: %j', (value, expected) => {
    expect(isOutOfRangeMovieId(value)).toBe(expected);
  });

  it('sets no id, and says why, for such an id from the query or a page global', () => {
    expect(readWidgetConfig(rootWith({}), { movieId: 7 }, '?movie_id=99999999999')).toMatchObject({ movieId: undefined, movieIdOutOfRange: true });
    expect(readWidgetConfig(rootWith({}), { movieId: 99999999999 }, '')).toMatchObject({ movieId: undefined, movieIdOutOfRange: true });
    expect(readWidgetConfig(rootWith({}), undefined, '?movie_id=abc')).toMatchObject({ movieId: undefined, movieIdOutOfRange: false });
  });
});

describe('mergeConfig', () => {
  it('returns a fresh object each time, so one player cannot change another', () => {
    const first = mergeConfig();
    first.langOrder.push('xx');
    expect(mergeConfig().langOrder).toEqual([]);
  });
});
