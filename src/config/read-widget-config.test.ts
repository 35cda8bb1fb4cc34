import { describe, expect, it } from 'vitest';
import { ConfigError, mergeConfig } from './merge-config.ts';
import { parseMovieId, readWidgetConfig } from './read-widget-config.ts';
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
      apiBaseUrl: 'https://api.example/catalog-api',
      adListUrl: '/ads.json',
      fullscreenMode: 'stretch',
      errorProject: 'partner',
      langOrder: ['en', 'ru'],
      movieId: 2,
      engine: undefined,
      dashLibraryUrl: undefined,
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

  it('reads the repeatable lang_order query parameter in order', () => {
    const config = readWidgetConfig(rootWith({ langOrder: 'ru' }), undefined, '?lang_order=en&lang_order=de,fr');
    expect(config.langOrder).toEqual(['en', 'de', 'fr']);
  });

  it('keeps the defaults (error project "other") when nothing is given', () => {
    expect(readWidgetConfig(rootWith({}), undefined, '')).toEqual(createDefaultConfig());
    expect(createDefaultConfig().errorProject).toBe('other');
  });

  it('rejects a host global with an unknown key or a wrong type, naming the key', () => {
    expect(() => readWidgetConfig(rootWith({}), { moveId: 1 }, '')).toThrow(/Unknown player setting "moveId"/);
    expect(() => readWidgetConfig(rootWith({ fullscreenMode: 'huge' }), undefined, '')).toThrow(ConfigError);
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

describe('mergeConfig', () => {
  it('returns a fresh object each time, so one player cannot change another', () => {
    const first = mergeConfig();
    first.langOrder.push('xx');
    expect(mergeConfig().langOrder).toEqual([]);
  });
});
